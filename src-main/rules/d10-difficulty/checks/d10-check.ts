import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { type Modifier, modifier, sumModifiers } from '../../kit/modifier'
import { ATTRIBUTE_LABELS, SKILL_LABELS, type Attribute, type D10Sheet, type Skill } from '../sheet/d10-sheet'

/**
 * The attributes each skill rides on. The chapter's worked example adds Dexterity and Perception
 * to the firearms skill, and thrown weapons are "handled just like other ranged weapons"; for the
 * rest it names no attribute, so these are our reading (the GM adds a modifier where it disagrees).
 */
export const SKILL_ATTRIBUTES: Readonly<Record<Skill, readonly Attribute[]>> = {
  firearms: ['dex', 'per'],
  throwing: ['dex', 'per'],
  melee: ['str', 'dex'],
  dodge: ['dex', 'per'],
  notice: ['per'],
  stealth: ['dex'],
}

/** D1: a skill check adds the skill's attribute modifiers and its ranks to the d10. */
export function skillTerms(sheet: D10Sheet, skill: Skill): Modifier[] {
  return [
    ...SKILL_ATTRIBUTES[skill].map((a) => modifier(`${ATTRIBUTE_LABELS[a]} modifier`, sheet.attributes[a], 'D1')),
    modifier(`${SKILL_LABELS[skill]} ranks`, sheet.skills[skill], 'D1'),
  ]
}

/** An attribute check: the d10 and that modifier alone (the chapter's dexterity contest). */
export const attributeTerms = (sheet: D10Sheet, a: Attribute): Modifier[] => [
  modifier(`${ATTRIBUTE_LABELS[a]} modifier`, sheet.attributes[a], 'D1'),
]

/** D1: success iff the total reaches the difficulty (a tie succeeds). */
export const meetsDifficulty = (total: number, difficulty: number): boolean => total >= difficulty

/** R0.1: each face of the d10 is equally likely. */
export const D10_FACES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

/** Exact chance that d10 + bonus reaches the difficulty (D1). */
export const checkChance = (bonus: number, difficulty: number): number =>
  D10_FACES.filter((f) => meetsDifficulty(f + bonus, difficulty)).length / 10

export interface RolledCheck {
  readonly roll: RollRecord
  readonly total: number
}

/** Rolls d10 + the terms; the roll record carries the modifiers so the log shows the sum (R0.2). */
export function rollTerms(terms: readonly Modifier[], purpose: string, dice: Dice): RolledCheck {
  const roll = dice.roll({ count: 1, sides: 10, modifier: sumModifiers(terms) }, purpose)
  return { roll, total: roll.total }
}
