import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { DamageTypeDefinition, EdgeEffects, RulesCombatant } from '../ruleset'
import { workAfterDamage } from './actions/work-disruption'
import { workDms } from './attack/attack-setup'
import { twoD6Sheets } from './sheet/sheet-access'

/** SR-2D6-1: `004` names no damage types; the one type is damage taken, past armour. */
const TAKEN = 'untyped'

export const TWOD6_DAMAGE_TYPES: readonly DamageTypeDefinition[] = [{ key: TAKEN, label: 'Damage' }]

/**
 * 2d6 damage the GM types by hand (SR-2D6-1: the damage taken, armour already off): it comes
 * off health, and a combatant working at an extended task makes the task's check at
 * −(damage) DM, as under an attack (T7).
 */
export function applyTwoD6Damage(c: RulesCombatant, amount: number, type: string, dice: Dice): Result<EdgeEffects> {
  if (type !== TAKEN) return fail('damage/unknownType', `The 2d6 system has no damage type "${type}".`)
  const hp = c.hp - amount
  const t = twoD6Sheets.of(c)
  const task = t?.live.extended
  if (!t || !task) return ok({ rules: null, hp, lines: [], rolls: [] })
  const work = workAfterDamage(c, t, workDms(c, t, task.skill), amount, dice)
  return ok({
    rules: twoD6Sheets.store({ ...t, live: { ...t.live, extended: work.extended } }),
    hp,
    lines: [work.text.replace(/^; /, '')],
    rolls: [...work.rolls],
  })
}
