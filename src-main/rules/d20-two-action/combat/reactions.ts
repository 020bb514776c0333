import type { RulesCombatant } from '../../ruleset'
import { DOC } from '../d20-terms'
import { modifier, type Modifier } from '../../kit/modifier'
import { GUARDED, has } from '../statuses/conditions'
import { DEFENCES, type D20Sheet, type Defence, type Weapon } from '../sheet/d20-sheet'
import { heldBonus, reactionRefusal } from '../turns/economy'
import { isMelee, type Mode } from './attack-types'

export const DEFENCE_LABELS: Readonly<Record<Defence, string>> = {
  dodge: 'Dodge',
  parry: 'Parry',
  riposte: 'Riposte',
  counterspell: 'Counterspell',
  rebound: 'Rebound Spell',
}

/** W4: a Dodge, Parry or Riposte is a Dexterity roll; a Counterspell or Rebound a Magic roll. */
export const isMagicDefence = (d: Defence): boolean => d === 'counterspell' || d === 'rebound'

/** W4: what answers what: parry and riposte melee only, counterspell and rebound spells only; a feint allows none of the first three. */
function fitRefusal(d: Defence, weapon: Weapon, mode: Mode): string | null {
  if (mode === 'feint' && !isMagicDefence(d)) return `A feint cannot be dodged, parried or riposted (${DOC.attackTypes}).`
  if ((d === 'parry' || d === 'riposte') && !isMelee(weapon.attack))
    return `${DEFENCE_LABELS[d]} only answers melee attacks (${DOC.responding}).`
  if (isMagicDefence(d) && weapon.attack !== 'spell') return `${DEFENCE_LABELS[d]} only answers magic attacks (${DOC.responding}).`
  return null
}

/** Why the target cannot make this reaction against this attack, or null. */
export function defenceRefusal(target: D20Sheet, t: RulesCombatant, d: Defence, weapon: Weapon, mode: Mode): string | null {
  if (!target.defences.includes(d)) return `${t.name} does not have the ${DEFENCE_LABELS[d]} skill (${DOC.responding}).`
  if (has(t.conditions, 'stunned')) return `${t.name} is stunned and cannot react (${DOC.statuses}).`
  return fitRefusal(d, weapon, mode) ?? reactionRefusal(target, t, d)
}

/** The reactions the target could make against this attack now. */
export const availableDefences = (target: D20Sheet, t: RulesCombatant, weapon: Weapon, mode: Mode): Defence[] =>
  DEFENCES.filter((d) => defenceRefusal(target, t, d, weapon, mode) === null)

/**
 * W4: d20 + Dex (Magic for the spell answers), + the held-actions bonus (W2), + 2 on a Dodge,
 * Parry or Riposte after its own defensive strike this round (`003 Attack Types`).
 */
export function defenceBonuses(target: D20Sheet, t: RulesCombatant, d: Defence): Modifier[] {
  const magic = isMagicDefence(d)
  const out = [modifier(magic ? 'Magic' : 'Dexterity', magic ? target.attributes.mag : target.attributes.dex, 'W4')]
  const held = heldBonus(t)
  if (held) out.push(held)
  if (!magic && has(t.conditions, GUARDED)) out.push(modifier('Defensive strike this round', 2, DOC.attackTypes))
  return out
}

/** A reaction's critical: a natural 20 (the document's usual critical; reactions list no range of their own). */
export const CRITICAL_REACTION = 20

/**
 * W4: the reaction stops the attack iff its total exceeds the hit test; against a critical hit
 * it must also be a critical itself ("only succeed if the reaction is critical as well").
 */
export function defenceStops(natural: number, defenceTotal: number, hitTotal: number, hitCritical: boolean): boolean {
  return defenceTotal > hitTotal && (!hitCritical || natural >= CRITICAL_REACTION)
}
