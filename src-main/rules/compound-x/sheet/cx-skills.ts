import type { StatName } from '../content/pack-schema'

/**
 * The stat each common skill usually rides on (the `001` skills list, and Explosives, which `000`
 * Grenades asks of a thrower; the GM may pick another).
 */
export const SKILL_STATS: Readonly<Record<string, StatName>> = {
  Deception: 'cha',
  Insight: 'cha',
  Performance: 'cha',
  Persuasion: 'cha',
  Acrobatics: 'dex',
  'Sleight of Hand': 'dex',
  Stealth: 'dex',
  Vehicles: 'dex',
  Intimidation: 'fort',
  Hacking: 'int',
  Medicine: 'int',
  Repair: 'int',
  'Jury-rigging': 'int',
  Navigation: 'int',
  Survival: 'int',
  Knowledge: 'int',
  Weapons: 'int',
  Investigation: 'per',
  Spotting: 'per',
  Athletics: 'str',
  Explosives: 'int',
  // Listed so the sheet form offers them: `000` Thrown Weapons reads Weapons - Thrown (≥ 20) and
  // `001` Stealth Attacks the melee skill (≥ 10, SR-CX-53). Their stat is Weapons' (skillStat).
  'Weapons - Melee': 'int',
  'Weapons - Thrown': 'int',
}

/** A skill's stat: "Weapons - Rifles" rides on Weapons' stat; an unknown skill on INT. */
export const skillStat = (skill: string): StatName => SKILL_STATS[skill.split(' - ')[0]!.trim()] ?? 'int'

/** The skills the sheet form offers: the common ones and any the sheet already has. */
export const formSkills = (have: Readonly<Record<string, number>>): string[] =>
  [...new Set([...Object.keys(SKILL_STATS), ...Object.keys(have)])].sort((a, b) => a.localeCompare(b))
