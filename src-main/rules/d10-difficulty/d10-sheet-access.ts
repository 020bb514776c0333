import { sheetReader } from '../kit/stored-sheet'
import { storedD10SheetSchema } from './sheet/d10-sheet'

/** The one way into a stored d10 sheet: parsed once per stored value, written by construction. */
export const d10Sheets = sheetReader(storedD10SheetSchema, 'd10 character sheet')
