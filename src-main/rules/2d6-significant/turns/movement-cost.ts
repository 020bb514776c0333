import type { MovementCost, PoolCost, RulesCombatant } from '../../ruleset'
import { MOVE_METRES } from '../actions/basic'
import { costOf } from './economy'

/**
 * `004` Movement: 6 m a minor action, in map metres (R0.4); a round holds at most three minor
 * actions (T3). A drag pays them one by one as the Move action would: the minor action first,
 * then halves of the significant one.
 */
export function movementCost(c: RulesCombatant, metres: number): MovementCost {
  const minors = Math.max(1, Math.ceil(metres / MOVE_METRES))
  const spend: PoolCost[] = []
  let spent = { ...c.spent }
  for (let i = 0; i < minors; i++) {
    for (const cost of costOf('minor', { ...c, spent })) {
      spend.push(cost)
      spent = { ...spent, [cost.pool]: (spent[cost.pool] ?? 0) + cost.amount }
    }
  }
  if (minors > 3) return { spend, label: `${minors} minor actions: more than one round (6 m each)` }
  return {
    spend,
    label:
      minors === 1
        ? '1 minor action'
        : minors === 2
          ? '2 minor actions (minor + half the significant)'
          : '3 minor actions (the whole round)',
  }
}
