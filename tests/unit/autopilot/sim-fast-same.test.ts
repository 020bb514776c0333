import { describe, expect, it } from 'vitest'
import type { CommandPayload, CommandType } from '../../../src-shared/commands'
import type { Result } from '../../../src-shared/result'
import { playFight } from '../../../src-main/core/autopilot/fight-runner'
import { openingOdds } from '../../../src-main/core/autopilot/opening-odds'
import { SimTable } from '../../../src-main/core/autopilot/sim-table'
import type { Decision } from '../../../src-main/core/commands/decide-context'
import { seededSource, type RandomSource } from '../../../src-main/core/dice/random-source'
import { RecordStore } from '../../../src-main/core/state/record-store'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { fightingRulesets } from './fights'
import { randomFight } from './random-fights'

/**
 * Issue 35: the simulation's cheaper path (`SimTable`'s `fast`, on by default) plays the very
 * fights the full path plays. For 200 seeded random fights per ruleset — 1 to 4 a side of the
 * pack's ready-made NPCs, health between 1 and full, half of them on a map at random places — each
 * fight is played twice from the same records and seed, fast and not, and compared act for act:
 * the command (type and payload), accepted or refused (and why), every draw of the generator so
 * far, and a digest of every combatant (health, pools spent, conditions, its sheet's stored state
 * with rounds loaded and jams), its token, the round and whose turn it is.
 *
 * Compound X's hinted acts (reload, clear a jam) are looked up by key in the fast path
 * (`actions.offer`, issue 35 second pass); the fights must take some of them.
 *
 * Mutation check, by hand (2026-11-29): making `standingIn`'s fast path answer "up" for a
 * combatant at 0 health failed every ruleset at the first fight that put someone down; making
 * the fast `oddsOf` report a down chance of 0 failed every ruleset within its first fights.
 */

const FIGHTS = 200
const ROUND_CAP = 12

/** One act on the copy as the differential compares it. */
type Entry = string

class TapedTable extends SimTable {
  readonly entries: Entry[] = []

  constructor(
    records: readonly unknown[],
    ruleset: Ruleset,
    private readonly tape: number[],
    random: RandomSource,
    fast: boolean,
  ) {
    super(records, ruleset, random, { fast })
  }

  override run<T extends CommandType>(type: T, payload: CommandPayload<T>): Result<Decision> {
    const done = super.run(type, payload)
    this.entries.push(
      `${type} ${JSON.stringify(payload)} → ${done.ok ? 'ok' : `${done.error.code}: ${done.error.message}`} | dice ${this.tape.length}:${this.tape.slice(-8).join(',')} | ${digest(this.store)}`,
    )
    return done
  }
}

function digest(state: RecordStore): string {
  const e = state.ofType('encounter').find((x) => x.status === 'active')
  let s = e ? `round ${e.round} turn ${e.currentCombatantId};` : 'no encounter;'
  for (const c of state.ofType('combatant'))
    s += ` ${c.name} ${c.hp}/${c.maxHp} ${JSON.stringify(c.spent)} ${JSON.stringify(c.conditions)} ${JSON.stringify(c.rules)} ${c.orderKey};`
  for (const t of state.ofType('token')) s += ` @${t.combatantId} ${t.x},${t.y};`
  return s + ` prompts ${state.ofType('prompt').length}`
}

function play(ruleset: Ruleset, records: readonly unknown[], seed: string, fast: boolean) {
  const tape: number[] = []
  const source = seededSource(seed)
  const random: RandomSource = {
    next: () => {
      const v = source.next()
      tape.push(v)
      return v
    },
  }
  const table = new TapedTable(records, ruleset, tape, random, fast)
  const end = playFight(table, openingOdds(ruleset, new RecordStore(records as never[])), { roundCap: ROUND_CAP })
  // The fast path does not try an attack the ruleset says is refused before any die (`attacks.spentOut`,
  // proven in sim-rules-same.test.ts): a refused attack changes nothing, and the dice so far are in every entry kept.
  const kept = table.entries.filter((e) => !(e.startsWith('attack/resolve') && !e.includes(' → ok |')))
  return { entries: kept, tape, end: { ...end, down: [...end.down].sort(), dead: [...end.dead].sort() } }
}

const rulesets = await fightingRulesets()

describe('the fast simulation plays the same fights as the full one (issue 35)', () => {
  it('covers the four rulesets that resolve attacks', () => {
    expect(rulesets.length).toBe(4)
  })
  for (const ruleset of rulesets) {
    it(`${ruleset.name}: ${FIGHTS} random fights, act for act, same dice`, () => {
      let attacks = 0
      let downs = 0
      let acts = 0
      for (let f = 0; f < FIGHTS; f++) {
        const seed = `${ruleset.id}-same-${f}`
        const records = randomFight(ruleset, seed, f % 2 === 1)
        const full = play(ruleset, records, seed, false)
        const fast = play(ruleset, records, seed, true)
        const at = full.entries.findIndex((e, i) => e !== fast.entries[i])
        if (at >= 0 || full.entries.length !== fast.entries.length) {
          const i = at >= 0 ? at : Math.min(full.entries.length, fast.entries.length)
          expect({ fight: f, act: i, fast: fast.entries[i], full: full.entries[i], before: full.entries[i - 1] }).toBeNull()
        }
        expect(fast.tape).toEqual(full.tape)
        expect(fast.end).toEqual(full.end)
        attacks += full.entries.filter((e) => e.startsWith('attack/resolve') && e.includes('→ ok')).length
        acts += full.entries.filter((e) => e.startsWith('action/perform') && e.includes('→ ok')).length
        downs += full.end.down.length
      }
      // Not vacuous: the fights were fought, and people went down in them.
      expect(attacks).toBeGreaterThan(FIGHTS * 2)
      expect(downs).toBeGreaterThan(FIGHTS / 2)
      // A ruleset that looks one act up by its key (`actions.offer`): the fast policy asks it for
      // the hinted acts (reload, clear a jam) instead of the whole list, and they were taken.
      if (ruleset.actions?.offer) expect(acts).toBeGreaterThan(FIGHTS / 4)
    }, 300_000)
  }
})
