import type { JsonValue } from '../../../../src-shared/json'
import type { Dice } from '../../dice'
import type { EdgeEffects, RulesCombatant } from '../../ruleset'
import { ACTIONS } from '../d20-terms'
import type { D20Sheet, Live } from '../sheet/d20-sheet'
import { statusesAtTurnStart } from '../statuses/ticks'
import { d20Sheets } from '../sheet/d20-sheets'

const sheetOf = (c: RulesCombatant) => d20Sheets.of(c)
const withLive = (s: D20Sheet, live: Partial<Live>): JsonValue => d20Sheets.store({ ...s, live: { ...s.live, ...live } })

/**
 * The start of its own turn: W2's count of attacks this turn starts again, and W5's statuses
 * tick (damage, actions lost).
 */
export function d20StartOfTurn(c: RulesCombatant, dice: Dice): EdgeEffects | null {
  const sheet = sheetOf(c)
  const ticks = statusesAtTurnStart(c, sheet, dice)
  const reset = sheet !== null && sheet.live.attacksThisTurn !== 0
  if (!reset && ticks.lines.length === 0) return null
  return {
    rules: reset ? withLive(sheet, { attacksThisTurn: 0 }) : null,
    hp: ticks.hp,
    lines: ticks.lines,
    rolls: ticks.rolls,
    ...(ticks.conditions ? { conditions: ticks.conditions } : {}),
    ...(ticks.actionsLost ? { spend: [{ pool: ACTIONS, amount: ticks.actionsLost }] } : {}),
  }
}

/** W2: a new round gives back the round's reactions, so the sheet forgets which kinds were used. */
export function d20StartOfRound(c: RulesCombatant): EdgeEffects | null {
  const sheet = sheetOf(c)
  if (!sheet || sheet.live.reactions.length === 0) return null
  return { rules: withLive(sheet, { reactions: [] }), hp: c.hp, lines: [], rolls: [] }
}

/** A fight starts and ends with no attacks or reactions counted (armour dents stay until repaired). */
export function d20FreshCounts(c: RulesCombatant): EdgeEffects | null {
  const sheet = sheetOf(c)
  if (!sheet || (sheet.live.attacksThisTurn === 0 && sheet.live.reactions.length === 0)) return null
  return { rules: withLive(sheet, { attacksThisTurn: 0, reactions: [] }), hp: c.hp, lines: [], rolls: [] }
}
