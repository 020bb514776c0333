import type { Side } from '../../../src-shared/records'
import type { CombatantView, HealthBand } from '../../../src-shared/views'

/** Up to two letters: "Vex" → "VE", "Raider 2" → "R2", "Ada Kell" → "AK". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase()
  return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase()
}

/** A band is all the players know, so their ring shows a step, never the exact figure. */
const BAND_FILL: Record<HealthBand, number> = { unhurt: 1, hurt: 0.7, bloodied: 0.35, down: 0 }

/** How full a token's health ring is, 0..1. */
export function healthFraction(c: Pick<CombatantView, 'numbers'>): number {
  if (c.numbers.kind === 'secret') return BAND_FILL[c.numbers.band]
  if (c.numbers.maxHp <= 0) return 0
  return Math.min(1, Math.max(0, c.numbers.hp / c.numbers.maxHp))
}

/** Short badges under a token: conditions by name (with stacks) and a standing other than up. */
export function tokenBadges(c: Pick<CombatantView, 'conditions' | 'standing'>): string[] {
  const out = c.conditions.map((k) => (k.stacks > 1 ? `${k.label} ×${k.stacks}` : k.label))
  if (c.standing && c.standing.state !== 'up') out.unshift(c.standing.label)
  return out
}

/**
 * A circle of radius `r` about (x, y) as a path that starts at twelve o'clock and runs
 * clockwise (two half arcs), so a dash from its start fills a health ring from the top
 * without a rotate transform on the token.
 */
export function ringPath(x: number, y: number, r: number): string {
  return `M ${x} ${y - r} A ${r} ${r} 0 1 1 ${x} ${y + r} A ${r} ${r} 0 1 1 ${x} ${y - r} Z`
}

/**
 * What tells the sides apart besides their colour (a grey projector, a colour-blind GM): a shape,
 * a glyph in it and a word for screen readers. Friends are round, enemies a diamond with a cross,
 * neutrals a square.
 */
export interface SideMark {
  readonly shape: 'circle' | 'diamond' | 'square'
  readonly glyph: string
  readonly word: string
}

const SIDE_MARKS: Record<Side, SideMark> = {
  party: { shape: 'circle', glyph: '★', word: 'party' },
  ally: { shape: 'circle', glyph: '+', word: 'ally' },
  neutral: { shape: 'square', glyph: '–', word: 'neutral' },
  enemy: { shape: 'diamond', glyph: '✕', word: 'enemy' },
}

export function sideMark(side: Side): SideMark {
  return SIDE_MARKS[side]
}

/** The SVG points of a side mark's outline of half-size `h` about (x, y): a diamond or a square (a circle is drawn as one). */
export function sideMarkPoints(shape: SideMark['shape'], x: number, y: number, h: number): string {
  const pts =
    shape === 'diamond'
      ? [
          [x, y - h],
          [x + h, y],
          [x, y + h],
          [x - h, y],
        ]
      : [
          [x - h * 0.8, y - h * 0.8],
          [x + h * 0.8, y - h * 0.8],
          [x + h * 0.8, y + h * 0.8],
          [x - h * 0.8, y + h * 0.8],
        ]
  return pts.map((p) => p.join(',')).join(' ')
}
