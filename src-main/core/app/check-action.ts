import type { ActionDefinition } from '../../../src-shared/attack'
import type { CheckMode } from '../../../src-shared/command-fields'
import type { RulesCombatant, Ruleset } from '../../rules/ruleset'
import { checkModes } from '../commands/check-modes'

/** The key the GM console sends as `check/roll` instead of `action/perform`. */
export const CHECK_ACTION = 'check'

const MODE_LABELS: Readonly<Record<CheckMode, string>> = {
  normal: 'normal',
  advantage: 'advantage',
  disadvantage: 'disadvantage',
  average: 'average of two',
}

/**
 * Skill checks offered in the same actions flow as reload or stabilise: the ruleset's own list
 * of checks for this combatant, a DC, the roll modes the ruleset offers and a situational bonus.
 */
export function checkAction(ruleset: Ruleset, actor: RulesCombatant): ActionDefinition[] {
  const checks = ruleset.checks?.list(actor) ?? []
  if (checks.length === 0) return []
  return [
    {
      key: CHECK_ACTION,
      label: 'Skill check / save',
      target: 'none',
      cost: ruleset.checks?.costNote ?? '',
      unavailable: null,
      options: [
        {
          key: 'check',
          label: 'Check',
          kind: 'choice',
          value: checks[0]!.key,
          choices: checks.map((c) => ({ value: c.key, label: c.label })),
        },
        { key: 'dc', label: 'DC', kind: 'number', value: 50, min: -1000, max: 1000 },
        {
          key: 'mode',
          label: 'Roll',
          kind: 'choice',
          value: 'normal',
          choices: checkModes(ruleset).map((m) => ({ value: m, label: MODE_LABELS[m] })),
        },
        { key: 'bonus', label: 'Bonus', kind: 'number', value: 0, min: -1000, max: 1000 },
        ...(ruleset.checks?.cost ? [{ key: 'free', label: 'Free (the GM waives the cost)', kind: 'toggle' as const, value: false }] : []),
      ],
    },
  ]
}
