import type { ActionRequest, AttackRequest } from './attack'
import type { CommandInput } from './commands'

/**
 * The dice an act still needs from the GM's table, in the order the rules will ask for them,
 * worked out before the act is sent (the dicePlan request). Nothing is changed by asking.
 */

/** The acts a panel sends with typed dice: an attack, an action, a skill check. */
export const PLANNED_ACTS = ['attack/resolve', 'action/perform', 'check/roll'] as const
export type PlannedActType = (typeof PLANNED_ACTS)[number]
export type PlannedAct =
  | { readonly type: 'attack/resolve'; readonly payload: { readonly request: AttackRequest; readonly secret?: boolean } }
  | { readonly type: 'action/perform'; readonly payload: { readonly request: ActionRequest; readonly secret?: boolean } }
  | { readonly type: 'check/roll'; readonly payload: CommandInput<'check/roll'> }

/** Bounds: a plan lists at most `maxDice` dice (a longer chain is cut, `more` set). */
export const DICE_PLAN = { maxDice: 40 } as const

/** One die the act asks for. */
export interface PlannedDie {
  readonly sides: number
  /** The ruleset's words for it ("to hit", "armour"…). */
  readonly purpose: string
  /** The typed face that covers it, or null when the GM has yet to type (or roll) it. */
  readonly face: number | null
  /** Asked for only if earlier results go a certain way (a hit before armour): "if it comes to that". */
  readonly conditional: boolean
}

export interface DicePlan {
  readonly dice: readonly PlannedDie[]
  /** The chain went on past `DICE_PLAN.maxDice`. */
  readonly more: boolean
  /** Typed faces beyond what the act needs (the act would be refused with them). */
  readonly extra: number
  /** Why the act cannot go with these faces (a face no die shows), or null. The rules' refusal of the act refuses the request. */
  readonly problem: string | null
}
