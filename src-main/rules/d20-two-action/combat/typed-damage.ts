import { fail, ok, type Result } from '../../../../src-shared/result'
import type { DamageTypeDefinition, EdgeEffects, RulesCombatant } from '../../ruleset'
import { DAMAGE_TYPES, type DamageType } from '../sheet/d20-sheet'
import { d20Sheets } from '../sheet/d20-sheets'
import { damageEndsStun, STUN_ENDS_LINE, withoutStun } from '../statuses/stun'
import { affinityOf, applyAffinity } from './damage'
import { disengagedAll } from './engagement'

/** Damage with no type takes no resistance or weakness; it is the default, as a bare number always was. */
const UNTYPED = 'untyped'

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export const D20_DAMAGE_TYPES: readonly DamageTypeDefinition[] = [
  { key: UNTYPED, label: 'Untyped' },
  ...DAMAGE_TYPES.map((t) => ({ key: t, label: capitalised(t) })),
]

const isDamageType = (t: string): t is DamageType => (DAMAGE_TYPES as readonly string[]).includes(t)

/**
 * d20 damage the GM types by hand: the target's resistance halves it and its weakness doubles
 * it (W5), health stops at 0 as an attack's does, and any damage ends a stun (`003 Statuses`).
 */
export function applyD20Damage(c: RulesCombatant, amount: number, type: string): Result<EdgeEffects> {
  if (type !== UNTYPED && !isDamageType(type)) return fail('damage/unknownType', `The d20 system has no damage type "${type}".`)
  const sheet = d20Sheets.of(c)
  const affinity = sheet && isDamageType(type) ? affinityOf(sheet, type) : null
  const dealt = applyAffinity(amount, affinity)
  const lines: string[] = []
  if (affinity) lines.push(`${affinity === 'resistant' ? 'resistant' : 'weak'} to ${type}: ${dealt} (W5)`)
  // Health stops at 0, as an attack's damage leaves it (`003 Dealing Damage`), but a number the GM set lower stays where it is.
  const hp = Math.max(Math.min(0, c.hp), c.hp - dealt)
  // `003 Engaged`: one brought below 1 hit point is out of the melee (SR-D20-32).
  const out = sheet && hp < 1 && sheet.live.engagedWith.length > 0 ? d20Sheets.store(disengagedAll(sheet)) : null
  if (!damageEndsStun(dealt, c.conditions)) return ok({ rules: out, hp, lines, rolls: [] })
  lines.push(STUN_ENDS_LINE)
  return ok({ rules: out, hp, lines, rolls: [], conditions: withoutStun(c.conditions) })
}
