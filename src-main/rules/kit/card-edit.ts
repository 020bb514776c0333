import type { ExplanationLine } from '../../../src-shared/attack'

/**
 * A card number the GM edits in place (ammunition, armour, effort): `key` is a field of the
 * ruleset's sheet form, counted from 0 and capped at `max` when there is one.
 */
export const countEdit = (key: string, value: number, max?: number): NonNullable<ExplanationLine['edit']> => ({
  key,
  kind: 'number',
  value,
  min: 0,
  ...(max !== undefined ? { max } : {}),
})
