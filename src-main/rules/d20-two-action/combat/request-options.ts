import type { AttackRequest } from '../../../../src-shared/attack'
import type { RulesCombatant } from '../../ruleset'

type Options = AttackRequest['options']

export const optBool = (o: Options, k: string): boolean | undefined => (typeof o[k] === 'boolean' ? (o[k] as boolean) : undefined)
export const optText = (o: Options, k: string): string | undefined => (typeof o[k] === 'string' ? (o[k] as string) : undefined)
export const optNumber = (o: Options, k: string): number | undefined =>
  typeof o[k] === 'number' && Number.isFinite(o[k]) ? (o[k] as number) : undefined

/** When the GM has not set one: where both tokens stand on the map, to the tenth of a metre; else 5 m (in range, past 5 feet). */
export function defaultDistance(a: RulesCombatant, t: RulesCombatant): number {
  if (!a.position || !t.position) return 5
  return Math.round(Math.hypot(a.position.x - t.position.x, a.position.y - t.position.y) * 10) / 10
}
