import { resolve } from 'node:path'
import type { QuickNpc, RulesCombatant, Ruleset } from '../../../src-main/rules/ruleset'
import { gapBetween } from '../../../src-shared/geometry'
import { createRulesetRegistry } from '../../../src-main/rules/ruleset-registry'
import { fightRecords, SimTable } from '../../../src-main/core/autopilot/sim-table'
import { ForecastRun } from '../../../src-main/core/autopilot/forecast-run'
import { seededSource } from '../../../src-main/core/dice/random-source'
import type { AutopilotCommand, ForecastVariant } from '../../../src-shared/autopilot'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

/** Issue 17 tests: fights of the rulesets' own ready-made NPCs, set up on a copy (no campaign needed). */

export const registry = createRulesetRegistry(resolve('resources'))

/** The four rulesets that resolve attacks, each loaded. */
export async function fightingRulesets(): Promise<Ruleset[]> {
  return (await registry.all()).filter((r) => r.attacks && (r.quickNpcs?.length ?? 0) > 0)
}

export interface Side {
  readonly side: 'party' | 'enemy'
  readonly npc: QuickNpc
  readonly count: number
  /** Health to start with, when not the sheet's own. */
  readonly hp?: number
}

/** The records of a fight between these sides, not started (no encounter, no initiative). */
export function fightOf(ruleset: Ruleset, sides: readonly Side[]): unknown[] {
  const t = new SimTable([], ruleset, seededSource('setup'))
  for (const s of sides) {
    for (let i = 1; i <= s.count; i++) {
      const added = t.run('combatant/add', {
        name: `${s.side === 'party' ? 'Hero' : 'Foe'} ${i}`,
        side: s.side,
        kind: s.side === 'party' ? 'pc' : 'npc',
        maxHp: s.npc.maxHp,
        hp: s.hp,
        initiativeModifier: s.npc.initiativeModifier,
        hidden: false,
        rules: s.npc.rules as never,
      })
      if (!added.ok) throw new Error(added.error.message)
    }
  }
  return fightRecords(t.store)
}

/** Plays a whole forecast in this thread and returns its variants. */
export function forecastOf(
  ruleset: Ruleset,
  records: readonly unknown[],
  fights: number,
  seed = 'test',
  whatIf: readonly { label: string; command: AutopilotCommand }[] = [],
  roundCap?: number,
): ForecastVariant[] {
  const run = ForecastRun.start({ records, seed, fights, whatIf, ...(roundCap ? { roundCap } : {}) }, ruleset)
  if (!run.ok) throw new Error(run.error.message)
  while (!run.value.finished) run.value.step(10_000)
  return run.value.variants()
}

let n = 0

/** A live campaign on disk of this ruleset's NPCs, initiative rolled: heroes are the first ready-made NPC, foes the second (`foe`: 0 makes a mirror fight). */
export async function liveFight(ruleset: Ruleset, heroes = 2, foes = 2, foe = 1): Promise<CampaignHarness> {
  const h = await CampaignHarness.create(`policy-${ruleset.id}`, tempDir(), undefined, ruleset)
  const hero = ruleset.quickNpcs![0]!
  const enemy = ruleset.quickNpcs![foe] ?? hero
  const teams = [['Hero', 'party', 'pc', hero, heroes] as const, ['Foe', 'enemy', 'npc', enemy, foes] as const]
  for (const [name, side, kind, npc, count] of teams)
    for (let i = 1; i <= count; i++)
      h.must('combatant/add', {
        name: `${name} ${i}`,
        side,
        kind,
        maxHp: npc.maxHp,
        initiativeModifier: npc.initiativeModifier,
        rules: npc.rules as never,
      })
  h.must('encounter/start', { name: 'Autopilot' })
  h.must('encounter/rollInitiative', {})
  return h
}

export const autopilotCommand = (h: CampaignHarness, c: { type: string; payload: unknown }) =>
  h.engine.execute({ type: c.type, payload: c.payload, meta: { commandId: `autopilot-test-${++n}`, autopilot: true } })

export interface Blow {
  readonly weapon: string
  /** Base to base when both stood on the map; null when one did not. */
  readonly gap: number | null
}

/** The ruleset with its attacks watched: every attack it resolved, by weapon name and gap. */
export function watched(ruleset: Ruleset, blows: Blow[]): Ruleset {
  const attacks = ruleset.attacks!
  const names = new Map<string, string>()
  // The weapon's name as the attack panel lists it, asked off the map (where no reach refuses it).
  const nameOf = (request: Parameters<typeof attacks.resolve>[0], a: RulesCombatant, t: RulesCombatant) => {
    const key = `${a.id}/${request.weapon}`
    let name = names.get(key)
    if (name === undefined) {
      const p = attacks.preview(request, { ...a, position: undefined }, { ...t, position: undefined })
      name = p.ok ? (p.value.weapons.find((w) => w.index === request.weapon)?.name ?? '?') : '?'
      names.set(key, name)
    }
    return name
  }
  return {
    ...ruleset,
    attacks: {
      preview: attacks.preview,
      resolve(request, a, t, dice, everyone) {
        const done = attacks.resolve(request, a, t, dice, everyone)
        if (done.ok)
          blows.push({ weapon: nameOf(request, a, t), gap: a.position && t.position ? gapBetween(a.position, t.position) : null })
        return done
      },
    },
  }
}
