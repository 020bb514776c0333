import type { FormField } from '../../../../src-shared/attack'
import { optionBool, optionNumber, type OptionValues } from '../../kit/options'
import type { Magazine, WeaponInput } from './d20-sheet'

/*
 * SR-D20-30: a gun's magazine numbers are the GM's (the document's weapon chart is in a chapter
 * we do not have), so the sheet form edits them per slot: what it holds, what is loaded now,
 * the spares, the burst size and whether it fires Full Auto. Capacity 0 stops tracking ammunition
 * for the gun (a bow, a gun the GM does not want counted).
 */

export const magazineKey = (slot: number, field: keyof Magazine | 'capacity') => `weapon${slot + 1}.${field}`

type RangedInput = Extract<WeaponInput, { attack: 'ranged' }>
const isRanged = (w: WeaponInput | null | undefined): w is RangedInput => w?.attack === 'ranged'

/** The magazine fields of a slot holding a gun; none for any other weapon. */
export function magazineFields(weapon: WeaponInput | undefined, slot: number): FormField[] {
  if (!isRanged(weapon)) return []
  const m = weapon.magazine ?? null
  const label = (what: string) => `Weapon ${slot + 1}: ${what}`
  const fields: FormField[] = [
    {
      key: magazineKey(slot, 'capacity'),
      label: label('magazine holds (0: not counted)'),
      kind: 'number',
      value: m?.capacity ?? 0,
      min: 0,
      max: 200,
    },
  ]
  if (!m) return fields
  return [
    ...fields,
    { key: magazineKey(slot, 'loaded'), label: label('rounds loaded'), kind: 'number', value: m.loaded, min: 0, max: m.capacity },
    { key: magazineKey(slot, 'spares'), label: label('spare magazines'), kind: 'number', value: m.spares ?? 0, min: 0, max: 20 },
    {
      key: magazineKey(slot, 'burst'),
      label: label('rounds per Burst (0: no Burst)'),
      kind: 'number',
      value: m.burst ?? 0,
      min: 0,
      max: 20,
    },
    { key: magazineKey(slot, 'auto'), label: label('Full Auto'), kind: 'toggle', value: m.auto ?? false },
  ]
}

/**
 * The slot's weapon with the typed magazine numbers over it. A number out of range passes
 * through for the sheet schema to refuse, naming the field, so the old sheet stays. A gun given
 * a capacity for the first time starts full.
 */
export function withMagazineFromForm(weapon: WeaponInput, slot: number, values: OptionValues): WeaponInput {
  if (!isRanged(weapon)) return weapon
  const typed = (f: keyof Magazine) => optionNumber(values, magazineKey(slot, f))
  const capacity = typed('capacity')
  const now = weapon.magazine ?? null
  if (capacity === 0) return { ...weapon, magazine: null }
  const size = capacity ?? now?.capacity
  if (size === undefined) return weapon
  const magazine = {
    capacity: size,
    loaded: typed('loaded') ?? Math.min(now?.loaded ?? size, size),
    spares: typed('spares') ?? now?.spares ?? 0,
    burst: typed('burst') ?? now?.burst ?? 0,
    auto: optionBool(values, magazineKey(slot, 'auto')) ?? now?.auto ?? false,
  }
  return { ...weapon, magazine }
}
