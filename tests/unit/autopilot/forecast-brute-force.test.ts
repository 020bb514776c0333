import { expect, it } from 'vitest'
import { teamOf } from '../../../src-shared/autopilot'
import { rankActs } from '../../../src-main/core/autopilot/policy'
import { activeEncounter } from '../../../src-main/core/commands/decide-context'
import { placedRulesCombatant, standingOf } from '../../../src-main/core/state/rules-combatants'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'
import { fightingRulesets, fightOf, forecastOf } from './fights'

/**
 * Issue 17: the forecast of a small fight against a brute-force simulation written here, apart
 * from the forecast's machinery: each fight is a real campaign on disk played through the live
 * engine (journal, undo marks and all), the campaign's own seeded dice, exact previews of the
 * state at every act, and a turn loop of its own. Only the policy's ranking is shared: a forecast
 * is a forecast of that play.
 */

async function bruteForce(ruleset: Ruleset, fights: number): Promise<{ party: number; enemy: number; n: number }> {
  let party = 0
  let enemy = 0
  const [hero, foe] = ruleset.quickNpcs!
  for (let i = 0; i < fights; i++) {
    const h = await CampaignHarness.create(`brute-${i}`, tempDir(), undefined, ruleset)
    for (const [side, npc] of [
      ['party', hero!],
      ['enemy', foe!],
    ] as const)
      h.must('combatant/add', {
        name: side,
        side,
        kind: side === 'party' ? 'pc' : 'npc',
        maxHp: npc.maxHp,
        initiativeModifier: npc.initiativeModifier,
        rules: npc.rules as never,
      })
    h.must('encounter/start', { name: 'Brute force' })
    h.must('encounter/rollInitiative', {})
    const store = h.campaign.store
    for (let step = 0; step < 400; step++) {
      const up = store.ofType('combatant').filter((c) => standingOf(ruleset, c).state === 'up')
      const teams = new Set(up.map((c) => teamOf(c.side)))
      if (teams.size < 2) {
        if (teams.has('party')) party++
        else if (teams.has('enemy')) enemy++
        break
      }
      for (const p of store.ofType('prompt'))
        if (!h.run('prompt/resolve', { promptId: p.id }).ok) h.must('prompt/dismiss', { promptId: p.id })
      const actor = store.get(activeEncounter(store)!.currentCombatantId!)
      if (actor?.typeName !== 'combatant') throw new Error('nobody acting')
      const odds = (request: Parameters<NonNullable<Ruleset['attacks']>['preview']>[0], a: typeof actor, t: typeof actor) =>
        ruleset.attacks!.preview(request, placedRulesCombatant(store, a), placedRulesCombatant(store, t))
      const acts = rankActs({ state: store, ruleset, actor, odds })
      if (!acts.some((a) => h.run(a.command.type, a.command.payload as never).ok)) throw new Error('no act taken')
    }
  }
  return { party, enemy, n: fights }
}

it('forecasts a small fight as a brute-force simulation through the live engine plays it, within their intervals', async () => {
  const ruleset = (await fightingRulesets()).find((r) => r.id === 'd10-difficulty')!
  // Two different ready-made NPCs, so the answer is not an even split that a symmetric mistake would also give.
  const [hero, foe] = ruleset.quickNpcs!
  const [v] = forecastOf(
    ruleset,
    fightOf(ruleset, [
      { side: 'party', npc: hero!, count: 1 },
      { side: 'enemy', npc: foe!, count: 1 },
    ]),
    2000,
    'compare',
  )
  const brute = await bruteForce(ruleset, 300)
  const bruteShare = brute.party / brute.n
  const bruteInterval = 1.96 * Math.sqrt((bruteShare * (1 - bruteShare)) / brute.n)
  expect(brute.party + brute.enemy).toBeGreaterThan(brute.n * 0.95)
  expect(Math.abs(v!.partyWins.share - bruteShare)).toBeLessThanOrEqual(Math.hypot(v!.partyWins.interval, bruteInterval))
}, 240_000)
