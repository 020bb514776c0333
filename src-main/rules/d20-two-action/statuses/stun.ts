import { DOC } from '../d20-terms'
import { has } from './conditions'

/** `003 Statuses` Stunned: any damage ends a stun (attacks, counter-strikes, ticks and hand-typed damage alike). */
export const damageEndsStun = (damage: number, conditions: readonly { readonly conditionId: string }[]): boolean =>
  damage > 0 && has(conditions, 'stunned')

/** The conditions with the stun taken off. */
export const withoutStun = <C extends { readonly conditionId: string }>(conditions: readonly C[]): C[] =>
  conditions.filter((x) => x.conditionId !== 'stunned')

export const STUN_ENDS_LINE = `the damage ends the stun (${DOC.statuses})`
