import { fail, ok, type Result } from '../../../../src-shared/result'
import type { RangedWeapon } from '../content/pack-schema'
import type { FireMode } from '../ranged/ranged-setup'

/** CX20: a combatant has 4 actions per turn. */
export const ACTIONS_PER_TURN = 4

/**
 * Everything a combatant can spend actions on, as the `000` Actions list prices it. Costs that
 * depend on the weapon or the reload check are carried in the action (built by `fireAction`,
 * `reloadAction`), so the budget never needs the weapon.
 */
export type TurnAction =
  /** Actions from the reload check (`reload.ts`); may run past the end of the turn. */
  | { readonly kind: 'reload'; readonly actions: number }
  /** 2 actions cover the metres-per-2-actions distance; 1 covers half (see `movement.ts`). */
  | { readonly kind: 'move'; readonly actions: 1 | 2; readonly sprint: boolean }
  | { readonly kind: 'fire'; readonly mode: FireMode; readonly actions: number }
  | { readonly kind: 'suppress' }
  | { readonly kind: 'hunker' }
  | { readonly kind: 'aim' }
  | { readonly kind: 'cast-spell' }
  | { readonly kind: 'flashlight' }
  | { readonly kind: 'draw' }
  | { readonly kind: 'skill-check' }
  | { readonly kind: 'go-prone' }
  | { readonly kind: 'stand-up' }
  | { readonly kind: 'crouch' }
  | { readonly kind: 'un-hunker' }
  | { readonly kind: 'stop-aiming' }
  /** Conversing, getting your bearings, shutting your eyes…: free (`000` Free Actions). */
  | { readonly kind: 'free'; readonly label: string }
  /** Anything the list does not price (cook a grenade, stabilize…), at the GM's cost. */
  | { readonly kind: 'other'; readonly label: string; readonly actions: number }

export type TurnActionKind = TurnAction['kind']

const FIXED_COSTS = {
  suppress: 1,
  hunker: 1,
  aim: 1,
  'cast-spell': 1,
  flashlight: 1,
  draw: 1,
  'skill-check': 1,
  'go-prone': 1,
  'stand-up': 1,
  crouch: 0,
  'un-hunker': 0,
  'stop-aiming': 0,
  free: 0,
} as const satisfies Partial<Record<TurnActionKind, number>>

/** CX20: what an action costs, from the `000` Actions list (and Cover/Stances, Aiming). */
export function actionCost(action: TurnAction): number {
  switch (action.kind) {
    case 'reload':
    case 'move':
    case 'fire':
    case 'other':
      return action.actions
    default:
      return FIXED_COSTS[action.kind]
  }
}

/**
 * `000` Fire Rates: a semi-auto shot costs the weapon's actions per shot (2 for pump and bolt
 * actions, the second being the rechamber); a burst or an automatic volley costs 1.
 */
export function fireAction(weapon: Pick<RangedWeapon, 'name' | 'semi' | 'burst' | 'auto'>, mode: FireMode): Result<TurnAction> {
  if (mode === 'semi') {
    if (!weapon.semi) return fail('turn/noFireMode', `The ${weapon.name} has no semi-auto mode`)
    return ok({ kind: 'fire', mode, actions: weapon.semi.actionsPerShot })
  }
  if (!weapon[mode]) return fail('turn/noFireMode', `The ${weapon.name} has no ${mode} mode`)
  return ok({ kind: 'fire', mode, actions: 1 })
}
