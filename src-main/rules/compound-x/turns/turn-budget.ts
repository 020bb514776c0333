import { fail, ok, type Result } from '../../../../src-shared/result'
import { ACTIONS_PER_TURN, actionCost, describeAction, type TurnAction } from './action-costs'

/** CX20: up to 3 reactions per round (held actions included: `000` calls them a type of reaction). */
export const REACTIONS_PER_ROUND = 3
/** CX20: at most 2 actions may be held. */
export const MAX_HELD_ACTIONS = 2
/** `000` Movement and Sprinting: the sprint penalty lasts through the 2 actions after a sprint. */
export const SPRINT_AFTERGLOW_ACTIONS = 2

export type TurnEndedBy = 'not-started' | 'ended' | 'suppress' | 'hold'

export type TurnPhase =
  { readonly kind: 'waiting'; readonly endedBy: TurnEndedBy } | { readonly kind: 'acting'; readonly actionsLeft: number }

export interface HeldActions {
  readonly actions: 1 | 2
  /** What the GM agreed will release them. */
  readonly trigger: string
}

/** An action longer than what was left of the turn (a failed reload), finished at the next turn's start. */
export interface OngoingAction {
  readonly label: string
  readonly actionsLeft: number
}

/** One combatant's action economy (CX20, CX21, CX24 and sprinting), replaced whole by each function. */
export interface TurnBudget {
  readonly phase: TurnPhase
  readonly reactionsUsed: number
  readonly held: HeldActions | null
  /** CX21: hitting the dirt consumes the first action of the next turn. */
  readonly loseFirstAction: boolean
  readonly ongoing: OngoingAction | null
  /** FORT: the most consecutive sprint actions. */
  readonly sprintLimit: number
  readonly sprintStreak: number
  /** Actions still under the sprint penalty (CX6 +1): 2 after a sprint, counting down per action. */
  readonly sprintWindow: number
}

export interface Spent {
  readonly budget: TurnBudget
  readonly cost: number
  /** Whether the action began inside the sprint window (feeds CX6's "shooter sprinted" +1). */
  readonly sprinted: boolean
}

export interface TurnStart {
  readonly budget: TurnBudget
  /** Held actions whose trigger never came (CX20: lost at the holder's turn start). */
  readonly heldLost: HeldActions | null
  readonly actionsLostToHitTheDirt: 0 | 1
  /** Actions this turn spent finishing an ongoing action. */
  readonly ongoingActionsSpent: number
}

export const newTurnBudget = (fort: number): TurnBudget => ({
  phase: { kind: 'waiting', endedBy: 'not-started' },
  reactionsUsed: 0,
  held: null,
  loseFirstAction: false,
  ongoing: null,
  sprintLimit: fort,
  sprintStreak: 0,
  sprintWindow: 0,
})

/**
 * Time passing for the sprint rules. Streak and window run on the combatant's own actions, so
 * they carry over turn boundaries ("consecutive actions", "2 actions afterwards"); any action
 * that is not a sprint, and any action left unspent, breaks the streak and ages the window.
 */
function pass(b: TurnBudget, actions: number, sprinting: boolean): TurnBudget {
  if (actions <= 0) return b
  if (sprinting) return { ...b, sprintStreak: b.sprintStreak + actions, sprintWindow: SPRINT_AFTERGLOW_ACTIONS }
  return { ...b, sprintStreak: 0, sprintWindow: Math.max(0, b.sprintWindow - actions) }
}

const actionsLeftOf = (b: TurnBudget): number => (b.phase.kind === 'acting' ? b.phase.actionsLeft : 0)

/** CX20 reactions are counted per round. */
export const startRound = (b: TurnBudget): TurnBudget => ({ ...b, reactionsUsed: 0 })

/** CX20, CX21: 4 actions, minus the one lost to hitting the dirt; unused held actions are lost; ongoing actions finish first. */
export function startTurn(b: TurnBudget): TurnStart {
  const lost: 0 | 1 = b.loseFirstAction ? 1 : 0
  let budget = pass({ ...b, held: null, loseFirstAction: false }, lost, false)
  let actionsLeft = ACTIONS_PER_TURN - lost
  const ongoingActionsSpent = Math.min(actionsLeft, b.ongoing?.actionsLeft ?? 0)
  if (b.ongoing) {
    const rest = b.ongoing.actionsLeft - ongoingActionsSpent
    budget = pass({ ...budget, ongoing: rest > 0 ? { ...b.ongoing, actionsLeft: rest } : null }, ongoingActionsSpent, false)
    actionsLeft -= ongoingActionsSpent
  }
  return {
    budget: { ...budget, phase: { kind: 'acting', actionsLeft } },
    heldLost: b.held,
    actionsLostToHitTheDirt: lost,
    ongoingActionsSpent,
  }
}

/** Ends the turn; actions left unspent are simply gone. */
export const endTurn = (b: TurnBudget): TurnBudget => pass({ ...b, phase: { kind: 'waiting', endedBy: 'ended' } }, actionsLeftOf(b), false)

function notActing(b: TurnBudget): Result<never> {
  const endedBy = b.phase.kind === 'waiting' ? b.phase.endedBy : 'ended'
  if (endedBy === 'suppress') return fail('turn/suppressEndsTurn', 'Suppress must be the last action of the turn (CX24)')
  if (endedBy === 'hold') return fail('turn/heldEndsTurn', 'Holding actions ends the turn; the held actions wait for their trigger (CX20)')
  return fail('turn/notActing', "It is not this combatant's turn (CX20)")
}

/** CX20: spends one action of the `000` list; free actions are always allowed, at any time. */
export function spend(b: TurnBudget, action: TurnAction): Result<Spent> {
  const cost = actionCost(action)
  const sprinted = b.sprintWindow > 0
  if (cost === 0) return ok({ budget: b, cost, sprinted })
  if (b.phase.kind !== 'acting') return notActing(b)
  const left = b.phase.actionsLeft
  if (left === 0) return fail('turn/noActionsLeft', `No actions left this turn (${ACTIONS_PER_TURN} per turn, CX20)`)
  const sprinting = action.kind === 'move' && action.sprint
  if (sprinting && b.sprintStreak + cost > b.sprintLimit) {
    return fail(
      'turn/sprintLimit',
      `Sprinting is limited to FORT (${b.sprintLimit}) consecutive actions; ${b.sprintStreak} already sprinted (000 Movement and Sprinting)`,
    )
  }
  if (cost > left && action.kind !== 'reload') {
    return fail('turn/notEnoughActions', `${describeAction(action)} needs ${cost} actions; ${left} left this turn (CX20)`)
  }
  // A reload longer than the rest of the turn (a failed check doubles it) carries on next turn.
  const now = Math.min(cost, left)
  const ongoing = cost > left ? { label: describeAction(action), actionsLeft: cost - left } : b.ongoing
  let budget = pass({ ...b, ongoing, phase: { kind: 'acting', actionsLeft: left - now } }, now, sprinting)
  // CX24: Suppress is the last action of a turn; whatever is left is forgone.
  if (action.kind === 'suppress') budget = pass({ ...budget, phase: { kind: 'waiting', endedBy: 'suppress' } }, left - now, false)
  return ok({ budget, cost, sprinted })
}

/** CX20: hold 1 or 2 actions against a declared trigger; this ends the turn. */
export function hold(b: TurnBudget, actions: number, trigger: string): Result<TurnBudget> {
  if (b.phase.kind !== 'acting') return notActing(b)
  if (actions !== 1 && actions !== MAX_HELD_ACTIONS) return fail('turn/holdCount', `Hold 1 or ${MAX_HELD_ACTIONS} actions (CX20)`)
  if (actions > b.phase.actionsLeft) return fail('turn/notEnoughActions', `Only ${b.phase.actionsLeft} actions left to hold (CX20)`)
  if (trigger.trim() === '') return fail('turn/holdTrigger', 'A held action needs a declared trigger (CX20)')
  const ended = pass({ ...b, phase: { kind: 'waiting', endedBy: 'hold' } }, b.phase.actionsLeft, false)
  const count: 1 | 2 = actions === 1 ? 1 : 2
  return ok({ ...ended, held: { actions: count, trigger: trigger.trim() } })
}

function useReaction(b: TurnBudget): Result<TurnBudget> {
  if (b.reactionsUsed >= REACTIONS_PER_ROUND) {
    return fail('turn/noReactionsLeft', `Up to ${REACTIONS_PER_ROUND} reactions per round; all are used (CX20)`)
  }
  return ok({ ...b, reactionsUsed: b.reactionsUsed + 1 })
}

/** CX20: a reaction (an opportunity attack…), at any time, up to 3 per round. */
export const react = (b: TurnBudget): Result<TurnBudget> => useReaction(b)

/** CX20: the trigger came: the held actions are used at once, as one reaction. */
export function triggerHeld(b: TurnBudget): Result<{ readonly budget: TurnBudget; readonly held: HeldActions }> {
  if (!b.held) return fail('turn/nothingHeld', 'No actions are held (CX20)')
  const held = b.held
  const used = useReaction(b)
  if (!used.ok) return used
  return ok({ budget: { ...used.value, held: null }, held })
}

/** CX21: the dive to the ground costs the first action of the combatant's next turn. */
export const loseFirstActionNextTurn = (b: TurnBudget): TurnBudget => ({ ...b, loseFirstAction: true })

/** CX6: whether a shot taken now counts as "sprinted this action or the 2 before". */
export const shooterSprinted = (b: TurnBudget): boolean => b.sprintWindow > 0
