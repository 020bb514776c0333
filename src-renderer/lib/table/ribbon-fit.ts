/**
 * How wide the table ribbon's entries are and how many fit: entries grow to fill the width up to
 * a comfortable size, shrink to the smallest size readable from across a room, and below that the
 * ribbon shows a window (ribbon-window.ts) with "+N more" markers at its ends. Pure: widths in CSS px.
 */

export interface RibbonMetrics {
  /** An entry at the smallest readable size (32 px names) and the largest worth growing to. */
  readonly minEntry: number
  readonly maxEntry: number
  readonly gap: number
  /** Room one "+N more" marker takes (both ends keep one when not everyone fits). */
  readonly more: number
}

// Entries grow to 420 px: four combatants on a 1080p screen then use most of the width, and
// two-word names ("Militia rifleman") sit on one line instead of two.
export const TABLE_RIBBON: RibbonMetrics = { minEntry: 210, maxEntry: 420, gap: 10, more: 88 }

export interface RibbonFit {
  /** How many entries fit at once (at least 1). */
  readonly slots: number
  /** Whether everyone fits (no markers needed). */
  readonly all: boolean
}

/** How many entries of `count` fit in `width`. */
export function ribbonFit(width: number, count: number, m: RibbonMetrics = TABLE_RIBBON): RibbonFit {
  const w = Math.max(0, width)
  const fits = (k: number, room: number) => k * m.minEntry + Math.max(0, k - 1) * m.gap <= room
  if (fits(count, w)) return { slots: Math.max(1, count), all: true }
  const room = w - 2 * (m.more + m.gap)
  const slots = Math.floor((room + m.gap) / (m.minEntry + m.gap))
  return { slots: Math.max(1, slots), all: false }
}

/** The width each of `shown` entries gets: the room shared out, between the readable and the comfortable size. */
export function entryWidth(width: number, shown: number, markers: boolean, m: RibbonMetrics = TABLE_RIBBON): number {
  if (shown <= 0) return m.minEntry
  const room = Math.max(0, width) - (markers ? 2 * (m.more + m.gap) : 0) - (shown - 1) * m.gap
  return Math.max(m.minEntry, Math.min(m.maxEntry, Math.floor(room / shown)))
}
