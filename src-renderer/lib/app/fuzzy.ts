/** Where a query matched a label, and how well (higher is better). */
export interface FuzzyMatch {
  readonly score: number
  /** Indexes into the label of the matched characters, ascending. */
  readonly positions: readonly number[]
}

const WORD_START = 8
const CONSECUTIVE = 8
const PREFIX = 10
/** Per character skipped between two matches, and per character before the first. */
const GAP = 0.5
const LATE_START = 0.1

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[\p{L}\p{N}]/u.test(ch)

/**
 * Matches the query's characters in order anywhere in the text, case-insensitively; spaces in
 * the query are ignored, so "dam vex" finds "Damage Vex Morrow…". Of all the ways to place
 * the characters it picks the best-scoring one (a small dynamic programme over query ×
 * text): word starts and runs of adjacent characters count most and skipped characters
 * cost a little, which is what makes "nt" find "Next turn" before "Spawn Trooper".
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const q = query.toLowerCase().replace(/\s+/g, '')
  if (q === '') return { score: 0, positions: [] }
  const t = text.toLowerCase()
  const m = q.length
  const n = t.length
  if (m > n) return null
  // Most labels do not match at all: a plain subsequence scan turns them away before the
  // programme allocates anything (the palette runs this over a thousand labels a keystroke).
  let k = 0
  for (let j = 0; j < n && k < m; j++) if (t[j] === q[k]) k++
  if (k < m) return null

  const bonus = (j: number) => 1 + (isWordChar(text[j - 1]) ? 0 : WORD_START)
  // score[i][j]: best score with query char i placed on text char j; from[i][j]: where i-1 went.
  const score = Array.from({ length: m }, () => new Float64Array(n).fill(-Infinity))
  const from = Array.from({ length: m }, () => new Int32Array(n).fill(-1))
  for (let j = 0; j < n; j++) if (t[j] === q[0]) score[0]![j] = bonus(j) - j * LATE_START
  for (let i = 1; i < m; i++) {
    const prev = score[i - 1]!
    const row = score[i]!
    // Best placement of char i-1 at least two to the left, already charged for the gap up to j.
    let gapBest = -Infinity
    let gapFrom = -1
    for (let j = i; j < n; j++) {
      if (j >= 2) {
        gapBest -= GAP
        const fresh = prev[j - 2]! - GAP
        if (fresh > gapBest) {
          gapBest = fresh
          gapFrom = j - 2
        }
      }
      if (t[j] !== q[i]) continue
      const adjacent = prev[j - 1]! + CONSECUTIVE
      const best = adjacent >= gapBest ? adjacent : gapBest
      if (best === -Infinity) continue
      row[j] = best + bonus(j)
      from[i]![j] = adjacent >= gapBest ? j - 1 : gapFrom
    }
  }

  const last = score[m - 1]!
  let end = -1
  for (let j = 0; j < n; j++) if (last[j]! > (end < 0 ? -Infinity : last[end]!)) end = j
  if (end < 0 || last[end] === -Infinity) return null
  const positions: number[] = []
  for (let i = m - 1, j = end; i >= 0; j = from[i]![j]!, i--) positions.unshift(j)
  return { score: last[end]! + (t.startsWith(q) ? PREFIX : 0), positions }
}

/** The items that match, best first; equal scores keep their given order. */
export function fuzzyRank<T>(query: string, items: readonly T[], label: (item: T) => string): { item: T; match: FuzzyMatch }[] {
  const out: { item: T; match: FuzzyMatch; index: number }[] = []
  items.forEach((item, index) => {
    const match = fuzzyMatch(query, label(item))
    if (match) out.push({ item, match, index })
  })
  out.sort((a, b) => b.match.score - a.match.score || a.index - b.index)
  return out.map(({ item, match }) => ({ item, match }))
}

/** Splits a label into runs of matched and unmatched characters, for highlighting. */
export function highlightRuns(text: string, positions: readonly number[]): { text: string; hit: boolean }[] {
  const hits = new Set(positions)
  const runs: { text: string; hit: boolean }[] = []
  for (let i = 0; i < text.length; i++) {
    const hit = hits.has(i)
    const last = runs.at(-1)
    if (last && last.hit === hit) last.text += text[i]
    else runs.push({ text: text[i]!, hit })
  }
  return runs
}
