import type { ConditionInstance } from '../../../../src-shared/records'
import type { ConditionDefinition } from '../../ruleset'
import { modifier, type Modifier } from '../../kit/modifier'

/** T3: the mark a reaction leaves (−1 DM on every check per stack, until the reactor's next turn). */
export const REACTED = 'reacted'

export const CONDITIONS: readonly ConditionDefinition[] = [
  {
    id: REACTED,
    label: 'Reacting',
    summary: '−1 DM on every check per reaction taken, until the start of its own next turn (each reaction also cost 2 initiative).',
    source: 'T3',
    stacks: true,
  },
  { id: 'stunned', label: 'Stunned', summary: 'Takes no actions while it lasts (the GM sets how long).', source: 'GM', stacks: false },
  { id: 'unconscious', label: 'Unconscious', summary: 'Out of the fight until revived.', source: 'GM', stacks: false },
]

/** T3: the DM a combatant's own reactions put on its checks, from its conditions. */
export function reactedDm(conditions: readonly ConditionInstance[]): Modifier[] {
  const stacks = conditions.filter((c) => c.conditionId === REACTED).reduce((t, c) => t + c.stacks, 0)
  return stacks > 0 ? [modifier(`reacted ×${stacks} (until its next turn)`, -stacks, 'T3')] : []
}
