import type { PoolCost } from '../ruleset'
import type { Stance } from './ranged/ranged-setup'
import { actionCost, type TurnAction } from './turns/action-costs'

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
