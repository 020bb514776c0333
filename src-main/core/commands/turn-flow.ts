import { endingAtTurnStart, endsAtTurnEnd } from '../../../src-shared/condition-clock'
import type { DomainEvent, TurnStatePatch } from '../../../src-shared/events'
import {
  isSurpriseRound,
  type CombatantId,
  type CombatantRecord,
  type ConditionInstance,
  type EncounterRecord,
} from '../../../src-shared/records'
import type { EdgeEffects } from '../../rules/ruleset'
import { asRulesCombatant, standingOf } from '../state/rules-combatants'
import { edgeToEvents } from './edge-events'
import { turnOrder, visibilityOf, type DecideContext } from './decide-context'

/**
 * Turn edges, in the order a table plays them: the old turn ends (its unspent actions are
 * gone, the ruleset's end-of-turn effects run, "until the end of X's turn" ends), a new round
 * refreshes reactions (or, where a round ends at each one's own turn, its turn start does), the
 * new turn starts ("until the start of X's turn" and round counts end, the turn's pools refill,
 * untriggered held actions are lost) and then the ruleset's start-of-turn effects run.
 */

/**
 * Working copies of the combatants, so several edges can change one before the events go out.
 * Only those an edge touched are copied: a turn at 3,000 combatants changes two or three.
 */
class Working {
  readonly #now = new Map<CombatantId, CombatantRecord>()
  readonly #touched = new Map<CombatantId, Set<keyof TurnStatePatch>>()

  constructor(private readonly ctx: DecideContext) {}

  get(id: CombatantId): CombatantRecord | undefined {
    const changed = this.#now.get(id)
    if (changed) return changed
    const r = this.ctx.state.get(id)
    return r?.typeName === 'combatant' ? r : undefined
  }

  /** Every combatant as the edges so far left it, in the state's order. */
  all(): CombatantRecord[] {
    return this.ctx.state.ofType('combatant').map((c) => this.#now.get(c.id) ?? c)
  }

  /**
   * Those of `all()` that carry a condition, in the same order, without walking the whole fight:
   * the state's list, as the edges left them, unless an edge gave one to someone who had none.
   */
  withConditions(): CombatantRecord[] {
    const listed = this.ctx.state.withConditions()
    const ids = new Set(listed.map((c) => c.id))
    for (const [id, c] of this.#now) if (c.conditions.length > 0 && !ids.has(id)) return this.all().filter((x) => x.conditions.length > 0)
    return listed.map((c) => this.#now.get(c.id) ?? c).filter((c) => c.conditions.length > 0)
  }

  patch(id: CombatantId, patch: TurnStatePatch): void {
    const c = this.get(id)
    if (!c) return
    this.#now.set(id, { ...c, ...patch })
    const keys = this.#touched.get(id) ?? new Set()
    for (const k of Object.keys(patch) as (keyof TurnStatePatch)[]) keys.add(k)
    this.#touched.set(id, keys)
  }

  /** Records other events changed (health, ruleset data) so later edges see them. */
  replace(c: CombatantRecord): void {
    this.#now.set(c.id, c)
  }

  /** One event per combatant whose turn state changed, carrying only the changed fields. */
  events(): DomainEvent[] {
    return [...this.#touched].map(([id, keys]) => {
      const c = this.#now.get(id)!
      const patch = Object.fromEntries([...keys].map((k) => [k, c[k]])) as TurnStatePatch
      return { type: 'combatant/turnStateChanged', combatantId: id, patch }
    })
  }
}

function poolsOfKind(ctx: DecideContext, c: CombatantRecord, per: 'turn' | 'round') {
  return ctx.ruleset.economy(c.rules).filter((p) => p.per === per)
}

function endConditions(
  ctx: DecideContext,
  w: Working,
  ending: (c: ConditionInstance) => boolean,
  why: string,
  round: number,
): DomainEvent[] {
  const logs: DomainEvent[] = []
  for (const c of w.withConditions()) {
    const gone = c.conditions.filter(ending)
    if (gone.length === 0) continue
    w.patch(c.id, { conditions: c.conditions.filter((x) => !gone.includes(x)) })
    logs.push(
      ctx.log(`${gone.map((g) => g.label).join(', ')} on ${c.name} ${gone.length === 1 ? 'ends' : 'end'} (${why})`, {
        visibility: visibilityOf(c),
        round,
        subjects: [c.id],
      }),
    )
  }
  return logs
}

/** What a ruleset's turn edge did to one combatant, into the working copy and the log. */
function applyEdge(ctx: DecideContext, w: Working, c: CombatantRecord, effects: EdgeEffects, round: number): DomainEvent[] {
  const events = edgeToEvents(ctx, c, effects, round)
  w.replace({ ...c, rules: effects.rules ?? c.rules, hp: effects.hp })
  if (effects.conditions) w.patch(c.id, { conditions: effects.conditions })
  if (effects.spend?.length) {
    const spent = { ...w.get(c.id)!.spent }
    for (const s of effects.spend) spent[s.pool] = (spent[s.pool] ?? 0) + s.amount
    w.patch(c.id, { spent })
  }
  return events
}

/**
 * A turn ends: unspent actions are forgone, the ruleset's end-of-turn effects run (the one whose
 * turn it was still acting), and then conditions "until the end of its turn" end.
 */
function turnEnds(ctx: DecideContext, w: Working, ending: CombatantRecord, round: number): DomainEvent[] {
  const events: DomainEvent[] = []
  const turnPools = poolsOfKind(ctx, ending, 'turn')
  if (turnPools.length)
    w.patch(ending.id, { spent: { ...w.get(ending.id)!.spent, ...Object.fromEntries(turnPools.map((p) => [p.key, p.count])) } })
  const c = w.get(ending.id)!
  const effects = ctx.ruleset.edges?.endOfTurn?.({ ...asRulesCombatant(c), acting: true }, ctx.dice) ?? null
  if (effects) events.push(...applyEdge(ctx, w, c, effects, round))
  events.push(...endConditions(ctx, w, (x) => endsAtTurnEnd(x.duration, ending.id), `end of ${ending.name}'s turn`, round))
  return events
}

/** Per-round pools refill for everyone as a round begins, unless the ruleset ends each one's round at its own turn. */
function roundStarts(ctx: DecideContext, w: Working): void {
  if (ctx.ruleset.roundEndsAtOwnTurn) return
  for (const c of w.all()) {
    const pools = poolsOfKind(ctx, c, 'round')
    if (pools.length === 0) continue
    w.patch(c.id, { spent: { ...c.spent, ...Object.fromEntries(pools.map((p) => [p.key, 0])) } })
  }
}

function expireAtStart(ctx: DecideContext, w: Working, starting: CombatantRecord, round: number): DomainEvent[] {
  const order = turnOrder(ctx.state)
  const events: DomainEvent[] = []
  for (const c of w.withConditions()) {
    const gone = endingAtTurnStart(c.conditions, starting, round, order)
    if (gone.length === 0) continue
    w.patch(c.id, { conditions: c.conditions.filter((x) => !gone.includes(x)) })
    events.push(
      ctx.log(
        `${gone.map((g) => g.label).join(', ')} on ${c.name} ${gone.length === 1 ? 'ends' : 'end'} (start of ${starting.name}'s turn)`,
        {
          visibility: visibilityOf(c),
          round,
          subjects: [c.id],
        },
      ),
    )
  }
  return events
}

/** The turn's own start: pools refill, untriggered held actions are lost, then the ruleset's effects. */
function startEffects(ctx: DecideContext, w: Working, startingId: CombatantId, round: number): DomainEvent[] {
  const events: DomainEvent[] = []
  let c = w.get(startingId)!
  // A round that ends at each one's own turn (003 Round Ends) gives its per-round pools back here.
  const refill = [...poolsOfKind(ctx, c, 'turn'), ...(ctx.ruleset.roundEndsAtOwnTurn ? poolsOfKind(ctx, c, 'round') : [])]
  if (refill.length) w.patch(c.id, { spent: { ...c.spent, ...Object.fromEntries(refill.map((p) => [p.key, 0])) } })
  if (c.held) {
    // Held actions whose trigger never came are lost at the holder's next turn.
    events.push(
      ctx.log(`${c.name}'s held actions ("${c.held.trigger}") are lost: the trigger never came`, {
        visibility: visibilityOf(c),
        round,
        subjects: [c.id],
      }),
    )
    w.patch(c.id, { held: null })
  }
  c = w.get(startingId)!
  const effects = ctx.ruleset.edges?.startOfTurn({ ...asRulesCombatant(c), acting: true }, ctx.dice) ?? null
  if (effects) events.push(...applyEdge(ctx, w, c, effects, round))
  return events
}

export interface TurnStep {
  readonly encounter: EncounterRecord
  /** Whose turn is ending, if anyone's (null at the first turn). */
  readonly from: CombatantRecord | null
  readonly to: CombatantRecord
  readonly round: number
  /** Slots passed over on the way (the dead, the delayed), with the round each fell in: their turn edges pass without effects. */
  readonly skipped?: readonly { readonly c: CombatantRecord; readonly round: number; readonly why: 'dead' | 'delayed' | 'surprised' }[]
  /** False when the turn resumes rather than starts (a delayed combatant acting now). */
  readonly startEdges: boolean
}

type Skipped = NonNullable<TurnStep['skipped']>

/** The turn being left ends, and the slots passed over on the way go by (their clocks still run). */
function passSlots(
  ctx: DecideContext,
  w: Working,
  from: CombatantRecord | null,
  skipped: Skipped,
  round: number,
  reach: (r: number) => void,
): DomainEvent[] {
  const events: DomainEvent[] = []
  if (from && w.get(from.id) && round >= 1) events.push(...turnEnds(ctx, w, w.get(from.id)!, round))
  for (const s of skipped) {
    reach(s.round)
    const why = { dead: 'dead: turn passed over', delayed: 'delayed: waiting to act', surprised: 'out of the surprise round: no turn' }[
      s.why
    ]
    events.push(ctx.log(`${s.c.name} is ${why}`, { visibility: visibilityOf(s.c), round: s.round, subjects: [s.c.id] }))
    events.push(...expireAtStart(ctx, w, s.c, s.round))
    events.push(...endConditions(ctx, w, (c) => endsAtTurnEnd(c.duration, s.c.id), `${s.c.name}'s turn passed over`, s.round))
  }
  return events
}

/**
 * The round runs out without a next turn yet: the last turn ends and the slots after it pass.
 * Used when the ruleset settles a new order for the coming round before anyone acts in it.
 */
export function roundCloseEvents(
  ctx: DecideContext,
  encounter: EncounterRecord,
  from: CombatantRecord | null,
  skipped: Skipped,
): DomainEvent[] {
  const w = new Working(ctx)
  const events = passSlots(ctx, w, from, skipped, encounter.round, () => {})
  return [...events, ...w.events()]
}

/** Every event of one turn change, ending with the patches to the combatants' turn state. */
export function turnChangeEvents(ctx: DecideContext, step: TurnStep): DomainEvent[] {
  const w = new Working(ctx)
  let round = step.encounter.round
  // Reactions refill whenever the walk crosses into a new round (not at the very first turn).
  const reach = (r: number) => {
    if (round >= 1 && r > round) roundStarts(ctx, w)
    round = r
  }
  const events = passSlots(ctx, w, step.from, step.skipped ?? [], round, reach)
  reach(step.round)
  events.push({ type: 'turn/changed', encounterId: step.encounter.id, round: step.round, combatantId: step.to.id })
  events.push(
    ctx.log(
      `Round ${step.round}${isSurpriseRound(step.encounter, step.round) ? ' (surprise round)' : ''}: ${step.to.name}'s turn${step.startEdges ? '' : ' (acting now)'}`,
      {
        visibility: visibilityOf(step.to),
        round: step.round,
        subjects: [step.to.id],
      },
    ),
  )
  events.push(...expireAtStart(ctx, w, step.to, step.round))
  if (step.startEdges) events.push(...startEffects(ctx, w, step.to.id, step.round))
  return [...events, ...w.events()]
}

/** Whether a combatant's slot is passed over: dead (by its ruleset) or waiting on a delay. */
export function passedOver(ctx: DecideContext, c: CombatantRecord): 'dead' | 'delayed' | null {
  if (c.delayed) return 'delayed'
  return standingOf(ctx.ruleset, c).skipsTurn ? 'dead' : null
}
