import { DOC } from '../d20-terms'
import type { D20Sheet, Magazine, Weapon } from '../sheet/d20-sheet'
import type { Mode } from './attack-types'

/** The gun's magazine, or null when its ammunition is not tracked (melee, spells, bows, old sheets). */
export const magazineOf = (w: Weapon): Magazine | null => (w.attack === 'ranged' ? w.magazine : null)

/**
 * `003 Combat Actions`: a Burst fires the gun's burst ("see weapon chart"), Full Auto "an entire
 * clip"; every other attack with a gun is one round (SR-D20-30). 0 when nothing is counted.
 */
export function roundsFired(w: Weapon, mode: Mode): number {
  const m = magazineOf(w)
  if (!m) return 0
  if (mode === 'burst') return m.burst
  if (mode === 'full auto') return m.loaded
  return 1
}

/**
 * Why the gun cannot fire this: an empty magazine, or fewer rounds than a Burst needs (SR-D20-30:
 * a burst is not fired short; what is left can go at Full Auto). Null when it can.
 */
export function ammunitionRefusal(w: Weapon, mode: Mode): string | null {
  const m = magazineOf(w)
  if (!m) return null
  const reload = m.spares > 0 ? `reload it (1 action, ${DOC.actions}; ${m.spares} spare left)` : 'it has no spare magazine'
  if (m.loaded === 0) return `The ${w.name}'s magazine is empty: ${reload}.`
  if (mode === 'burst' && m.loaded < m.burst)
    return `A burst from the ${w.name} takes ${m.burst} rounds; ${m.loaded} left in the magazine: fire them at Full Auto or ${reload} (SR-D20-30).`
  return null
}

/**
 * SR-D20-30: how many of the rounds fired hit. One hit test for the whole burst; a hit lands one
 * round, and one more for every full 2 points the hit test beats the armour rating, up to the
 * rounds fired. A critical lands whatever the armour, so its extra rounds still count by margin.
 */
export function roundsThatHit(total: number, armourRating: number, rounds: number): number {
  const extra = Math.floor(Math.max(0, total - armourRating) / 2)
  return Math.max(1, Math.min(Math.max(1, rounds), 1 + extra))
}

/** The sheet after the gun in `slot` fired `rounds` (nothing to do when ammunition is not tracked). */
export function afterFiring(sheet: D20Sheet, slot: number, rounds: number): D20Sheet {
  const w = sheet.weapons[slot]
  if (!w || w.attack !== 'ranged' || !w.magazine || rounds <= 0) return sheet
  const magazine = { ...w.magazine, loaded: Math.max(0, w.magazine.loaded - rounds) }
  return { ...sheet, weapons: sheet.weapons.map((x, i) => (i === slot ? { ...w, magazine } : x)) }
}

/** The guns whose magazine is not full (whether a spare is left is the reload's to check). */
export const reloadable = (sheet: D20Sheet): number[] =>
  sheet.weapons.flatMap((w, i) => (w.attack === 'ranged' && w.magazine && w.magazine.loaded < w.magazine.capacity ? [i] : []))

/**
 * `003 Combat Actions` Reload: a full spare goes in. The magazine taken out is set aside and no
 * longer counted (SR-D20-31; the GM may add a spare back on the sheet). Null when the slot has
 * no magazine.
 */
export function reloaded(sheet: D20Sheet, slot: number): { sheet: D20Sheet; refusal: string | null } | null {
  const w = sheet.weapons[slot]
  if (!w || w.attack !== 'ranged' || !w.magazine) return null
  const m = w.magazine
  if (m.spares === 0) return { sheet, refusal: `The ${w.name} has no spare magazine to load.` }
  if (m.loaded === m.capacity) return { sheet, refusal: `The ${w.name}'s magazine is already full.` }
  const magazine = { ...m, loaded: m.capacity, spares: m.spares - 1 }
  return { sheet: { ...sheet, weapons: sheet.weapons.map((x, i) => (i === slot ? { ...w, magazine } : x)) }, refusal: null }
}
