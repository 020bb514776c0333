import type { ReloadTime, Sheet, Weapon } from './sheet-schema'

/**
 * The starter kit, named and described in our own words (the `004` document lists no gear).
 * Damage is in d6s; `rating` is heft for blades and clubs, recoil for guns (T6): a light
 * piece has a negative rating so an ordinary arm handles it without losing initiative.
 */
export interface WeaponItem {
  readonly id: string
  readonly name: string
  readonly kind: Weapon['kind']
  readonly skill: string
  readonly damageDice: number
  readonly damageBonus: number
  readonly rating: number
  readonly auto: number
  readonly magazine: number
  /** `004 Drawing and Reloading`: minor actions to reload, or the significant action for the heaviest. */
  readonly reload: ReloadTime
  readonly note: string
}

export interface ArmourItem {
  readonly id: string
  readonly name: string
  readonly rating: number
  readonly note: string
}

const w = (
  id: string,
  name: string,
  kind: Weapon['kind'],
  skill: string,
  dice: number,
  bonus: number,
  rating: number,
  auto: number,
  magazine: number,
  note: string,
  reload: ReloadTime = 1,
): WeaponItem => ({
  id,
  name,
  kind,
  skill,
  damageDice: dice,
  damageBonus: bonus,
  rating,
  auto,
  magazine,
  reload,
  note,
})

export const WEAPON_ITEMS: readonly WeaponItem[] = [
  w('utility-knife', 'Utility knife', 'melee', 'Melee', 1, 2, -2, 0, 0, 'A short work blade every spacer carries.'),
  w('shock-baton', 'Shock baton', 'melee', 'Melee', 2, 0, -1, 0, 0, 'A charged club for keeping order in corridors.'),
  w('boarding-blade', 'Boarding blade', 'melee', 'Melee', 2, 2, 0, 0, 0, 'A broad, short sword made for tight hatchways.'),
  w('breaching-maul', 'Breaching maul', 'melee', 'Melee', 3, 1, 2, 0, 0, 'A two-handed hammer for doors, and for people behind them.'),
  w('throwing-spike', 'Throwing spike', 'thrown', 'Athletics', 1, 1, -3, 0, 0, 'A weighted spike balanced for the throw.'),
  w(
    'pocket-pistol',
    'Pocket pistol',
    'ranged',
    'Gun Combat',
    2,
    -1,
    -2,
    0,
    6,
    'Small enough to hide in a sleeve; weak beyond a few metres.',
  ),
  w('service-pistol', 'Service pistol', 'ranged', 'Gun Combat', 3, -2, -1, 0, 15, 'The standard sidearm of guards and ship officers.'),
  w(
    'magnum-revolver',
    'Magnum revolver',
    'ranged',
    'Gun Combat',
    3,
    1,
    1,
    0,
    6,
    'Six heavy rounds and a kick to match; loading the chambers takes two minor actions.',
    2,
  ),
  w('scattergun', 'Scattergun', 'ranged', 'Gun Combat', 4, 0, 1, 0, 6, 'A short-barrelled spread gun, brutal at close quarters.'),
  w('carbine', 'Carbine', 'ranged', 'Gun Combat', 3, 0, 0, 2, 20, 'A short rifle with a selector for short bursts.'),
  w(
    'assault-rifle',
    'Assault rifle',
    'ranged',
    'Gun Combat',
    3,
    0,
    0,
    3,
    30,
    'A military rifle that fires single, burst or fully automatic.',
  ),
  w(
    'support-gun',
    'Support gun',
    'ranged',
    'Heavy Weapons',
    4,
    0,
    2,
    4,
    60,
    'A belt-fed gun for a strong gunner, best braced; a new belt takes the significant action.',
    'significant',
  ),
]

export const ARMOUR_ITEMS: readonly ArmourItem[] = [
  { id: 'padded-jacket', name: 'Padded jacket', rating: 2, note: 'Layered cloth that takes the edge off blows.' },
  { id: 'mesh-vest', name: 'Mesh vest', rating: 4, note: 'A flexible weave worn under clothing.' },
  { id: 'reinforced-coat', name: 'Reinforced coat', rating: 5, note: 'A long coat with plates sewn in.' },
  { id: 'boarding-plate', name: 'Boarding plate', rating: 8, note: 'Rigid plates for fighting through a hull breach.' },
]

export const weaponItem = (id: string): WeaponItem | undefined => WEAPON_ITEMS.find((x) => x.id === id)
export const armourItem = (id: string): ArmourItem | undefined => ARMOUR_ITEMS.find((x) => x.id === id)

/** A starter weapon as the sheet carries it: loaded, with two spare magazines if it takes them. */
export function carried(item: WeaponItem): Weapon {
  const { id, note: _note, ...stats } = item
  return { ...stats, itemId: id, ammo: item.magazine, spareMagazines: item.magazine > 0 ? 2 : 0 }
}

export function worn(item: ArmourItem): NonNullable<Sheet['armour']> {
  return { name: item.name, itemId: item.id, rating: item.rating }
}
