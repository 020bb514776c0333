import type { JsonValue } from '../../../../src-shared/json'
import type { Dice } from '../../dice'
import type { EdgeEffects, RulesCombatant } from '../../ruleset'
import { ACTIONS, DOC } from '../d20-terms'
import type { D20Sheet, Live } from '../sheet/d20-sheet'
import { has } from '../statuses/conditions'
import { statusesAtTurnStart } from '../statuses/ticks'
import { d20Sheets } from '../sheet/d20-sheets'

const STUNNED = 'stunned'

const sheetOf = (c: RulesCombatant) => d20Sheets.of(c)
const withLive = (s: D20Sheet, live: Partial<Live>): JsonValue => d20Sheets.store({ ...s, live: { ...s.live, ...live } })

/**
 * The start of its own turn: W2's count of attacks this turn starts again, its round ends so
 * the reactions it used come back (`003 Round Ends`, SR-D20-2; the core refills the pool), and
 * W5's statuses tick (damage, actions lost).
 */
export function d20StartOfTurn(c: RulesCombatant, dice: Dice): EdgeEffects | null {
  const sheet = sheetOf(c)
  const ticks = statusesAtTurnStart(c, sheet, dice)
  const reset = sheet !== null && (sheet.live.attacksThisTurn !== 0 || sheet.live.reactions.length !== 0)
  if (!reset && ticks.lines.length === 0) return null
  return {
    rules: reset ? withLive(sheet, { attacksThisTurn: 0, reactions: [] }) : null,
    hp: ticks.hp,
    lines: ticks.lines,
    rolls: ticks.rolls,
    ...(ticks.conditions ? { conditions: ticks.conditions } : {}),
    ...(ticks.actionsLost ? { spend: [{ pool: ACTIONS, amount: ticks.actionsLost }] } : {}),
  }
}

/** `003 Statuses` Stunned: a Vitality test above this at the end of its turn lifts it. */
export const SHAKE_STUN_ABOVE = 13

/**
 * The end of its own turn: a stunned combatant makes its Vitality test, d20 + Vitality, and a
 * result above 13 lifts the stun (`003 Statuses` Stunned; SR-D20-1: rolled for it at every
 * end of its turn, not an action — a stunned one can take none).
 */
export function d20EndOfTurn(c: RulesCombatant, dice: Dice): EdgeEffects | null {
  const sheet = sheetOf(c)
  if (!sheet || !has(c.conditions, STUNNED)) return null
  const roll = dice.roll({ count: 1, sides: 20, modifier: sheet.attributes.vit }, `${c.name}: Vitality test against the stun`)
  const lifted = roll.total > SHAKE_STUN_ABOVE
  return {
    rules: null,
    hp: c.hp,
    lines: [
      `Vitality test ${roll.total} at the end of its turn (above ${SHAKE_STUN_ABOVE} lifts it): ${lifted ? 'the stun is lifted' : 'still stunned'} (${DOC.statuses}, SR-D20-1)`,
    ],
    rolls: [roll],
    ...(lifted ? { conditions: c.conditions.filter((x) => x.conditionId !== STUNNED) } : {}),
  }
}

/**
 * A fight starts and ends with no attacks or reactions counted and nobody engaged (`003
 * Engaged`, SR-D20-32); armour dents stay until repaired.
 */
export function d20FreshCounts(c: RulesCombatant): EdgeEffects | null {
  const sheet = sheetOf(c)
  const live = sheet?.live
  if (!sheet || !live || (live.attacksThisTurn === 0 && live.reactions.length === 0 && live.engagedWith.length === 0)) return null
  return { rules: withLive(sheet, { attacksThisTurn: 0, reactions: [], engagedWith: [] }), hp: c.hp, lines: [], rolls: [] }
}
