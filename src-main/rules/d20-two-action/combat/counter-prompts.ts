import type { PromptDraft } from '../../ruleset'
import type { AttackSetup } from './attack-setup'
import { DOC } from '../d20-terms'
import { isMelee } from './attack-types'
import type { D20Sheet, DamageType, Weapon } from '../sheet/d20-sheet'

/** The action keys the counter-strikes resolve through (free: the reaction already paid). */
export const RIPOSTE_STRIKE = 'riposte-strike'
export const REBOUND_SPELL = 'rebound-spell'

/** What the defender ripostes with: its first melee weapon (`003 Responding to Attacks`: "did not drop your weapon"). */
export const riposteWeapon = (sheet: D20Sheet): Weapon | null => sheet.weapons.find((w) => isMelee(w.attack)) ?? null

/**
 * W4: a Riposte that held deals the defender's weapon damage without modifiers; a Rebound Spell
 * that held sends 1d6 of the spell's type back. Both are prompts the GM resolves as free
 * actions of the defender (the attack cannot hurt its own attacker through the interface).
 */
export function counterPrompt(s: AttackSetup): PromptDraft | null {
  const d = s.defence?.kind
  const base = { reactorId: s.t.id, targetId: s.a.id }
  if (d === 'riposte') {
    const weapon = riposteWeapon(s.target)
    if (!weapon) return null
    const { count, sides } = weapon.dice
    return {
      ...base,
      text: `${s.t.name} ripostes: ${count}d${sides} ${weapon.damageType} with the ${weapon.name} at ${s.a.name}, no modifiers (${DOC.responding})`,
      resolve: { kind: 'action', request: { actorId: s.t.id, action: RIPOSTE_STRIKE, targetId: s.a.id, options: {} } },
      odds: `certain: ${count}–${count * sides} before resistance (mean ${((count * (sides + 1)) / 2).toFixed(1)})`,
    }
  }
  if (d === 'rebound') {
    const type: DamageType = s.arm.weapon.damageType
    return {
      ...base,
      text: `${s.t.name} rebounds the spell: 1d6 ${type} at ${s.a.name} (${DOC.responding})`,
      resolve: { kind: 'action', request: { actorId: s.t.id, action: REBOUND_SPELL, targetId: s.a.id, options: { damageType: type } } },
      odds: 'certain: 1–6 before resistance (mean 3.5)',
    }
  }
  return null
}
