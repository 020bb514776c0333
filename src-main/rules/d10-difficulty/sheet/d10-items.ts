import type { ArmourZone, CarryPlace, Weapon } from './d10-sheet'

/**
 * Starter gear, named and numbered by us: generic kit a GM can hand out, then edit on the sheet.
 * Effective ranges follow the chapter's idea of E (an average shooter hits a medium target half
 * the time there); damage is in the hit points the GM's table uses.
 */
export interface StarterWeapon {
  readonly id: string
  readonly weapon: Omit<Weapon, 'ammo' | 'spareMagazines' | 'carry' | 'drawn' | 'stoppage' | 'clearing' | 'blast'> &
    Partial<Pick<Weapon, 'blast'>>
  readonly spareMagazines: number
  /** `002 Drawing`: where it is usually kept (a pistol or knife in a holster, a long gun shouldered). */
  readonly carry: CarryPlace
}

const gun = (
  id: string,
  name: string,
  e: number,
  count: number,
  sides: number,
  bonus: number,
  burst: number,
  recoil: number,
  magazine: number,
  carry: CarryPlace,
): StarterWeapon => ({
  id,
  weapon: { name, kind: 'firearm', effectiveRange: e, damage: { count, sides, bonus }, damageType: 'piercing', burst, recoil, magazine },
  spareMagazines: 3,
  carry,
})

export const STARTER_WEAPONS: readonly StarterWeapon[] = [
  gun('pocket-pistol', 'Pocket pistol', 50, 1, 6, 0, 1, 0, 15, 'holster'),
  gun('service-carbine', 'Service carbine', 300, 1, 6, 2, 3, 2, 30, 'other'),
  gun('marksman-rifle', 'Marksman rifle', 800, 2, 6, 2, 1, 0, 5, 'other'),
  gun('belt-gun', 'Belt-fed support gun', 600, 2, 6, 0, 5, 3, 100, 'other'),
  {
    id: 'throwing-hatchet',
    weapon: {
      name: 'Throwing hatchet',
      kind: 'thrown',
      effectiveRange: 20,
      damage: { count: 1, sides: 6, bonus: 0 },
      damageType: 'slashing',
      burst: 1,
      recoil: 0,
      magazine: 2,
    },
    spareMagazines: 0,
    carry: 'other',
  },
  {
    // `002 Grenades`: the text names the two radii but gives no numbers; ours are a common hand
    // grenade's (SR-D10-35). "A thrown weapon's magazine is how many are carried."
    id: 'frag-grenade',
    weapon: {
      name: 'Fragmentation grenade',
      kind: 'thrown',
      effectiveRange: 30,
      damage: { count: 3, sides: 6, bonus: 0 },
      damageType: 'piercing',
      burst: 1,
      recoil: 0,
      magazine: 2,
      blast: { effective: 5, casualty: 15 },
    },
    spareMagazines: 0,
    carry: 'armour',
  },
  {
    id: 'combat-knife',
    weapon: {
      name: 'Combat knife',
      kind: 'melee',
      effectiveRange: 1,
      damage: { count: 1, sides: 4, bonus: 1 },
      damageType: 'slashing',
      burst: 1,
      recoil: 0,
      magazine: 0,
    },
    spareMagazines: 0,
    carry: 'holster',
  },
  {
    id: 'cudgel',
    weapon: {
      name: 'Cudgel',
      kind: 'melee',
      effectiveRange: 1,
      damage: { count: 1, sides: 6, bonus: 0 },
      damageType: 'bludgeoning',
      burst: 1,
      recoil: 0,
      magazine: 0,
    },
    spareMagazines: 0,
    carry: 'other',
  },
]

/** Everyone's fists: always offered after the carried weapons. */
export const BARE_HANDS: Weapon = {
  name: 'Bare hands',
  kind: 'melee',
  effectiveRange: 1,
  damage: { count: 1, sides: 3, bonus: 0 },
  damageType: 'bludgeoning',
  burst: 1,
  recoil: 0,
  magazine: 0,
  ammo: 0,
  spareMagazines: 0,
  carry: 'other',
  drawn: true,
  stoppage: null,
  clearing: false,
  blast: null,
}

export interface StarterArmour {
  readonly id: string
  readonly name: string
  readonly dr: Readonly<Record<ArmourZone, number>>
}

export const STARTER_ARMOUR: readonly StarterArmour[] = [
  { id: 'work-jacket', name: 'Heavy work jacket', dr: { head: 0, torso: 1, arms: 1, legs: 0 } },
  { id: 'plate-vest', name: 'Plate vest', dr: { head: 0, torso: 4, arms: 0, legs: 0 } },
  { id: 'vest-and-helmet', name: 'Plate vest and helmet', dr: { head: 3, torso: 4, arms: 0, legs: 0 } },
  { id: 'full-kit', name: 'Full protective kit', dr: { head: 3, torso: 5, arms: 2, legs: 2 } },
]

export const starterWeapon = (id: string): StarterWeapon | undefined => STARTER_WEAPONS.find((w) => w.id === id)
export const starterArmour = (id: string): StarterArmour | undefined => STARTER_ARMOUR.find((a) => a.id === id)

/** A starter weapon ready in the hand (SR-D10-10): a full magazine and its spares, and where it is kept when stowed. */
export function issue(id: string): Weapon | null {
  const s = starterWeapon(id)
  return s
    ? {
        ...s.weapon,
        ammo: s.weapon.magazine,
        spareMagazines: s.spareMagazines,
        carry: s.carry,
        drawn: true,
        stoppage: null,
        clearing: false,
        blast: s.weapon.blast ?? null,
      }
    : null
}
