import { modifier, type Modifier } from '../kit/modifier'
import type { ContentLibrary } from './content/content-library'
import type { CxCombatant } from './sheet/cx-sheet'

/*
 * SR-CX-58: a weapon's Reflex modifier (`000` Thrown Weapons: "All misc thrown weapons have a
 * Reflex Modifier: -10"; the gun lists give one per gun) is its "weapon reflex": it adds to the
 * Reflex save of whoever holds it. The documents name no roll that reads it; the reference's
 * class feats add the save and the weapon reflex together, so the check dialog offers a Reflex
 * save with each such weapon in hand. A grenade's is the dodge of those it is thrown at (SR-CX-57).
 */

export interface WeaponReflex {
  /** `weapon:<slot>` for a carried gun, `thrown:<itemId>` for a thrown weapon carried. */
  readonly key: string
  readonly name: string
  readonly modifier: number
}

const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`)

/** The weapons this combatant carries that have a Reflex modifier, each once. */
export function weaponReflexes(c: CxCombatant, library: ContentLibrary): WeaponReflex[] {
  const guns = c.weapons.flatMap((w, slot): WeaponReflex[] => {
    const item = w.kind === 'ranged' ? library.get('ranged-weapons', w.itemId) : undefined
    return item && item.reflexModifier !== null && item.reflexModifier !== 0
      ? [{ key: `weapon:${slot}`, name: item.name, modifier: item.reflexModifier }]
      : []
  })
  const thrown = c.thrown.flatMap((line): WeaponReflex[] => {
    const item = line.count > 0 ? library.get('thrown-weapons', line.itemId) : undefined
    return item && item.kind !== 'grenade' && item.reflexModifier !== null && item.reflexModifier !== 0
      ? [{ key: `thrown:${item.id}`, name: item.name, modifier: item.reflexModifier }]
      : []
  })
  return [...guns, ...thrown]
}

export const weaponReflexCheck = (w: WeaponReflex) => ({
  key: `save:reflex@${w.key}`,
  label: `Reflex save, ${w.name} in hand (weapon Reflex ${signed(w.modifier)})`,
})

/** What a Reflex save "with this weapon in hand" adds, or null when the sheet has no such weapon. */
export function weaponReflexHeld(
  c: CxCombatant,
  library: ContentLibrary | undefined,
  key: string,
): { name: string; modifier: Modifier } | null {
  const w = library ? weaponReflexes(c, library).find((x) => x.key === key) : undefined
  return w ? { name: w.name, modifier: modifier(`${w.name} in hand (weapon Reflex)`, w.modifier, 'SR-CX-58') } : null
}
