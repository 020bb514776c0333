/**
 * Which part of the initiative order the table's ribbon shows when not everyone fits: a window
 * centred on whoever acts. Pure, so its corners (the end of the round, fewer combatants than the
 * window, nobody acting yet) are tested without a browser.
 *
 * The list is what the page has: the player page never receives a hidden combatant, so none is
 * ever counted in "+N more" either.
 */

export interface RibbonWindow {
  /** Indices into the order, in the order shown (after the round's last comes the next round's first). */
  readonly shown: readonly number[]
  /** Position in `shown` where the order starts over (the next round), or null when it does not. */
  readonly wrapAt: number | null
  /** How many are left off before the first shown and after the last shown ("+12 more"). */
  readonly before: number
  readonly after: number
}

/**
 * Offsets from whoever acts, most wanted first: the acting one, the next three (the table needs
 * to see who is up; fewer when the GM asked for fewer), then the one who just acted, then further
 * ahead up to the GM's N.
 */
function wanted(count: number, withPrevious: boolean, ahead: number): number[] {
  const out = [0]
  for (let k = 1; k <= Math.min(3, ahead); k++) out.push(k)
  if (withPrevious) out.push(-1)
  for (let k = 4; k <= ahead && out.length < count; k++) out.push(k)
  return out.filter((o, i, all) => o < count && all.indexOf(o) === i)
}

/**
 * @param count how many combatants the page has, in initiative order
 * @param focus index of whoever acts (or the last one the table saw acting); -1 when nobody does
 * @param slots how many entries fit (at least 1)
 * @param next the GM's setting: show at most the one before, the acting one and the next N ('fit': as many as fit)
 * @param firstTurn the first turn of the fight: nobody has acted before, so no "previous" entry
 */
export function ribbonWindow(count: number, focus: number, slots: number, next: 'fit' | number, firstTurn = false): RibbonWindow {
  const n = Math.max(0, Math.floor(count))
  const cap = Math.max(1, Math.min(Math.floor(slots), next === 'fit' ? Infinity : Math.floor(next) + 2))
  if (n <= cap) return { shown: range(0, n), wrapAt: null, before: 0, after: 0 }
  if (focus < 0 || focus >= n) return { shown: range(0, cap), wrapAt: null, before: 0, after: n - cap }

  const offsets = wanted(n, !firstTurn, next === 'fit' ? n : Math.floor(next))
    .slice(0, cap)
    .sort((a, b) => a - b)
  const shown = offsets.map((o) => (((focus + o) % n) + n) % n)
  const first = focus + offsets[0]!
  const last = focus + offsets.at(-1)!
  if (first < 0) {
    // The one before the first of the round is the last of the previous round.
    return { shown, wrapAt: 1, before: 0, after: n - shown.length }
  }
  if (last >= n) {
    // Past the round's end the next round's first ones follow; those left off come after them.
    return { shown, wrapAt: n - first, before: 0, after: n - shown.length }
  }
  return { shown, wrapAt: null, before: first, after: n - 1 - last }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i)
}
