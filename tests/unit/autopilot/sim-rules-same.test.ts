import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../src-shared/attack'
import type { CommandPayload, CommandType } from '../../../src-shared/commands'
import type { CombatantRecord } from '../../../src-shared/records'
import type { Result } from '../../../src-shared/result'
import { playFight } from '../../../src-main/core/autopilot/fight-runner'
import { openingOdds } from '../../../src-main/core/autopilot/opening-odds'
import { SimTable } from '../../../src-main/core/autopilot/sim-table'
import { economySpend } from '../../../src-main/core/commands/consequences'
import type { Decision } from '../../../src-main/core/commands/decide-context'
import { seededSource, type RandomSource } from '../../../src-main/core/dice/random-source'
import { RecordStore } from '../../../src-main/core/state/record-store'
import { placedRulesCombatant } from '../../../src-main/core/state/rules-combatants'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { actionSpentRefusal, oneAction } from '../../../src-main/rules/d10-difficulty/turns/d10-economy'
import { fightingRulesets } from './fights'
import { randomFight } from './random-fights'

/**
 * Issue 35: the rulesets' own shortcuts for a simulation, checked on seeded random fights (1–4 a
 * side of the pack's ready-made NPCs, random health, half on a map at random places), played by
 * the policy on the full path so every attack it tries is seen:
 *
 * - `attacks.spentOut` (d20, 2d6, d10) promises that every attack the attacker could ask for now
 *   is refused before a die is rolled. Whenever it says so, every weapon × mode the attacker has
 *   against everyone else is decided on the fight as it stands: each must be refused, and the
 *   generator must not have been drawn from. The promise must be made often (not vacuous).
 * - d10's attack refuses a shot or strike in the attacker's own turn once its action is spent
 *   before rolling (`actionSpentRefusal`), in the core's own words: the refusal must be the one
 *   the core's `economySpend` gives for the same act (code and message), every time.
 *
 * Mutation check, by hand (2026-11-29): d20's `attacksSpentOut` answering true with one action
 * left, and 2d6's answering true in any turn, each failed within the first fights; d10's refusal
 * with "1 per turn" for "1 per round" failed at the first spent action.
 */

const FIGHTS = 120
const ROUND_CAP = 12

/** A generator that counts its draws. */
class CountingSource implements RandomSource {
  draws = 0
  constructor(private readonly source: RandomSource) {}
  next(): number {
    this.draws++
    return this.source.next()
  }
}

interface Seen {
  spentOut: number
  triedWhenSpent: number
  d10Refusals: number
  problems: string[]
}

class CheckedTable extends SimTable {
  private readonly probed = new WeakSet<CombatantRecord>()

  constructor(
    records: readonly unknown[],
    ruleset: Ruleset,
    random: RandomSource,
    private readonly seen: Seen,
  ) {
    super(records, ruleset, random, { fast: false })
  }

  override run<T extends CommandType>(type: T, payload: CommandPayload<T>): Result<Decision> {
    if (type === 'attack/resolve') this.check((payload as CommandPayload<'attack/resolve'>).request)
    const done = super.run(type, payload)
    if (type === 'attack/resolve' && !done.ok && done.error.code === 'economy/notEnough' && this.ruleset.id === 'd10-difficulty')
      this.seen.d10Refusals++
    return done
  }

  private check(request: AttackRequest): void {
    const attacker = this.store.get(request.attackerId) as CombatantRecord
    const rc = placedRulesCombatant(this.store, attacker)
    if (this.ruleset.id === 'd10-difficulty' && actionSpentRefusal(rc)) {
      const core = economySpend({ state: this.store, ruleset: this.ruleset }, attacker, { cost: oneAction })
      const own = actionSpentRefusal(rc)
      if (core.ok || core.error.code !== 'economy/notEnough' || core.error.message !== own)
        this.seen.problems.push(`d10 refusal "${own}" vs the core's ${JSON.stringify(core)}`)
    }
    // Probed once per attacker record (a record is replaced whenever it changes): the policy tries several modes in a row.
    if (!this.ruleset.attacks?.spentOut?.(rc) || this.probed.has(attacker)) return
    this.probed.add(attacker)
    this.seen.spentOut++
    const asked = placedRulesCombatant(this.store, this.store.get(request.targetId) as CombatantRecord)
    const listing = this.ruleset.attacks.preview({ ...request, weapon: 0, mode: '', options: {} }, rc, asked)
    const weapons = listing.ok ? listing.value.weapons : [{ index: request.weapon, name: '?', modes: [request.mode] }]
    for (const target of this.store.ofType('combatant')) {
      if (target.id === attacker.id) continue
      for (const w of weapons) {
        for (const mode of [...w.modes, '']) {
          const random = new CountingSource(seededSource(`probe:${this.seen.triedWhenSpent}`))
          const r = this.decide(
            'attack/resolve',
            { request: { attackerId: attacker.id, targetId: target.id, weapon: w.index, mode, options: {} } },
            random,
          )
          this.seen.triedWhenSpent++
          if (r.ok || random.draws > 0)
            this.seen.problems.push(
              `${attacker.name} spent out, yet ${w.name} ${mode || '(default)'} at ${target.name}: ${r.ok ? 'accepted' : r.error.message}, ${random.draws} draws`,
            )
        }
      }
    }
  }
}

const rulesets = (await fightingRulesets()).filter((r) => r.attacks?.spentOut)

describe("the rulesets' shortcuts for a simulation hold on random fights (issue 35)", () => {
  it('d20, 2d6 and d10 say when every attack is spent out', () => {
    expect(rulesets.map((r) => r.id).sort()).toEqual(['2d6-significant', 'd10-difficulty', 'd20-two-action'])
  })
  for (const ruleset of rulesets) {
    it(`${ruleset.name}: ${FIGHTS} random fights, every spent-out attack refused without a die`, { timeout: 90_000 }, () => {
      const seen: Seen = { spentOut: 0, triedWhenSpent: 0, d10Refusals: 0, problems: [] }
      for (let f = 0; f < FIGHTS; f++) {
        const seed = `${ruleset.id}-rules-${f}`
        const records = randomFight(ruleset, seed, f % 2 === 1)
        const table = new CheckedTable(records, ruleset, seededSource(seed), seen)
        playFight(table, openingOdds(ruleset, new RecordStore(records as never[])), { roundCap: ROUND_CAP })
        expect(seen.problems.slice(0, 5), `fight ${f}`).toEqual([])
      }
      expect(seen.spentOut).toBeGreaterThan(FIGHTS)
      expect(seen.triedWhenSpent).toBeGreaterThan(seen.spentOut)
      if (ruleset.id === 'd10-difficulty') expect(seen.d10Refusals).toBeGreaterThan(FIGHTS / 2)
    })
  }
})
