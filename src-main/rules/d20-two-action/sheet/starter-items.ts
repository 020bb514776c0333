import type { WeaponInput } from './d20-sheet'

/**
 * A starter set of generic gear, named and described in our own words (the document's weapon
 * chart is in a chapter we do not have; the numbers are ordinary d20 fare, for the GM to edit).
 */
export interface StarterWeapon {
  readonly id: string
  readonly weapon: WeaponInput
}

export const STARTER_WEAPONS: readonly StarterWeapon[] = [
  { id: 'knife', weapon: { name: 'Knife', attack: 'finesse', dice: { count: 1, sides: 4 }, critFrom: 19, damageType: 'piercing' } },
  {
    id: 'thin-blade',
    weapon: { name: 'Thin blade', attack: 'finesse', dice: { count: 1, sides: 6 }, critFrom: 19, damageType: 'piercing' },
  },
  { id: 'straight-sword', weapon: { name: 'Straight sword', attack: 'melee', dice: { count: 1, sides: 8 }, damageType: 'slashing' } },
  { id: 'hooked-cleaver', weapon: { name: 'Hooked cleaver', attack: 'melee', dice: { count: 1, sides: 8 }, damageType: 'rending' } },
  {
    id: 'two-handed-hammer',
    weapon: { name: 'Two-handed hammer', attack: 'melee', dice: { count: 2, sides: 6 }, damageType: 'concussive', category: 'advanced' },
  },
  { id: 'cudgel', weapon: { name: 'Cudgel', attack: 'melee', dice: { count: 1, sides: 6 }, damageType: 'concussive' } },
  {
    id: 'pocket-pistol',
    weapon: {
      name: 'Pocket pistol',
      attack: 'ranged',
      dice: { count: 1, sides: 8 },
      damageType: 'piercing',
      handling: 'handgun',
      range: 15,
      magazine: { capacity: 8, loaded: 8, spares: 2 },
    },
  },
  {
    id: 'hunting-rifle',
    weapon: {
      name: 'Hunting rifle',
      attack: 'ranged',
      dice: { count: 1, sides: 10 },
      critFrom: 19,
      damageType: 'piercing',
      category: 'advanced',
      handling: 'two-handed',
      range: 60,
      magazine: { capacity: 5, loaded: 5, spares: 2 },
    },
  },
  {
    id: 'auto-carbine',
    weapon: {
      name: 'Auto carbine',
      attack: 'ranged',
      dice: { count: 1, sides: 8 },
      damageType: 'piercing',
      category: 'advanced',
      handling: 'two-handed',
      range: 40,
      // `003 Combat Actions`: a gun with burst and auto capabilities (SR-D20-30).
      magazine: { capacity: 20, loaded: 20, spares: 2, burst: 3, auto: true },
    },
  },
  {
    id: 'short-bow',
    weapon: {
      name: 'Short bow',
      attack: 'ranged',
      dice: { count: 1, sides: 6 },
      damageType: 'piercing',
      handling: 'two-handed',
      range: 25,
    },
  },
  {
    id: 'cinder-dart',
    weapon: {
      name: 'Cinder dart',
      attack: 'spell',
      dice: { count: 1, sides: 6 },
      damageType: 'fire',
      actions: 1,
      range: 18,
      inflicts: { status: 'burned', dice: 1 },
    },
  },
  {
    id: 'aether-lance',
    weapon: {
      name: 'Aether lance',
      attack: 'spell',
      dice: { count: 2, sides: 4 },
      critFrom: 19,
      damageType: 'aether',
      actions: 2,
      range: 30,
    },
  },
  {
    id: 'rime-touch',
    weapon: {
      name: 'Rime touch',
      attack: 'spell',
      dice: { count: 1, sides: 4 },
      damageType: 'aether',
      actions: 1,
      range: 1.5,
      inflicts: { status: 'frozen', dice: 1 },
    },
  },
]

/** Armour by what it adds to the wearer's rating; "none" leaves the rating the GM sets. */
export interface StarterArmour {
  readonly id: string
  readonly name: string
  readonly rating: number
}

export const STARTER_ARMOUR: readonly StarterArmour[] = [
  { id: 'quilted-coat', name: 'Quilted coat', rating: 11 },
  { id: 'hide-vest', name: 'Hide vest', rating: 12 },
  { id: 'ring-shirt', name: 'Ring shirt', rating: 14 },
  { id: 'plate-harness', name: 'Plate harness', rating: 16 },
]

/** The rating of someone in no armour: the chapter gives none, so we start from 10 (the GM edits it). */
export const UNARMOURED_RATING = 10

export const starterWeapon = (id: string): WeaponInput | null => STARTER_WEAPONS.find((w) => w.id === id)?.weapon ?? null
export const starterArmour = (id: string): StarterArmour | null => STARTER_ARMOUR.find((a) => a.id === id) ?? null
