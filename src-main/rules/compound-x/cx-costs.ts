import type { PoolCost, RulesCombatant } from '../ruleset'
import { actionsPerRoundLimit, type GrappleState } from './melee/grapple-state'
import type { Stance } from './ranged/ranged-setup'
import type { CxCombatant } from './sheet/cx-sheet'
import { ACTIONS_PER_TURN, actionCost, type TurnAction } from './turns/action-costs'
import { afterActions } from './turns/turn-budget'

/** The pool keys of the Compound X economy (CX20). */
export const ACTIONS_POOL = 'actions'
export const REACTIONS_POOL = 'reactions'

/** What spending `n` of the turn's actions looks like to the core; a free act spends nothing. */
export const actionsCost = (n: number): PoolCost[] => (n > 0 ? [{ pool: ACTIONS_POOL, amount: n }] : [])

/** "1 action", "2 actions", "free": the words the action and attack panels show. */
export const actionsText = (n: number): string => (n === 0 ? 'free' : n === 1 ? '1 action' : `${n} actions`)

/** A priced `000` action as the core's cost and the panel's words. */
export function priced(action: TurnAction): { cost: PoolCost[]; text: string } {
  const n = actionCost(action)
  return { cost: actionsCost(n), text: actionsText(n) }
}

/**
 * The `000` action a stance change amounts to (Using Cover/Stances): going prone and standing
 * up cost 1, crouching is free, hunkering 1 and un-hunkering free.
 *
 * Interpretations where the list is silent: rising from prone to a crouch is "standing up"
 * (1 action, the climb off the ground is the cost); a crouched combatant going prone pays the
 * 1 of going prone; un-hunkering is free whichever upright stance it ends in, and a hunkered
 * combatant dropping prone pays the 1 of going prone.
 */
export function stanceChange(from: Stance, to: Stance): TurnAction {
  if (from === to) return { kind: 'free', label: 'no change' }
  if (to === 'prone') return { kind: 'go-prone' }
  if (to === 'hunkering') return { kind: 'hunker' }
  if (from === 'hunkering') return { kind: 'un-hunker' }
  if (from === 'prone') return { kind: 'stand-up' }
  // standing ↔ crouching
  return to === 'crouching' ? { kind: 'crouch' } : { kind: 'stand-up' }
}

/** The actions (not reactions) a cost spends. */
export const actionsIn = (cost: readonly PoolCost[] | undefined): number =>
  (cost ?? []).reduce((n, c) => (c.pool === ACTIONS_POOL ? n + c.amount : n), 0)

const grappleLimitText = (name: string, limit: number) =>
  `${name} is in a grapple: ${limit === 1 ? 'one action' : `${limit} actions`} a round, already used (000 Grappling).`

/**
 * `000` Grappling: "a grappled or pinned character may use only one Action per round". Null
 * when the act may go ahead: the combatant is free, the act is free, or the limit has room.
 * SR-CX-14: counted per own turn (actions are only spent in one's turn, once a round).
 */
export function grappleActionRefusal(
  name: string,
  state: GrappleState,
  used: number,
  cost: readonly PoolCost[] | undefined,
): string | null {
  const limit = actionsPerRoundLimit(state)
  const n = actionsIn(cost)
  return limit !== null && n > 0 && used + n > limit ? grappleLimitText(name, limit) : null
}

/** The same limit before the act's price is known (action list, attack preview): no action left at all. */
export function grappleLimitReached(name: string, state: GrappleState, used: number): string | null {
  const limit = actionsPerRoundLimit(state)
  return limit !== null && used >= limit ? grappleLimitText(name, limit) : null
}

/** Counts the actions an act spent while in a grapple against the limit. */
export function countGrappleActions(c: CxCombatant, state: GrappleState, cost: readonly PoolCost[] | undefined): CxCombatant {
  const n = actionsIn(cost)
  if (actionsPerRoundLimit(state) === null || n === 0) return c
  return { ...c, live: { ...c.live, grappleActionsUsed: c.live.grappleActionsUsed + n } }
}

/**
 * `000` Disengage: "the grapple ends (and the active character has 3 Actions available this
 * round)". SR-CX-63: the three are what the turn's four leave after the disengage's own Action,
 * and the economy's pool already holds them once the grapple's one-Action limit lifts; a turn
 * that spent more before (the grapple began in it, an action lost to hitting the dirt) has fewer,
 * never more — letting go does not give actions back. The note says the pool's real count.
 */
export function actionsLeftNote(actor: Pick<RulesCombatant, 'spent'>, atMost: number, cost: readonly PoolCost[]): string {
  const left = Math.max(0, Math.min(atMost, ACTIONS_PER_TURN - (actor.spent?.[ACTIONS_POOL] ?? 0) - actionsIn(cost)))
  return `${left} Action${left === 1 ? '' : 's'} left this round (000 Disengage, SR-CX-63)`
}

/**
 * `000` Movement and Sprinting: the actions an act spent move the sprint clock (SR-CX-30). A
 * sprinting Move lengthens the streak and opens the 2-action window; every other action,
 * shots included, breaks the streak and ages the window. A shot reads the window before its
 * own action ages it, so the 2 actions after a sprint are the next 2 the combatant spends.
 * Reactions are not actions and leave it alone (SR-CX-32).
 */
export function countSprint(c: CxCombatant, cost: readonly PoolCost[] | undefined, sprinting: boolean): CxCombatant {
  const n = actionsIn(cost)
  const track = afterActions(c.live.sprint, n, sprinting)
  if (track.streak === c.live.sprint.streak && track.window === c.live.sprint.window) return c
  return { ...c, live: { ...c.live, sprint: track } }
}

/**
 * The one charger of an act's actions on the sheet: the grapple's one action a round
 * (SR-CX-14) and the sprint clock (SR-CX-30). Returns the same object when nothing changed.
 */
export function chargeActions(
  c: CxCombatant,
  state: GrappleState,
  cost: readonly PoolCost[] | undefined,
  how: { readonly sprinting: boolean; readonly outOfTurn: boolean },
): CxCombatant {
  const grappled = countGrappleActions(c, state, cost)
  // SR-CX-32: an act out of turn is paid from the reactions, whatever its price says.
  return how.outOfTurn ? grappled : countSprint(grappled, cost, how.sprinting)
}
