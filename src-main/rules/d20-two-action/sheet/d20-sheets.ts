import { sheetReader } from '../../kit/stored-sheet'
import { RULESET_NAME } from '../d20-terms'
import { d20SheetSchema } from './d20-sheet'

/**
 * The one way into a stored d20 sheet: parsed once per stored value, written by construction.
 * Every field has a default, so what the GM hands in and what is stored share one schema.
 */
export const d20Sheets = sheetReader(d20SheetSchema, `${RULESET_NAME} sheet`)
