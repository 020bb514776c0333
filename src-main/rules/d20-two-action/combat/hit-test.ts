import type { ConditionInstance } from '../../../../src-shared/records'
import { DOC } from '../d20-terms'
import { modifier, type Modifier } from '../../kit/modifier'
import { BERSERK, DEFENSIVE_STANCE, has } from '../statuses/conditions'
import { ATTRIBUTE_LABELS, type D20Sheet, type Size } from '../sheet/d20-sheet'
import { hitAttribute, type Armament } from './armament'
import { isMelee, modeRule, type Mode } from './attack-types'

/** `003 Attack Modifiers` Size: how much easier a bigger target is to hit. */
export const SIZE_HIT: Readonly<Record<Size, number>> = { giant: 6, huge: 4, large: 2, medium: 0, small: -2, tiny: -4, flea: -6 }

/** The situation the GM sets on the attack panel. */
export interface Situation {
  readonly cover: boolean
  /** Where the cover came from when not the GM's tick: the map's words (SR-D20-35). */
  readonly coverWords?: string
  readonly flanking: boolean
  readonly targetProne: boolean
  /** Metres between them: centre to centre on the map, else as typed (issue 31). */
  readonly distance: number
  /** Within 5 feet: on the map base to base, so a diagonal neighbour counts (SR-D20-34); else by `distance`. */
  readonly close: boolean
}

export interface HitSides {
  readonly attacker: D20Sheet
  readonly arm: Armament
  readonly mode: Mode
  readonly target: D20Sheet
  readonly targetConditions: readonly ConditionInstance[]
}

/** W3: the target's armour rating, less what concussive criticals took off it. */
export const armourRatingOf = (s: D20Sheet): number => Math.max(0, s.armourRating - s.live.armourDamage)

/** `003 Attack Modifiers` Distance: only guns care, and only within 5 feet. */
function distanceBonus(arm: Armament, close: boolean): Modifier | null {
  const w = arm.weapon
  if (w.attack !== 'ranged' || !close) return null
  if (w.handling === 'handgun') return modifier('Within 5 feet with a handgun', 2, DOC.modifiers)
  if (w.handling === 'two-handed') return modifier('Within 5 feet with a two-handed gun', -4, DOC.modifiers)
  return null
}

/** `003 Attack Modifiers` Position, and the target's states that the attack types left on it. */
function positionBonuses(sides: HitSides, s: Situation): Modifier[] {
  const melee = isMelee(sides.arm.weapon.attack)
  const out: Modifier[] = []
  // SR-D20-35: the map's cover names what hides the target and where.
  if (s.cover) out.push(modifier(s.coverWords ? `Target behind cover (${s.coverWords})` : 'Target behind cover', -2, DOC.modifiers))
  if (s.flanking && melee) out.push(modifier('Flanking', 2, DOC.modifiers))
  if (s.targetProne && melee) out.push(modifier('Target prone, melee', 2, DOC.modifiers))
  if (s.targetProne && sides.arm.weapon.attack === 'ranged') out.push(modifier('Target prone, ranged', -2, DOC.modifiers))
  if (has(sides.targetConditions, 'stunned')) out.push(modifier('Target stunned (immobilised)', 2, DOC.statuses))
  if (has(sides.targetConditions, BERSERK)) out.push(modifier('Target went berserk', 2, DOC.attackTypes))
  if (has(sides.targetConditions, DEFENSIVE_STANCE)) out.push(modifier('Target in a defensive stance', -4, DOC.attackTypes))
  return out
}

/** `003 Proficiency`: untrained, −2 with a basic weapon and −4 with an advanced one. */
function proficiencyBonus(arm: Armament): Modifier | null {
  const w = arm.weapon
  if (w.proficient) return null
  return w.category === 'advanced'
    ? modifier('Not proficient (advanced weapon)', -4, DOC.proficiency)
    : modifier('Not proficient (basic weapon)', -2, DOC.proficiency)
}

/**
 * W3: the hit test's bonuses on top of the d20: the attribute (Str melee, Dex finesse and
 * ranged, Magic spells), then attack type, distance, position, size and proficiency, and
 * anything the attacker brings as a reaction (`extra`: the held-actions bonus, W2).
 */
export function hitBonuses(sides: HitSides, s: Situation, extra: readonly Modifier[]): Modifier[] {
  const attr = hitAttribute(sides.arm.weapon)
  const rule = modeRule(sides.mode, sides.arm.weapon.attack === 'spell' ? sides.arm.weapon.actions : 1)
  const out: Modifier[] = [modifier(ATTRIBUTE_LABELS[attr], sides.attacker.attributes[attr], 'W3')]
  if (rule.hit !== 0) out.push(modifier(rule.words.split(':')[0]!, rule.hit, `${DOC.attackTypes}, W3`))
  if (sides.mode === 'feint') out.push(modifier("Feint: target's Awareness", -sides.target.attributes.per, `${DOC.attackTypes}, W3`))
  const d = distanceBonus(sides.arm, s.close)
  if (d) out.push(d)
  out.push(...positionBonuses(sides, s))
  const size = SIZE_HIT[sides.target.size]
  if (size !== 0) out.push(modifier(`Target ${sides.target.size}`, size, `${DOC.modifiers}, W3`))
  const p = proficiencyBonus(sides.arm)
  if (p) out.push(p)
  return [...out, ...extra]
}

/** W3: a natural roll in the weapon's critical range. */
export const isCritical = (natural: number, critFrom: number): boolean => natural >= critFrom

/** W3: hit iff the total reaches the armour rating, or the natural roll is a critical. */
export const hits = (natural: number, totalBonus: number, critFrom: number, armourRating: number): boolean =>
  isCritical(natural, critFrom) || natural + totalBonus >= armourRating
