import type { Characteristic } from '../characteristics'

/**
 * The skills the `004` document names (Melee, Gun Combat, Heavy Weapons, Athletics, Tactics)
 * and a few every classic 2d6 crew uses, with the characteristic a GM usually pairs them with
 * for a plain check. The document pairs only the attacks (Sample Attacks); the rest is our
 * reading, and a GM can still add any DM by hand.
 */
export const SKILL_CHARACTERISTIC: Readonly<Record<string, Characteristic>> = {
  Melee: 'str',
  'Gun Combat': 'dex',
  'Heavy Weapons': 'dex',
  Athletics: 'dex',
  Tactics: 'int',
  Recon: 'int',
  Stealth: 'dex',
  Medic: 'edu',
  Mechanic: 'edu',
  Electronics: 'edu',
  Pilot: 'dex',
  'Vacc Suit': 'edu',
  Leadership: 'soc',
  Persuade: 'soc',
}

/** The combat skills the sheet form shows as their own fields. */
export const FORM_SKILLS = ['Melee', 'Gun Combat', 'Heavy Weapons', 'Athletics', 'Tactics'] as const

/**
 * A skill the character lacks is rolled at −3: the classic unskilled DM (the `004` document
 * does not say; without it a trained level 0 and no training would read the same).
 */
export const UNSKILLED_DM = -3

export const characteristicFor = (skill: string): Characteristic => SKILL_CHARACTERISTIC[skill] ?? 'int'

export const skillDm = (skills: Readonly<Record<string, number>>, skill: string): number => skills[skill] ?? UNSKILLED_DM
