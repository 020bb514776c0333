/** One die expression rolled, as the combat log records it (RULINGS R0.2). */
export interface RollRecord {
  /** What was asked for, e.g. `d100+5` or `2d6`. */
  readonly expression: string
  /** Number of sides of each die. */
  readonly sides: number
  /** Every face rolled, in order. */
  readonly faces: readonly number[]
  readonly modifier: number
  readonly total: number
  /**
   * `typed` when the GM entered the faces from physical dice at the table; `mixed` when the
   * typed faces ran out part-way and the GM had the engine roll the rest (`meta.rollMissing`).
   */
  readonly source: 'seeded' | 'typed' | 'mixed'
  /** What the roll was for, e.g. "initiative". */
  readonly purpose: string
}

export interface DiceExpression {
  readonly count: number
  readonly sides: number
  readonly modifier: number
}

const EXPRESSION = /^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$/i

/** Parses `NdS±M` (N defaults to 1). Returns null for anything else so callers can name the problem. */
export function parseDiceExpression(text: string): DiceExpression | null {
  const m = EXPRESSION.exec(text)
  if (!m) return null
  const count = m[1] === '' ? 1 : Number(m[1])
  const sides = Number(m[2])
  const modifier = m[3] === undefined ? 0 : Number(m[4]) * (m[3] === '-' ? -1 : 1)
  if (count < 1 || count > 100 || sides < 2 || sides > 1000 || Math.abs(modifier) > 10000) return null
  return { count, sides, modifier }
}

export function formatDiceExpression(e: DiceExpression): string {
  const mod = e.modifier === 0 ? '' : e.modifier > 0 ? `+${e.modifier}` : `${e.modifier}`
  return `${e.count === 1 ? '' : e.count}d${e.sides}${mod}`
}

/** `d100 [57] + 5 = 62`; a typed roll is marked so the log shows it came from the table. */
export function describeRoll(r: RollRecord): string {
  const mod = r.modifier === 0 ? '' : r.modifier > 0 ? ` + ${r.modifier}` : ` − ${-r.modifier}`
  const dice = r.expression.replace(/[+-]\d+$/, '')
  const typed = r.source === 'typed' ? ' (typed)' : r.source === 'mixed' ? ' (partly typed)' : ''
  return `${dice} [${r.faces.join(', ')}]${mod} = ${r.total}${typed}`
}
