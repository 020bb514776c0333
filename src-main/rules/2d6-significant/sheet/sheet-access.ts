import { sheetReader } from '../../kit/stored-sheet'
import { sheetSchema, type Sheet } from './sheet-schema'

/**
 * The one way into a stored 2d6 sheet: parsed once per stored value, written by construction.
 * Every field has a default, so what the GM hands in and what is stored share one schema.
 */
export const twoD6Sheets = sheetReader(sheetSchema, '2d6 sheet')

/** T1/T2: hits the body can take before it drops — our reading: STR + DEX + END (the `004` document gives no damage track). */
export const maxHitsOf = (s: Pick<Sheet, 'characteristics'>): number =>
  Math.max(1, s.characteristics.str + s.characteristics.dex + s.characteristics.end)
