import type { FormField } from '../../../src-shared/attack'

/** A choice field from [value, label] pairs, the way the attack panel and action forms list them. */
export const choiceField = (key: string, label: string, value: string, choices: readonly (readonly [string, string])[]): FormField => ({
  key,
  label,
  kind: 'choice',
  value,
  choices: choices.map(([v, l]) => ({ value: v, label: l })),
})
