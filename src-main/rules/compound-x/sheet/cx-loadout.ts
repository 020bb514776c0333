import type { ContentLibrary } from '../content/content-library'
import type { ArmourRig, CharacterClass, CloakModule, RangedWeapon, Shield } from '../content/pack-schema'
import type { CxCombatantParsed } from './cx-sheet'

/*
 * What a Compound X loadout allows: the class's weapon and armour proficiencies (`001` Weapon
 * Proficiencies, Armor Proficiencies), the rigs' Mag Space (`000` Where Is My Ammo Storage?) and
 * Hard Points (`000` What Is an 'Advanced Rig'?), and a module's skill requirement. Pure reads of
 * the sheet and the pack; the sheet flags what they deny (cx-gear.ts) and play enforces it.
 * SR-CX-195: a stored sheet is never refused for its loadout, only flagged; a sheet without a
 * class has no proficiency list to check, and one without armour rigging no Mag Space or Hard
 * Points to count (the GM's creature, drone or level-0 character).
 */

/** A sheet's class, if any (a bare armour reading may leave it out: then no class, nothing to check). */
export interface WithClass {
  readonly classId?: string | null
}
type Loadout = Pick<CxCombatantParsed, 'classId' | 'armour' | 'weapons' | 'shieldId' | 'cloakId' | 'skills'>

/** The class's proficiency names for each gun category (the `classes` pack lists them by name). */
export const GUN_PROFICIENCY: Readonly<Record<RangedWeapon['category'], string>> = {
  pistol: 'Pistols',
  revolver: 'Pistols',
  smg: 'Submachine Guns',
  shotgun: 'Shotguns',
  carbine: 'Carbines',
  'assault-rifle': 'Assault Rifles',
  'battle-rifle': 'Battle Rifles',
  dmr: 'Long Rifles',
  'long-rifle': 'Long Rifles',
  'machine-gun': 'Machine Guns',
  'heavy-weapon': 'Heavy Weapons',
  launcher: 'Rocket Launchers',
}

/** The armour proficiency each rig family needs; EVA gear is no armour type a class lists (SR-CX-194). */
const FAMILY_PROFICIENCY: Readonly<Record<ArmourRig['family'], string | null>> = {
  recon: 'Recon',
  light: 'Light',
  medium: 'Medium',
  'medium-heavy': 'Medium-Heavy',
  heavy: 'Heavy',
  concealed: 'Concealed',
  eva: null,
}

/** `Items/05_Armors` Cloaking Equipment: "You must have proficiency with Stealth Armor" — the classes list it as Cloaking. */
export const CLOAKING_PROFICIENCY = 'Cloaking'

export const classOf = (c: WithClass, library: ContentLibrary): CharacterClass | null =>
  (c.classId ? library.get('classes', c.classId) : undefined) ?? null

/** SR-CX-193: the gun's proficiency name when the class lacks it; null when it may fire it (or has no class). */
export function missingGunProficiency(c: WithClass, gun: RangedWeapon, library: ContentLibrary): string | null {
  const cls = classOf(c, library)
  const needed = GUN_PROFICIENCY[gun.category]
  return cls && !cls.weaponProficiencies.includes(needed) ? needed : null
}

/** SR-CX-193: why this class may not fire the gun (`001` Weapon Proficiencies), or null. */
export function gunProficiencyRefusal(c: WithClass, gun: RangedWeapon, library: ContentLibrary): string | null {
  const missing = missingGunProficiency(c, gun, library)
  const cls = classOf(c, library)
  return missing && cls
    ? `A ${cls.name} has no proficiency with ${missing}, so it cannot use the ${gun.name} (001 Weapon Proficiencies, SR-CX-193).`
    : null
}

/** SR-CX-194: the armour proficiency a rig needs that the class lacks; null when it may wear it (or has no class). */
export function missingArmourProficiency(c: WithClass, rig: ArmourRig, library: ContentLibrary): string | null {
  const cls = classOf(c, library)
  const needed = FAMILY_PROFICIENCY[rig.family]
  return cls && needed && !cls.armourProficiencies.includes(needed) ? needed : null
}

const rigsOf = (c: Pick<CxCombatantParsed, 'armour'>, library: ContentLibrary): ArmourRig[] =>
  c.armour.rigIds.map((id) => library.get('armour-rigs', id)).filter((r) => r !== undefined)

/** SR-CX-194: the rigs the class may wear in combat; the others give nothing. */
export function usableRigs(c: WithClass & Pick<CxCombatantParsed, 'armour'>, library: ContentLibrary): ArmourRig[] {
  return rigsOf(c, library).filter((r) => missingArmourProficiency(c, r, library) === null)
}

/** `000` Where Is My Ammo Storage?: "If you are wearing any Armor Rigging" — an EVA suit or helmet is none (SR-CX-195). */
const wearsRigging = (c: Pick<CxCombatantParsed, 'armour'>, library: ContentLibrary): boolean =>
  rigsOf(c, library).some((r) => r.family !== 'eva')

/** SR-CX-190: the Mag Space the rigs give, or null when the sheet wears no armour rigging (not counted). */
export function magSpace(c: WithClass & Pick<CxCombatantParsed, 'armour'>, library: ContentLibrary): number | null {
  if (!wearsRigging(c, library)) return null
  return usableRigs(c, library).reduce((t, r) => t + r.magazineSpace, 0)
}

/** SR-CX-190: sidearms' magazines are the secondary ones. */
export const isSecondary = (gun: RangedWeapon): boolean => gun.category === 'pistol' || gun.category === 'revolver'

/** `000`: Mag Space "2 to 3 (or 1 to 1) into Secondary Magazines": n secondary magazines take n − ⌊n/3⌋. */
export const secondarySpace = (n: number): number => n - Math.floor(n / 3)

/**
 * SR-CX-190: how many of each slot's spare magazines the rigs hold, filled in slot order (the main
 * weapon first) while the Mag Space lasts, the secondary magazines pooled at 2 to 3. A slot with no
 * gun holds none; without armour rigging every typed spare is held.
 */
export function heldSpares(c: Loadout, library: ContentLibrary): number[] {
  const space = magSpace(c, library)
  let primary = 0
  let secondary = 0
  return c.weapons.map((w) => {
    const gun = w.kind === 'ranged' ? library.get('ranged-weapons', w.itemId) : undefined
    if (!gun) return 0
    if (space === null) return w.spareMagazines
    const sec = isSecondary(gun)
    let k = w.spareMagazines
    while (k > 0 && (sec ? primary + secondarySpace(secondary + k) : primary + k + secondarySpace(secondary)) > space) k -= 1
    if (sec) secondary += k
    else primary += k
    return k
  })
}

/** SR-CX-190: the spare magazines a reload may draw on for this slot. */
export const sparesHeld = (c: Loadout, slot: number, library: ContentLibrary): number => heldSpares(c, library)[slot] ?? 0

/** SR-CX-191: the Hard Points the usable rigs give, or null when the sheet wears no armour rigging (not counted). */
export function hardPoints(c: WithClass & Pick<CxCombatantParsed, 'armour'>, library: ContentLibrary): number | null {
  if (!wearsRigging(c, library)) return null
  return usableRigs(c, library).reduce((t, r) => t + r.hardPoints, 0)
}

export interface Attached {
  readonly shield: Shield | null
  readonly cloak: CloakModule | null
  /** The Hard Points the rigs give (null: not counted) and what the sheet's modules ask. */
  readonly points: number | null
  readonly asked: number
}

/**
 * SR-CX-191: the modules fitted to the Hard Points, in the sheet's order (shield, then cloaking
 * module); one that no longer fits is carried but not attached, and does nothing.
 */
export function attachedModules(c: Loadout, library: ContentLibrary): Attached {
  const shield = (c.shieldId ? library.get('shields', c.shieldId) : undefined) ?? null
  const cloak = (c.cloakId ? library.get('cloaking-modules', c.cloakId) : undefined) ?? null
  const points = hardPoints(c, library)
  const asked = (shield?.hardPoints ?? 0) + (cloak?.hardPoints ?? 0)
  if (points === null) return { shield, cloak, points, asked }
  const shieldFits = shield !== null && shield.hardPoints <= points
  const left = points - (shieldFits ? shield.hardPoints : 0)
  return { shield: shieldFits ? shield : null, cloak: cloak && cloak.hardPoints <= left ? cloak : null, points, asked }
}

/**
 * Why the cloaking module cannot be operated, or null: not attached (SR-CX-191), the class lacks
 * the Cloaking proficiency (SR-CX-194), or the Stealth below the module's requirement (SR-CX-192).
 */
export function cloakModuleRefusal(c: Loadout, module: CloakModule, library: ContentLibrary): string | null {
  const { cloak, points } = attachedModules(c, library)
  if (cloak === null)
    return `the ${module.name} needs ${module.hardPoints} free Hard Point${module.hardPoints === 1 ? '' : 's'} and the rigs give ${points ?? 0} (000 Advanced Rigs, SR-CX-191)`
  const cls = classOf(c, library)
  if (cls && !cls.armourProficiencies.includes(CLOAKING_PROFICIENCY))
    return `a ${cls.name} has no Cloaking proficiency to wear the ${module.name} (001 Armor Proficiencies, SR-CX-194)`
  const stealth = c.skills['Stealth'] ?? 0
  return stealth < module.stealthRequired
    ? `the ${module.name} needs Stealth ${module.stealthRequired} to operate; the wearer has ${stealth} (000 Advanced Rigs, SR-CX-192)`
    : null
}
