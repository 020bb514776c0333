import { describeDuration } from '../../../src-shared/condition-clock'
import type { DomainEvent } from '../../../src-shared/events'
import type { CombatantId, CombatantRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { withCondition } from './conditions'
import { costText } from './consequences'
import { activeEncounter, findCombatant, turnOrder, visibilityOf, type DecideContext, type Decider } from './decide-context'
import { turnPosition } from './next-actor'
import { passTurn, withEvents } from './round-turnover'
import { performAction, resolveAttack } from './rules-deciders'
import { turnChangeEvents } from './turn-flow'
import { holdablePool } from '../state/rules-combatants'

const ORDER_GAP = 1000

const nameOf = (ctx: DecideContext) => (id: CombatantId) => {
  const c = ctx.state.get(id)
  return c?.typeName === 'combatant' ? c.name : 'someone removed'
}

export const addCondition: Decider<'condition/add'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  const r = withCondition(ctx, c, {
    conditionId: p.condition,
    stacks: p.stacks,
    duration: p.duration,
    sourceId: p.sourceId,
    data: null,
    note: p.note,
  })
  if (!r.ok) return r
  const added = r.value.instance
  return ok({
    label: `${added.label} on ${c.name}`,
    events: [
      { type: 'combatant/turnStateChanged', combatantId: c.id, patch: { conditions: r.value.conditions } },
      ctx.log(`${r.value.text} (${describeDuration(added.duration, nameOf(ctx))})`, { visibility: visibilityOf(c), subjects: [c.id] }),
    ],
  })
}

export const removeCondition: Decider<'condition/remove'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  const gone = c.conditions.find((x) => x.key === p.key)
  if (!gone) return fail('condition/notFound', `${c.name} has no condition ${p.key}; it may have ended already.`)
  return ok({
    label: `Remove ${gone.label} from ${c.name}`,
    events: [
      { type: 'combatant/turnStateChanged', combatantId: c.id, patch: { conditions: c.conditions.filter((x) => x !== gone) } },
      ctx.log(`${gone.label} on ${c.name} removed`, { visibility: visibilityOf(c), subjects: [c.id] }),
    ],
  })
}

/** The GM's correction of a pool: clicking a pip. */
export const setEconomy: Decider<'economy/set'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  const pool = ctx.ruleset.economy(c.rules).find((x) => x.key === p.pool)
  if (!pool) return fail('economy/unknownPool', `${ctx.ruleset.name} has no "${p.pool}" pool.`)
  if (p.spent > pool.count) return fail('economy/tooMuch', `${c.name} has only ${pool.count} ${pool.label.toLowerCase()} per ${pool.per}.`)
  if ((c.spent[pool.key] ?? 0) === p.spent)
    return fail('economy/noChange', `${c.name} has already spent ${p.spent} ${pool.label.toLowerCase()}.`)
  return ok({
    label: `${c.name}'s ${pool.label.toLowerCase()}`,
    events: [
      { type: 'combatant/turnStateChanged', combatantId: c.id, patch: { spent: { ...c.spent, [pool.key]: p.spent } } },
      ctx.log(`${c.name}: ${pool.count - p.spent} of ${pool.count} ${pool.label.toLowerCase()} left`, {
        visibility: 'gm',
        subjects: [c.id],
      }),
    ],
  })
}

function placed(ctx: DecideContext, id: CombatantId): Result<CombatantRecord> {
  const found = findCombatant(ctx.state, id)
  if (!found.ok) return found
  if (found.value.orderKey === null)
    return fail('initiative/notPlaced', `${found.value.name} has no place in the order yet; roll initiative first.`)
  return found
}

/** A key strictly between two neighbours (or past an end), so no one else's key moves. */
function keyBetween(before: number | null, after: number | null): number {
  if (before === null && after === null) return ORDER_GAP
  if (before === null) return after! - ORDER_GAP
  if (after === null) return before + ORDER_GAP
  return (before + after) / 2
}

/** Drag on the ribbon. The turn stays with whoever has it. */
export const moveInitiative: Decider<'initiative/move'> = (ctx, p) => {
  const moving = placed(ctx, p.combatantId)
  if (!moving.ok) return moving
  if (p.beforeId === p.combatantId) return fail('initiative/noChange', `${moving.value.name} cannot go before itself.`)
  const order = turnOrder(ctx.state).filter((c) => c.id !== p.combatantId)
  let index = order.length
  if (p.beforeId !== null) {
    const before = placed(ctx, p.beforeId)
    if (!before.ok) return before
    index = order.findIndex((c) => c.id === p.beforeId)
  }
  const orderKey = keyBetween(order[index - 1]?.orderKey ?? null, order[index]?.orderKey ?? null)
  const where = p.beforeId === null ? 'to the end of the order' : `before ${order[index]!.name}`
  return ok({
    label: `Move ${moving.value.name}`,
    events: [
      { type: 'combatant/turnStateChanged', combatantId: moving.value.id, patch: { orderKey } },
      ctx.log(`${moving.value.name} moves ${where}`, { visibility: visibilityOf(moving.value), subjects: [moving.value.id] }),
    ],
  })
}

function actingNow(ctx: DecideContext, id: CombatantId) {
  const found = findCombatant(ctx.state, id)
  if (!found.ok) return found
  const encounter = activeEncounter(ctx.state)
  if (!encounter || encounter.round < 1) return fail('encounter/noInitiative', 'Roll initiative before moving through turns.')
  if (encounter.currentCombatantId !== id) return fail('turn/notYours', `It is not ${found.value.name}'s turn.`)
  return ok({ c: found.value, encounter })
}

/** The acting combatant waits: the turn passes on; it keeps its pools for when it acts. */
export const delayTurn: Decider<'initiative/delay'> = (ctx, p) => {
  const now = actingNow(ctx, p.combatantId)
  if (!now.ok) return now
  const { c, encounter } = now.value
  // The delayer's turn has not ended: its unspent actions are kept for when it acts.
  const delayed: DomainEvent = { type: 'combatant/turnStateChanged', combatantId: c.id, patch: { delayed: true } }
  const waiting = withEvents(ctx, [delayed])
  const order = turnOrder(waiting.state)
  const passed = passTurn(waiting, encounter, order, null, turnPosition(encounter, order))
  if (!passed.ok) return fail('initiative/nobodyElse', `No one else can act this round; ${c.name} cannot wait for anyone.`)
  const events = passed.value
  return ok({
    label: `${c.name} delays`,
    events: [delayed, ctx.log(`${c.name} delays, waiting to act later`, { visibility: visibilityOf(c), subjects: [c.id] }), ...events],
  })
}

/**
 * Where the ruleset says so, a delayed combatant's initiative becomes the count on which it acts:
 * the total of the one whose turn it follows (SR-2D6-2). A tie with it keeps the order as it is
 * (the newcomer after), and later shifts re-sort from the new number.
 */
function delayedInitiative(ctx: DecideContext, c: CombatantRecord, after: CombatantRecord | null): CombatantRecord['initiative'] {
  const count = after?.initiative?.total
  if (!ctx.ruleset.delaySetsInitiative || !c.initiative || count === undefined || count === c.initiative.total) return c.initiative
  return { ...c.initiative, total: count }
}

/** A delayed combatant acts now: it takes the place right after the acting one, and the turn. */
export const resumeTurn: Decider<'initiative/resume'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  if (!c.delayed) return fail('initiative/notDelayed', `${c.name} is not delaying.`)
  const encounter = activeEncounter(ctx.state)
  if (!encounter || encounter.round < 1) return fail('encounter/noInitiative', 'Roll initiative before moving through turns.')
  const order = turnOrder(ctx.state).filter((x) => x.id !== c.id)
  const current = order.find((x) => x.id === encounter.currentCombatantId) ?? null
  const at = current ? order.indexOf(current) : Math.floor(turnPosition(encounter, order))
  const orderKey = keyBetween(order[at]?.orderKey ?? null, order[at + 1]?.orderKey ?? null)
  const initiative = delayedInitiative(ctx, c, order[at] ?? null)
  const moved: CombatantRecord = { ...c, delayed: false, orderKey, initiative }
  const renumbered = initiative !== c.initiative && initiative
  return ok({
    label: `${c.name} acts`,
    events: [
      { type: 'combatant/turnStateChanged', combatantId: c.id, patch: { delayed: false, orderKey, ...(renumbered ? { initiative } : {}) } },
      ...(renumbered
        ? [
            ctx.log(`${c.name}'s initiative is now ${initiative.total}, the count on which it acts`, {
              visibility: c.kind === 'pc' && !c.hidden ? 'all' : 'gm',
              subjects: [c.id],
            }),
          ]
        : []),
      // Its turn already started when it delayed: its start-of-turn effects do not run twice.
      ...turnChangeEvents(ctx, { encounter, from: current, to: moved, round: encounter.round, startEdges: false }),
    ],
  })
}

/** Hold actions against a trigger: the turn ends, and the actions wait (lost at the holder's next turn). */
export const declareHold: Decider<'hold/declare'> = (ctx, p) => {
  const now = actingNow(ctx, p.combatantId)
  if (!now.ok) return now
  const { c } = now.value
  const pool = holdablePool(ctx.ruleset, c)
  if (!pool) return fail('hold/unsupported', `${ctx.ruleset.name} has no actions to hold.`)
  const left = pool.count - (c.spent[pool.key] ?? 0)
  if (p.amount > left) return fail('hold/notEnough', `${c.name} has ${left} ${pool.label.toLowerCase()} left; cannot hold ${p.amount}.`)
  const most = ctx.ruleset.holdAtMost
  if (most !== undefined && p.amount > most) {
    return fail(
      'hold/tooMany',
      `${ctx.ruleset.name} lets a combatant hold at most ${costText(most, pool.label)}; ${c.name} cannot hold ${p.amount}.`,
    )
  }
  return ok({
    label: `${c.name} holds`,
    events: [
      {
        type: 'combatant/turnStateChanged',
        combatantId: c.id,
        patch: { held: { trigger: p.trigger, amount: p.amount, released: false }, spent: { ...c.spent, [pool.key]: pool.count } },
      },
      ctx.log(`${c.name} holds ${costText(p.amount, pool.label)} until: ${p.trigger}`, { visibility: visibilityOf(c), subjects: [c.id] }),
    ],
  })
}

/** The trigger came: the held actions are usable now, as one reaction. */
export const releaseHold: Decider<'hold/release'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  if (!c.held) return fail('hold/nothingHeld', `${c.name} holds no actions.`)
  if (c.held.released) return fail('hold/alreadyReleased', `${c.name}'s trigger has already come; the held actions are waiting to be used.`)
  const pools = ctx.ruleset.economy(c.rules)
  const pool = holdablePool(ctx.ruleset, c)
  const reaction = pools.find((x) => x.reaction)
  const spent = { ...c.spent }
  // A held reaction (SR-D10-1) was paid for when it was declared: its trigger costs no second one.
  if (reaction && reaction.key !== pool?.key) {
    const left = reaction.count - (spent[reaction.key] ?? 0)
    if (left < 1)
      return fail('economy/noReaction', `${c.name} has no ${reaction.label.toLowerCase()} left this round to act on the held actions.`)
    spent[reaction.key] = (spent[reaction.key] ?? 0) + 1
  }
  return ok({
    label: `${c.name} acts on the trigger`,
    events: [
      { type: 'combatant/turnStateChanged', combatantId: c.id, patch: { held: { ...c.held, released: true }, spent } },
      ctx.log(
        `${c.name}'s trigger comes ("${c.held.trigger}"): ${pool ? costText(c.held.amount, pool.label) : 'the held actions'} to use now`,
        { visibility: visibilityOf(c), subjects: [c.id] },
      ),
    ],
  })
}

function findPrompt(ctx: DecideContext, id: `prompt:${string}`) {
  const r = ctx.state.get(id)
  return r?.typeName === 'prompt' ? ok(r) : fail('prompt/notFound', 'That reaction is no longer waiting (it was resolved or dismissed).')
}

/** Runs the prepared reaction through the same attack or action path as any other. */
export const resolvePrompt: Decider<'prompt/resolve'> = (ctx, p) => {
  const found = findPrompt(ctx, p.promptId)
  if (!found.ok) return found
  const prompt = found.value
  const removed: DomainEvent = { type: 'prompt/removed', id: prompt.id }
  const subjects = prompt.targetId ? [prompt.reactorId, prompt.targetId] : [prompt.reactorId]
  switch (prompt.resolve.kind) {
    case 'note':
      return ok({ label: 'Settle a reaction', events: [removed, ctx.log(`GM settles: ${prompt.text}`, { visibility: 'gm', subjects })] })
    case 'attack': {
      const r = resolveAttack(ctx, { request: prompt.resolve.request })
      return r.ok ? ok({ label: `Reaction: ${r.value.label}`, events: [removed, ...r.value.events] }) : r
    }
    case 'action': {
      const r = performAction(ctx, { request: prompt.resolve.request })
      return r.ok ? ok({ label: `Reaction: ${r.value.label}`, events: [removed, ...r.value.events] }) : r
    }
  }
}

export const dismissPrompt: Decider<'prompt/dismiss'> = (ctx, p) => {
  const found = findPrompt(ctx, p.promptId)
  if (!found.ok) return found
  const prompt = found.value
  return ok({
    label: 'Dismiss a reaction',
    events: [
      { type: 'prompt/removed', id: prompt.id },
      ctx.log(`Reaction passed up: ${prompt.text}`, {
        visibility: 'gm',
        subjects: prompt.targetId ? [prompt.reactorId, prompt.targetId] : [prompt.reactorId],
      }),
    ],
  })
}
