import { isCombatTimed } from '../../../src-shared/condition-clock'
import { isSurpriseRound, type CombatantRecord, type EncounterRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { activeEncounter, turnOrder, visibilityOf, type DecideContext, type Decider } from './decide-context'
import { edgeEvents } from './edge-events'
import { passTurn, startFirstRound, withEvents } from './round-turnover'
import { surpriseDecision, surpriseRefusal } from './surprise'
import { turnPosition } from './next-actor'
import type { DomainEvent } from '../../../src-shared/events'
import { alone, groupsByTemplate, initiativeLog, placementsOf, rollForGroups } from './group-initiative'

const ORDER_GAP = 1000

function requireActive(ctx: DecideContext): Result<EncounterRecord> {
  const e = activeEncounter(ctx.state)
  return e ? ok(e) : fail('encounter/none', 'No encounter is running. Start one first.')
}

function requireTurns(ctx: DecideContext): Result<{ encounter: EncounterRecord; order: readonly CombatantRecord[] }> {
  const e = requireActive(ctx)
  if (!e.ok) return e
  const order = turnOrder(ctx.state)
  if (e.value.round === 0 || order.length === 0) {
    return fail('encounter/noInitiative', 'Roll initiative before moving through turns.')
  }
  return ok({ encounter: e.value, order })
}

export const startEncounter: Decider<'encounter/start'> = (ctx, p) => {
  const running = activeEncounter(ctx.state)
  if (running) return fail('encounter/alreadyRunning', `"${running.name}" is still running. End it first.`)
  const record: EncounterRecord = {
    typeName: 'encounter',
    id: ctx.newId('encounter'),
    name: p.name,
    status: 'active',
    round: 0,
    currentCombatantId: null,
    turnAnchor: null,
  }
  return ok({
    label: `Start ${p.name}`,
    events: [{ type: 'encounter/started', record }, ctx.log(`Encounter "${p.name}" started`)],
  })
}

export const rollInitiative: Decider<'encounter/rollInitiative'> = (ctx, payload) => {
  const e = requireActive(ctx)
  if (!e.ok) return e
  const combatants = ctx.state.ofType('combatant')
  if (combatants.length === 0) return fail('encounter/noCombatants', 'Add combatants before rolling initiative.')
  // Refused before any die is rolled, so a refusal leaves the dice where they were.
  if (payload.surpriseBy) {
    const refused = surpriseRefusal(ctx, e.value, payload.surpriseBy)
    if (!refused.ok) return refused
  }
  // Copies of one roster entry may share a roll and act one after another.
  const rolled = rollForGroups(ctx, payload.groupByTemplate ? groupsByTemplate(ctx.state, combatants) : combatants.map(alone))
  const placements = placementsOf(rolled)
  const byId = new Map(combatants.map((c) => [c.id, c]))
  const results = placements.map((p, i) => ({ ...p, orderKey: (i + 1) * ORDER_GAP }))
  const logs = rolled.map((g) => initiativeLog(ctx, g, { one: 'rolls initiative', many: 'roll initiative' }))
  // A re-roll mid-fight is not a new encounter: encounter-start effects happen once.
  const starting =
    e.value.round === 0
      ? edgeEvents(
          ctx,
          'startOfEncounter',
          placements.map((p) => byId.get(p.combatantId)!),
          1,
        )
      : []
  const rolledIn: DomainEvent[] = [{ type: 'initiative/rolled', encounterId: e.value.id, results }, ...logs, ...starting]
  // The surprise is settled after initiative: the order of the surprise round's turns is the
  // order just rolled (SR-CORE-20), and encounter-start effects have run first.
  const surprised = payload.surpriseBy ? surpriseDecision(withEvents(ctx, rolledIn), e.value, payload.surpriseBy) : null
  if (surprised && !surprised.ok) return surprised
  const surprise = surprised?.value.surprise
  const prior = [...rolledIn, ...(surprised?.value.events ?? [])]
  const first = startFirstRound(ctx, surprise ? { ...e.value, surprise } : e.value, prior)
  return first.ok
    ? ok({ label: surprise ? 'Roll initiative (surprise round)' : 'Roll initiative', events: [...prior, ...first.value] })
    : first
}

export const nextTurn: Decider<'encounter/nextTurn'> = (ctx) => {
  const t = requireTurns(ctx)
  if (!t.ok) return t
  const { encounter, order } = t.value
  const from = order.find((c) => c.id === encounter.currentCombatantId) ?? null
  const events = passTurn(ctx, encounter, order, from, turnPosition(encounter, order))
  return events.ok ? ok({ label: 'Next turn', events: events.value }) : events
}

/** A correction, not play: the marker steps back without re-running turn-start effects (undo restores those). */
export const previousTurn: Decider<'encounter/previousTurn'> = (ctx) => {
  const t = requireTurns(ctx)
  if (!t.ok) return t
  const { encounter, order } = t.value
  let prevIndex = Math.ceil(turnPosition(encounter, order)) - 1
  let round = encounter.round
  // Back into a surprise round: only the turns it had (SR-CORE-20), so the marker never lands on one caught.
  const hadNoTurn = (i: number, r: number) => isSurpriseRound(encounter, r) && !encounter.surprise!.actorIds.includes(order[i]!.id)
  for (;;) {
    if (prevIndex < 0 && round <= 1) return fail('encounter/atStart', 'This is the first turn of the encounter.')
    if (prevIndex < 0) {
      prevIndex = order.length - 1
      round--
    }
    if (!hadNoTurn(prevIndex, round)) break
    prevIndex--
  }
  const prev = order[prevIndex]!
  return ok({
    label: 'Previous turn',
    events: [
      { type: 'turn/changed', encounterId: encounter.id, round, combatantId: prev.id },
      ctx.log(`Round ${round}: back to ${prev.name}'s turn`, { visibility: visibilityOf(prev), round, subjects: [prev.id] }),
    ],
  })
}

export const endEncounter: Decider<'encounter/end'> = (ctx) => {
  const e = requireActive(ctx)
  if (!e.ok) return e
  // Clocks that count turns stop with the fight; conditions "until removed" stay unless the
  // ruleset ends them (a melee engagement ends with the fight).
  const after = new Map(ctx.state.ofType('combatant').map((c) => [c.id, c.conditions]))
  const edges = edgeEvents(ctx, 'endOfEncounter', ctx.state.ofType('combatant'), e.value.round, (c, fx) => {
    if (fx.conditions) after.set(c.id, fx.conditions)
  })
  const changed = ctx.state.ofType('combatant').flatMap((c) => {
    const kept = after.get(c.id)!.filter((x) => !isCombatTimed(x.duration))
    const same = kept.length === c.conditions.length && kept.every((x, i) => x === c.conditions[i])
    return same ? [] : [{ type: 'combatant/turnStateChanged' as const, combatantId: c.id, patch: { conditions: kept } }]
  })
  return ok({
    label: `End ${e.value.name}`,
    events: [
      ...edges,
      ...changed,
      ...ctx.state.ofType('prompt').map((p) => ({ type: 'prompt/removed' as const, id: p.id })),
      { type: 'encounter/ended', encounterId: e.value.id },
      ctx.log(`Encounter "${e.value.name}" ended after ${e.value.round} round${e.value.round === 1 ? '' : 's'}`),
    ],
  })
}
