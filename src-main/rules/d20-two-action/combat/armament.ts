import { DOC } from '../d20-terms'
import { modifier, type Modifier } from '../../kit/modifier'
import { ATTRIBUTE_LABELS, type Attribute, type D20Sheet, type Size, type Weapon } from '../sheet/d20-sheet'

/** What the attacker strikes with: a carried weapon or spell, or its bare hands. */
export interface Armament {
  readonly index: number
  readonly weapon: Weapon
  /** Bare hands: the damage by size (`003 Unarmed Combat`) replaces the usual attribute. */
  readonly unarmed: { readonly flat: readonly Modifier[]; readonly halveRoll: boolean } | null
}

/** W3: the attribute a hit test adds: Str for melee, Dex for finesse and ranged, Magic for spells. */
export function hitAttribute(w: Weapon): Attribute {
  switch (w.attack) {
    case 'melee':
      return 'str'
    case 'finesse':
    case 'ranged':
      return 'dex'
    case 'spell':
      return 'mag'
  }
}

/** `003 Dealing Damage`: melee adds Str, finesse Dex, a spell Magic; a ranged weapon adds none. */
export function damageAttribute(w: Weapon): Attribute | null {
  return w.attack === 'ranged' ? null : hitAttribute(w)
}

/** `003 Unarmed Combat`: bare-hand damage by the attacker's size. */
function unarmedBySize(size: Size, str: number): { count: number; sides: number; flat: Modifier[]; halveRoll: boolean } {
  const s = (label = 'Strength') => modifier(label, str, DOC.unarmed)
  const two = modifier('Size', 2, DOC.unarmed)
  switch (size) {
    case 'giant':
      return { count: 1, sides: 6, flat: [s(), s('Strength again')], halveRoll: false }
    case 'huge':
      return { count: 1, sides: 6, flat: [s(), two], halveRoll: false }
    case 'large':
      return { count: 1, sides: 4, flat: [s(), two], halveRoll: false }
    case 'medium':
      return { count: 1, sides: 4, flat: [s()], halveRoll: false }
    case 'small':
    case 'tiny':
      return { count: 1, sides: 4, flat: [], halveRoll: false }
    case 'flea':
      return { count: 1, sides: 4, flat: [], halveRoll: true }
  }
}

/** The flat part of the damage, after the weapon roll: the attribute, or the size's numbers bare-handed. */
export function damageFlat(arm: Armament, sheet: D20Sheet): Modifier[] {
  if (arm.unarmed) return [...arm.unarmed.flat]
  const attr = damageAttribute(arm.weapon)
  return attr ? [modifier(ATTRIBUTE_LABELS[attr], sheet.attributes[attr], DOC.damage)] : []
}

/** A sheet is an immutable value (parsed once per stored value): its armaments are worked out once. */
const armedBySheet = new WeakMap<D20Sheet, readonly Armament[]>()

/** Every armament in slot order, bare hands last. */
export function armaments(sheet: D20Sheet): readonly Armament[] {
  let armed = armedBySheet.get(sheet)
  if (!armed) armedBySheet.set(sheet, (armed = armamentsOf(sheet)))
  return armed
}

function armamentsOf(sheet: D20Sheet): readonly Armament[] {
  const carried = sheet.weapons.map((weapon, index): Armament => ({ index, weapon, unarmed: null }))
  const u = unarmedBySize(sheet.size, sheet.attributes.str)
  const fists: Weapon = {
    name: 'Bare hands',
    attack: 'melee',
    dice: { count: u.count, sides: u.sides },
    critFrom: 20,
    damageType: 'concussive',
    category: 'basic',
    proficient: true,
    inflicts: null,
  }
  return [...carried, { index: carried.length, weapon: fists, unarmed: { flat: u.flat, halveRoll: u.halveRoll } }]
}
