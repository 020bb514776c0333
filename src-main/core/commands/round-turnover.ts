import type { DomainEvent } from '../../../src-shared/events'
import type { CombatantRecord, EncounterRecord } from '../../../src-shared/records'
import { ok, type Result } from '../../../src-shared/result'
import type { InitiativeShift } from '../../rules/ruleset'
import { placedRulesCombatant } from '../state/rules-combatants'
import { applyEvent } from '../events/apply-event'
import { Draft } from '../state/draft'
import { turnOrder, visibilityOf, type DecideContext } from './decide-context'
import { edgeToEvents } from './edge-events'
import { alone, initiativeLog, placementsOf, rollForGroups } from './group-initiative'
import { initiativeShiftEvents } from './initiative-shift'
import { nextActor } from './next-actor'
import { roundCloseEvents, turnChangeEvents } from './turn-flow'

const ORDER_GAP = 1000

/** The context as it will be once these events apply: later steps of one command read what earlier ones did. */
export function withEvents(ctx: DecideContext, events: readonly DomainEvent[]): DecideContext {
  if (events.length === 0) return ctx
  const draft = new Draft(ctx.state)
  for (const e of events) applyEvent(draft, e)
  return { ...ctx, state: draft }
}

/** Whether the ruleset settles the order anew at each round (initiative rolled again, penalties carried in). */
const reordersRounds = (ctx: DecideContext) => Boolean(ctx.ruleset.initiativeEachRound || ctx.ruleset.edges?.startOfRound)

/** Everyone placed rolls again; the new roll is the new round's order, and a wait from last round is over. */
function rerollEvents(ctx: DecideContext, encounter: EncounterRecord, round: number): DomainEvent[] {
  const placed = turnOrder(ctx.state)
  if (placed.length === 0) return []
  const rolled = rollForGroups(ctx, placed.map(alone))
  const results = placementsOf(rolled).map((p, i) => ({ ...p, orderKey: (i + 1) * ORDER_GAP }))
  const events: DomainEvent[] = [{ type: 'initiative/rolled', encounterId: encounter.id, results }]
  events.push(
    ...rolled.map((g) =>
      initiativeLog(ctx, g, { one: `rolls initiative for round ${round}`, many: `roll initiative for round ${round}` }, round),
    ),
  )
  for (const c of placed.filter((x) => x.delayed)) {
    events.push({ type: 'combatant/turnStateChanged', combatantId: c.id, patch: { delayed: false } })
    events.push(
      ctx.log(`${c.name} stops waiting: the new round's roll places it`, { visibility: visibilityOf(c), round, subjects: [c.id] }),
    )
  }
  return events
}

/** The ruleset's start-of-round effects on each combatant, then the initiative they move. */
function startOfRoundEvents(ctx: DecideContext, round: number): DomainEvent[] {
  const hook = ctx.ruleset.edges?.startOfRound
  if (!hook) return []
  const events: DomainEvent[] = []
  const shifts: InitiativeShift[] = []
  for (const c of turnOrder(ctx.state)) {
    const fx = hook(placedRulesCombatant(ctx.state, c), ctx.dice)
    if (!fx) continue
    events.push(...edgeToEvents(ctx, c, fx, round))
    if (fx.conditions) events.push({ type: 'combatant/turnStateChanged', combatantId: c.id, patch: { conditions: fx.conditions } })
    if (fx.initiativeDelta) shifts.push({ combatantId: c.id, delta: fx.initiativeDelta, why: `round ${round}` })
  }
  const after = withEvents(ctx, events)
  return [...events, ...initiativeShiftEvents(after, after.state, shifts, null)]
}

/**
 * The turn passes on from position `at` in `order`. Within a round it goes to the next in line;
 * into a new round whose order the ruleset settles (initiative rolled again each round, start-of-round
 * initiative changes) the old round closes first, the order is settled, and the first of the new
 * order starts — so the ribbon and the turn agree.
 */
export function passTurn(
  ctx: DecideContext,
  encounter: EncounterRecord,
  order: readonly CombatantRecord[],
  from: CombatantRecord | null,
  at: number,
): Result<DomainEvent[]> {
  const next = nextActor(ctx, encounter, order, at)
  if (!next.ok) return next
  if (next.value.round === encounter.round || !reordersRounds(ctx))
    return ok(turnChangeEvents(ctx, { encounter, from, ...next.value, startEdges: true }))
  const round = encounter.round + 1
  const closing = roundCloseEvents(
    ctx,
    encounter,
    from,
    next.value.skipped.filter((s) => s.round === encounter.round),
  )
  const closed = withEvents(ctx, closing)
  const rerolled = closed.ruleset.initiativeEachRound ? rerollEvents(closed, encounter, round) : []
  const opened = withEvents(closed, rerolled)
  const edges = startOfRoundEvents(opened, round)
  const settled = withEvents(opened, edges)
  const first = nextActor(settled, { ...encounter, round }, turnOrder(settled.state), -1)
  if (!first.ok) return first
  return ok([...closing, ...rerolled, ...edges, ...turnChangeEvents(settled, { encounter, from: null, ...first.value, startEdges: true })])
}

/** Initiative is rolled (these events): the ruleset's round-start effects run, and the first of the order acts. */
export function startFirstRound(ctx: DecideContext, encounter: EncounterRecord, prior: readonly DomainEvent[]): Result<DomainEvent[]> {
  const rolled = withEvents(ctx, prior)
  const edges = startOfRoundEvents(rolled, 1)
  const settled = withEvents(rolled, edges)
  const first = nextActor(settled, { ...encounter, round: 1 }, turnOrder(settled.state), -1)
  if (!first.ok) return first
  return ok([...edges, ...turnChangeEvents(settled, { encounter, from: null, ...first.value, startEdges: true })])
}
