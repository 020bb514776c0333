import type { MovementCost, RulesCombatant } from '../../ruleset'
import { ACTIONS, DOC } from '../d20-terms'
import { plural } from '../../kit/format'
import { FIVE_FEET } from '../combat/reach'
import type { D20Sheet } from '../sheet/d20-sheet'
import { has } from '../statuses/conditions'
import { d20Sheets } from '../sheet/d20-sheets'

/** `003 Moving`: 5 + Dex/2 (rounded down) squares per move; Frozen halves it, rounded down (W5). */
export function speedSquares(sheet: D20Sheet, frozen: boolean): number {
  const base = Math.max(0, 5 + Math.floor(sheet.attributes.dex / 2))
  return frozen ? Math.floor(base / 2) : base
}

/** R0.4: a square is 1.5 m. */
export const speedMetres = (sheet: D20Sheet, frozen: boolean): number => speedSquares(sheet, frozen) * FIVE_FEET

/** `003 Moving`: each move of up to its speed is One Action; a path longer than one move takes more. */
export function d20MovementCost(c: RulesCombatant, metres: number): MovementCost {
  const sheet = d20Sheets.of(c)
  if (!sheet) return { spend: [], label: 'no sheet' }
  const speed = speedMetres(sheet, has(c.conditions, 'frozen'))
  if (speed <= 0) return { spend: [], label: 'cannot move', refusal: 'its speed is 0' }
  const actions = metres <= 0 ? 0 : Math.ceil(metres / speed - 1e-9)
  const label =
    actions > 2
      ? `${actions} moves: more than a turn (${speed} m a move)`
      : `${plural(actions, 'action')} (${speed} m a move, ${DOC.moving})`
  return { spend: actions > 0 ? [{ pool: ACTIONS, amount: actions }] : [], label }
}
