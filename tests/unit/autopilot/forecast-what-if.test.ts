import { expect, it } from 'vitest'
import { END_TURN } from '../../../src-main/core/autopilot/policy'
import { suggestTurn } from '../../../src-main/core/autopilot/live-autopilot'
import { fightRecords } from '../../../src-main/core/autopilot/sim-table'
import { ForecastRun } from '../../../src-main/core/autopilot/forecast-run'
import { activeEncounter } from '../../../src-main/core/commands/decide-context'
import { teamOf } from '../../../src-shared/autopilot'
import { cx } from '../rules/compound-x/cx-harness'
import { fightOf, forecastOf, liveFight } from './fights'

/** Issue 17, "what if": the acting combatant's next act fixed, each a variant played over the same dice as the policy's own play. */

it('compares the suggested shot with passing the turn: each its own play, the suggestion the same as the policy left alone', async () => {
  // A mirror fight, so the first act is what tips it.
  const h = await liveFight(cx, 2, 2, 0)
  const store = h.campaign.store
  const s = suggestTurn(store, cx)
  if (!s.ok) throw new Error(s.error.message)
  expect(s.value.command.type).toBe('attack/resolve')
  const [asIs, shoot, pass] = forecastOf(cx, fightRecords(store), 200, 'what-if', [
    { label: s.value.label, command: s.value.command },
    { label: 'Pass the turn', command: END_TURN },
  ])
  expect([asIs!.label, shoot!.label, pass!.label]).toEqual(['As things stand', s.value.label, 'Pass the turn'])
  expect(shoot!.fights).toBe(200)
  const actor = store.get(activeEncounter(store)!.currentCombatantId!)
  const team = actor?.typeName === 'combatant' ? teamOf(actor.side) : null
  const wins = (v: typeof asIs) => (team === 'party' ? v!.partyWins : v!.enemyWins)
  // Passing plays out otherwise (in this mirror fight, as it happens, better for the passer's side:
  // the policy does not weigh the return fire its burst draws; the "what if" is how a GM sees that).
  expect(wins(pass).share).not.toBe(wins(shoot).share)
  expect(pass!.rounds).not.toEqual(shoot!.rounds)
  // The policy's own first act is the suggestion, played over the same dice: the same fights.
  expect(shoot).toEqual({ ...asIs, label: s.value.label })
})

it('refuses a "what if" with nobody acting, or an act of someone else', async () => {
  const records = fightOf(cx, [
    { side: 'party', npc: cx.quickNpcs![0]!, count: 1 },
    { side: 'enemy', npc: cx.quickNpcs![0]!, count: 1 },
  ])
  const before = ForecastRun.start({ records, seed: 'w', fights: 5, whatIf: [{ label: 'Pass', command: END_TURN }] }, cx)
  expect(before.ok || before.error.message).toMatch(/roll initiative first/)
  const h = await liveFight(cx, 1, 1)
  const store = h.campaign.store
  const other = store.ofType('combatant').find((c) => c.id !== activeEncounter(store)!.currentCombatantId)!
  const command = {
    type: 'action/perform' as const,
    payload: { request: { actorId: other.id, action: 'reload', targetId: null, options: {} } },
  }
  const wrong = ForecastRun.start({ records: fightRecords(store), seed: 'w', fights: 5, whatIf: [{ label: 'Their reload', command }] }, cx)
  expect(wrong.ok || wrong.error.message).toMatch(/not an act of the combatant whose turn it is/)
})
