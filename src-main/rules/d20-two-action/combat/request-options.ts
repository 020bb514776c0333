import type { RulesCombatant } from '../../ruleset'

/** When the GM has not set one: where both tokens stand on the map, to the tenth of a metre; else 5 m (in range, past 5 feet). */
export function defaultDistance(a: RulesCombatant, t: RulesCombatant): number {
  if (!a.position || !t.position) return 5
  return Math.round(Math.hypot(a.position.x - t.position.x, a.position.y - t.position.y) * 10) / 10
}
