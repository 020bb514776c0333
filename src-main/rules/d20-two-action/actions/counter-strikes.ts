import type { ActionRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { REBOUND_SPELL, RIPOSTE_STRIKE, riposteWeapon } from '../combat/counter-prompts'
import { applyAffinity } from '../combat/damage'
import { DOC } from '../d20-terms'
import { DAMAGE_TYPES, type D20Sheet, type DamageType } from '../sheet/d20-sheet'
import { damageEndsStun } from '../statuses/stun'
import { resolution } from './resolution'
import { d20Sheets } from '../sheet/d20-sheets'

/**
 * W4's counter-strikes, resolved from their prompts as free acts of the defender (its reaction
 * was spent in the attack): a Riposte's weapon damage without modifiers, a Rebound's 1d6 of the
 * spell's type. The struck attacker's resistance or weakness applies (W5); damage ends a stun.
 */
export function performCounterStrike(
  request: ActionRequest,
  c: RulesCombatant,
  sheet: D20Sheet,
  target: RulesCombatant | null,
  dice: Dice,
): Result<ActionResolution> | null {
  if (request.action !== RIPOSTE_STRIKE && request.action !== REBOUND_SPELL) return null
  if (!target) return fail('action/noTarget', 'A counter-strike needs the attacker as its target.')
  const struck = d20Sheets.of(target)
  let type: DamageType
  let rolled: ReturnType<Dice['roll']>
  if (request.action === RIPOSTE_STRIKE) {
    const weapon = riposteWeapon(sheet)
    if (!weapon) return fail('action/noWeapon', `${c.name} has no melee weapon to riposte with.`)
    type = weapon.damageType
    rolled = dice.roll(
      { count: weapon.dice.count, sides: weapon.dice.sides, modifier: 0 },
      `${c.name}: riposte with the ${weapon.name} (no modifiers)`,
    )
  } else {
    const asked = request.options['damageType']
    type = (DAMAGE_TYPES as readonly unknown[]).includes(asked) ? (asked as DamageType) : 'aether'
    rolled = dice.roll({ count: 1, sides: 6, modifier: 0 }, `${c.name}: rebounded spell (1d6 ${type})`)
  }
  const damage = applyAffinity(rolled.total, struck?.affinities[type] ?? null)
  const hp = Math.max(0, target.hp - damage)
  const verb = request.action === RIPOSTE_STRIKE ? 'ripostes' : 'rebounds the spell'
  const unstun = damageEndsStun(damage, target.conditions)
  return ok(
    resolution(c, `${c.name} ${verb} at ${target.name}: ${damage} ${type} damage (${DOC.responding}, W4)`, {
      free: true,
      target: { rules: null, hp },
      rolls: [rolled],
      ...(unstun ? { conditions: [{ combatantId: target.id, remove: ['stunned'] }] } : {}),
    }),
  )
}
