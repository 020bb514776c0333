import type { DomainEvent, TurnStatePatch } from '../../../src-shared/events'
import type { CombatantId, CombatantRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Consequences } from '../../rules/ruleset'
import { withCondition } from './conditions'
import { initiativeShiftEvents } from './initiative-shift'
import { withPromptOdds } from '../state/prompt-odds'
import { silencedReactor } from '../state/reactor-standing'
import { activeEncounter, visibilityOf, type DecideContext } from './decide-context'

/** "1 action", "2 reactions". */
export const costText = (amount: number, label: string) =>
  `${amount} ${amount === 1 ? label.toLowerCase().replace(/s$/, '') : label.toLowerCase()}`

/**
 * What an act costs from the actor's pools. On its own turn it pays the ruleset's cost; out of
 * turn it pays from held actions whose trigger came, or else one reaction — unless the rules
 * make it free. Outside turns (no round running) nothing is counted.
 */
export function economySpend(
  ctx: Pick<DecideContext, 'state' | 'ruleset'>,
  actor: CombatantRecord,
  c: Consequences,
): Result<TurnStatePatch | null> {
  const encounter = activeEncounter(ctx.state)
  if (!encounter || encounter.round < 1) return ok(null)
  const pools = ctx.ruleset.economy(actor.rules)
  if (pools.length === 0) return ok(null)
  const spent = { ...actor.spent }
  const left = (key: string) => (pools.find((p) => p.key === key)?.count ?? 0) - (spent[key] ?? 0)
  const refuse = (label: string, have: number, per: string, cost: string) =>
    `${actor.name} has ${have === 0 ? `no ${label.toLowerCase()}` : costText(have, label)} left ${per}; this needs ${cost}`
  const turnPools = pools.filter((p) => p.per === 'turn' && !p.reaction)
  const costs = c.cost ?? []
  if (encounter.currentCombatantId === actor.id) {
    for (const cost of costs) {
      const pool = pools.find((p) => p.key === cost.pool)
      if (!pool) continue
      const have = left(pool.key)
      if (have < cost.amount && !(c.overrun && have > 0)) {
        return fail(
          'economy/notEnough',
          `${refuse(pool.label, have, pool.per === 'turn' ? 'this turn' : 'this round', costText(cost.amount, pool.label))} (${pool.count} per ${pool.per}).`,
        )
      }
      spent[pool.key] = (spent[pool.key] ?? 0) + Math.min(have, cost.amount)
    }
    if (c.endsTurn) for (const p of turnPools) spent[p.key] = p.count
    return ok({ spent })
  }
  if (c.outOfTurn === 'free') return ok(null)
  const held = actor.held
  if (held?.released) {
    // Held actions, released by their trigger, pay for what is done now; a hold of the ruleset's
    // own pool (a d10 declared reaction, SR-D10-1) is one act, used up by it whatever it costs.
    const needed =
      ctx.ruleset.holdPool !== undefined
        ? held.amount
        : costs.filter((x) => turnPools.some((p) => p.key === x.pool)).reduce((n, x) => n + x.amount, 0)
    if (needed > held.amount && !c.overrun)
      return fail(
        'economy/notEnough',
        `${actor.name} held ${costText(held.amount, turnPools[0]?.label ?? 'actions')}; this needs ${needed}.`,
      )
    const rest = held.amount - Math.min(needed, held.amount)
    return ok({ held: rest > 0 ? { ...held, amount: rest } : null })
  }
  const reaction = pools.find((p) => p.reaction)
  if (!reaction) return ok(null)
  if (left(reaction.key) < 1)
    return fail(
      'economy/noReaction',
      `It is not ${actor.name}'s turn, and it has no ${reaction.label.toLowerCase()} left this round (${reaction.count} per round).`,
    )
  spent[reaction.key] = (spent[reaction.key] ?? 0) + 1
  return ok({ spent })
}

/** What others spend through a resolution (a defender's reaction), as patches; refused when a pool runs short. */
function othersSpendEvents(ctx: DecideContext, actor: CombatantRecord, c: Consequences): Result<DomainEvent[]> {
  const encounter = activeEncounter(ctx.state)
  if (!c.othersSpend?.length || !encounter || encounter.round < 1) return ok([])
  const spent = new Map<CombatantId, Record<string, number>>()
  for (const s of c.othersSpend) {
    const other = ctx.state.get(s.combatantId)
    if (other?.typeName !== 'combatant' || other.id === actor.id) continue
    const pool = ctx.ruleset.economy(other.rules).find((p) => p.key === s.pool)
    if (!pool) continue
    const now = spent.get(other.id) ?? { ...other.spent }
    const left = pool.count - (now[pool.key] ?? 0)
    if (left < s.amount)
      return fail(
        'economy/notEnough',
        `${other.name} has ${left === 0 ? `no ${pool.label.toLowerCase()}` : costText(left, pool.label)} left ${pool.per === 'turn' ? 'this turn' : 'this round'}; this needs ${costText(s.amount, pool.label)}.`,
      )
    now[pool.key] = (now[pool.key] ?? 0) + s.amount
    spent.set(other.id, now)
  }
  return ok([...spent].map(([combatantId, s]): DomainEvent => ({ type: 'combatant/turnStateChanged', combatantId, patch: { spent: s } })))
}

/** Others' rules data a resolution changed (an aimer whose target fell), for those still in the campaign; never the actor's. */
export function othersRulesEvents(
  ctx: Pick<DecideContext, 'state'>,
  actor: CombatantRecord | null,
  changes: Consequences['othersRules'],
): DomainEvent[] {
  return (changes ?? []).flatMap((x): DomainEvent[] => {
    const other = ctx.state.get(x.combatantId)
    if (other?.typeName !== 'combatant' || other.id === actor?.id) return []
    return [{ type: 'combatant/rulesChanged', combatantId: other.id, rules: x.rules, maxHp: null }]
  })
}

/** Turns a resolution's consequences into events: the pools spent, conditions granted or ended, reaction prompts. */
export function consequenceEvents(ctx: DecideContext, actor: CombatantRecord, c: Consequences): Result<DomainEvent[]> {
  const events: DomainEvent[] = []
  const spend = economySpend(ctx, actor, c)
  if (!spend.ok) return spend
  if (spend.value) events.push({ type: 'combatant/turnStateChanged', combatantId: actor.id, patch: spend.value })
  const others = othersSpendEvents(ctx, actor, c)
  if (!others.ok) return others
  events.push(...others.value)
  events.push(...othersRulesEvents(ctx, actor, c.othersRules))
  for (const change of c.conditions ?? []) {
    const target = ctx.state.get(change.combatantId)
    // Someone the ruleset remembers (an old melee partner) may have left the campaign: nothing to change on them.
    if (target?.typeName !== 'combatant') continue
    let current: CombatantRecord = target
    const lines: string[] = []
    const removed = current.conditions.filter(
      (x) =>
        change.remove?.includes(x.conditionId) ||
        change.removeFromSource?.some((r) => r.conditionId === x.conditionId && r.sourceId === x.sourceId),
    )
    if (removed.length) {
      current = { ...current, conditions: current.conditions.filter((x) => !removed.includes(x)) }
      lines.push(`${removed.map((x) => x.label).join(', ')} on ${current.name} ${removed.length === 1 ? 'ends' : 'end'}`)
    }
    for (const g of change.add ?? []) {
      const r = withCondition(ctx, current, { ...g, note: '' })
      if (!r.ok) return r
      current = { ...current, conditions: r.value.conditions }
      lines.push(r.value.text)
    }
    if (current.conditions !== target.conditions) {
      events.push({ type: 'combatant/turnStateChanged', combatantId: target.id, patch: { conditions: current.conditions } })
      events.push(ctx.log(lines.join('; '), { visibility: visibilityOf(target), subjects: [target.id, actor.id] }))
    }
  }
  for (const draft of c.prompts ?? []) {
    // A reactor already down or dead when the command began makes no reaction.
    const silenced = silencedReactor(ctx.state, ctx.ruleset, draft)
    if (silenced) {
      const { reactor, standing } = silenced
      events.push(
        ctx.log(`${reactor.name} is ${standing.label} and makes no reaction: ${draft.text}`, { visibility: 'gm', subjects: [reactor.id] }),
      )
      continue
    }
    const p = withPromptOdds(ctx.state, ctx.ruleset, draft)
    events.push({ type: 'prompt/put', record: { typeName: 'prompt', id: ctx.newId('prompt'), ...p } })
    const subjects: CombatantId[] = p.targetId ? [p.reactorId, p.targetId] : [p.reactorId]
    events.push(ctx.log(`Reaction available: ${p.text}`, { visibility: 'gm', subjects }))
  }
  events.push(...initiativeShiftEvents(ctx, ctx.state, c.initiative ?? [], activeEncounter(ctx.state)?.currentCombatantId ?? null))
  return ok(events)
}
