/**
 * The table's map read from across the room (issue 31): the least size on screen of a token and
 * its labels, whatever the zoom, and where each token's conditions go so that no two run into
 * each other or over another token. Screen pixels throughout (the scene's pixels times the zoom);
 * kept out of the components so it is testable without a DOM.
 */

/** CSS pixels on the table's screen: a token 50 across, initials 24, conditions 20 (read from 4 m at 1080p). */
export const TABLE_TEXT = { tokenRadius: 25, initialsPx: 24, conditionPx: 20 } as const

/** Initials scale with a token zoomed in, never below the table's least. */
export const initialsPx = (radius: number): number => Math.max(TABLE_TEXT.initialsPx, radius * 0.8)
export const conditionPx = (radius: number): number => Math.max(TABLE_TEXT.conditionPx, radius * 0.45)

export interface Box {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

/** A token with conditions to show: its centre, and the labels (conditions, a standing other than up) in order. */
export interface LabelledSpot {
  readonly id: string
  readonly x: number
  readonly y: number
  readonly badges: readonly string[]
}

export interface PlacedLabel {
  readonly id: string
  readonly text: string
  /** The plate the text sits on. */
  readonly box: Box
  readonly px: number
}

/** How wide a text is drawn at a font size (the page measures it; tests count characters). */
export type MeasureText = (text: string, px: number) => number

/**
 * A token's drawn extent about its centre, as a multiple of its radius: the health ring (1.12 r,
 * its stroke 0.18 r wide) and, for whoever acts, the halo (1.45 r). Labels keep clear of it.
 */
const RING = 1.22
const CLEARANCE = 1.5

/** Where a token's label may go, most wanted first: under it, over it, right, left. */
function candidates(s: LabelledSpot, r: number, w: number, h: number): Box[] {
  const off = r * CLEARANCE
  return [
    { x: s.x - w / 2, y: s.y + off, w, h },
    { x: s.x - w / 2, y: s.y - off - h, w, h },
    { x: s.x + off, y: s.y - h / 2, w, h },
    { x: s.x - off - w, y: s.y - h / 2, w, h },
  ]
}

const overlapArea = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y))

/** How much of a box lies outside the bounds (a label cut off at the screen's edge is as bad as one covered). */
const outside = (a: Box, bounds: Box): number => a.w * a.h - overlapArea(a, bounds)

/** Boxes in buckets of a fixed size, so a label asks only its neighbours (thousands of tokens on the table). */
class Buckets {
  readonly #cells = new Map<string, Box[]>()
  constructor(readonly size: number) {}

  #keys(b: Box): string[] {
    const out: string[] = []
    const s = this.size
    for (let i = Math.floor(b.x / s); i <= Math.floor((b.x + b.w) / s); i++)
      for (let j = Math.floor(b.y / s); j <= Math.floor((b.y + b.h) / s); j++) out.push(`${i},${j}`)
    return out
  }

  add(b: Box): void {
    for (const k of this.#keys(b)) {
      const cell = this.#cells.get(k)
      if (cell) cell.push(b)
      else this.#cells.set(k, [b])
    }
  }

  /** How much of `b` the boxes already in lie over (each counted once). */
  covered(b: Box): number {
    const seen = new Set<Box>()
    let area = 0
    for (const k of this.#keys(b))
      for (const o of this.#cells.get(k) ?? []) {
        if (seen.has(o)) continue
        seen.add(o)
        area += overlapArea(b, o)
      }
    return area
  }
}

/** The shorter wording for a crowded spot: the first condition and how many more ("Bleeding +2"). */
export const shortLabel = (badges: readonly string[]): string => (badges.length > 1 ? `${badges[0]} +${badges.length - 1}` : badges[0]!)

/**
 * Places each token's conditions on a plate beside it. Tokens are taken top to bottom, left to
 * right; each takes the first place (under, over, right, left) that lies on screen and clear of
 * every token and of the labels already placed. Where none is clear the label is shortened to its
 * first condition and a count, and tried again; failing that it takes the place least covered, on
 * its opaque plate (the full list is in the token's title and on the ribbon). `tokens` are all
 * the tokens drawn, with or without labels: a label must not hide any of them.
 */
export function placeConditionLabels(
  spots: readonly LabelledSpot[],
  tokens: readonly { readonly x: number; readonly y: number }[],
  radius: number,
  bounds: Box,
  measure: MeasureText,
): PlacedLabel[] {
  const px = conditionPx(radius)
  const h = Math.round(px * 1.45)
  const pad = px * 0.4
  const ring = radius * RING
  const taken = new Buckets(Math.max(64, radius * 4))
  for (const t of tokens) taken.add({ x: t.x - ring, y: t.y - ring, w: 2 * ring, h: 2 * ring })

  const order = spots.filter((s) => s.badges.length > 0).sort((a, b) => a.y - b.y || a.x - b.x)
  const out: PlacedLabel[] = []
  for (const s of order) {
    const texts = s.badges.length > 1 ? [s.badges.join(' · '), shortLabel(s.badges)] : [s.badges[0]!]
    // The last wording tried (the shortest) is the one kept when no place is clear.
    let best: { text: string; box: Box; cost: number } | null = null
    for (const text of texts) {
      const w = Math.ceil(measure(text, px) + 2 * pad)
      best = null
      for (const box of candidates(s, radius, w, h)) {
        const cost = taken.covered(box) + outside(box, bounds)
        if (!best || cost < best.cost) best = { text, box, cost }
        if (cost === 0) break
      }
      if (best!.cost === 0) break
    }
    taken.add(best!.box)
    out.push({ id: s.id, text: best!.text, box: best!.box, px })
  }
  return out
}
