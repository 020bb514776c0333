import type { CombatantId } from '../../../src-shared/records'
import type { Result } from '../../../src-shared/result'
import type { DamageChoice } from './damage-edit'
import { parseDamageEdit } from './damage-edit'
import { parseHpEdit } from './hp-edit'

/** The one command a health field's text stands for, or why it stands for none. */
export type HpCommand =
  | { readonly type: 'combatant/damage'; readonly payload: { combatantId: CombatantId; amount: number; damageType: string } }
  | { readonly type: 'combatant/adjustHp'; readonly payload: { combatantId: CombatantId; delta: number } }
  | { readonly type: 'combatant/setHp'; readonly payload: { combatantId: CombatantId; hp: number } }

/**
 * Reads what the GM typed for a combatant's health, the same wherever it was typed (a card's
 * field, or the prompt `D`/`H` open when the card is not on screen): "-7" is damage of the picked
 * type ("-7 fire" names it) and goes through the ruleset; "+5" heals; "30" sets health directly.
 */
export function hpCommand(
  combatantId: CombatantId,
  text: string,
  types: readonly DamageChoice[],
  picked: string,
): { readonly command: HpCommand } | { readonly error: string } {
  const damage = parseDamageEdit(text, types, picked)
  if (damage && 'error' in damage) return { error: damage.error }
  if (damage)
    return { command: { type: 'combatant/damage', payload: { combatantId, amount: damage.amount, damageType: damage.damageType } } }
  const edit = parseHpEdit(text)
  if (!edit) return { error: 'Type -7 (damage), +5 (heal) or 30 (set).' }
  return {
    command:
      edit.kind === 'adjust'
        ? { type: 'combatant/adjustHp', payload: { combatantId, delta: edit.delta } }
        : { type: 'combatant/setHp', payload: { combatantId, hp: edit.hp } },
  }
}

/** Sends it through the campaign's own `send` (whose generic cannot see the pairing). */
export const sendHp = (send: (type: string, payload: unknown) => Promise<Result<unknown>>, c: HpCommand) => send(c.type, c.payload)
