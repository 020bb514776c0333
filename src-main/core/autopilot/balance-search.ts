import type { ForecastShare, ForecastVariant } from '../../../src-shared/autopilot'
import type { BalanceEstimate, BalanceVerdict } from '../../../src-shared/balance'

/*
 * Issue 35's Balance, the search itself: pure, no forecast, no campaign. It proposes line-ups
 * (counts per line, and which source fills each line), is told each one's estimate, and proposes
 * the next from the closest found so far. Its one heuristic is that the rules are monotonic
 * enough: one more enemy lowers the party's win chance and raises its down risk.
 */

/** A line as the search sees it: how many sources may fill it (its own first), and its count range. */
export interface SearchLine {
  readonly choices: number
  readonly min: number
  readonly max: number
}

/** A line-up: per line, a count and which of its sources (0: the line's own). */
export interface Pick {
  readonly counts: readonly number[]
  readonly choices: readonly number[]
}

/** The target as fractions: win chance, most down risk, and how far from the win chance still counts as on it. */
export interface Band {
  readonly win: number
  readonly downRisk: number
  readonly winBand: number
}

export const pickKey = (p: Pick): string => `${p.counts.join(',')}|${p.choices.join(',')}`

/** Distance to the target from the estimate's shares: how far off the win chance is, plus any down risk above the most. */
export function scoreOf(e: BalanceEstimate, band: Band): number {
  return Math.abs(e.win.share - band.win) + Math.max(0, e.downRisk.share - band.downRisk)
}

/**
 * On: the whole 95% interval is inside the band, so more fights would not move it out.
 * Off: the whole interval is outside, so more fights would not bring it in. Otherwise open.
 */
export function verdictOf(e: BalanceEstimate, band: Band): BalanceVerdict {
  const lo = band.win - band.winBand
  const hi = band.win + band.winBand
  const { win, downRisk } = e
  if (win.share + win.interval < lo || win.share - win.interval > hi || downRisk.share - downRisk.interval > band.downRisk) return 'off'
  if (win.share - win.interval >= lo && win.share + win.interval <= hi && downRisk.share + downRisk.interval <= band.downRisk) return 'on'
  return 'open'
}

/**
 * The down risk a candidate is judged by: issue 35's "at most a 30 % chance someone in the party
 * goes down", the share of fights where at least one party member was down at the end (not the
 * most at-risk member's share, which is only a lower bound of it).
 */
export const downRiskOf = (variant: ForecastVariant): ForecastShare => variant.partyDown

interface Tried {
  readonly pick: Pick
  readonly estimate: BalanceEstimate
  readonly score: number
}

/**
 * Which way a measured line-up is surely off, if it is: too hard (the win chance's whole interval
 * under the band, or the down risk's whole interval over the most) or too easy (the win chance's
 * whole interval over the band).
 */
export function offWays(e: BalanceEstimate, band: Band): { readonly tooHard: boolean; readonly tooEasy: boolean } {
  return {
    tooHard: e.win.share + e.win.interval < band.win - band.winBand || e.downRisk.share - e.downRisk.interval > band.downRisk,
    tooEasy: e.win.share - e.win.interval > band.win + band.winBand,
  }
}

/** Whether `a` has at least as many of every line as `b`, from the same sources. */
const covers = (a: Pick, b: Pick): boolean => a.choices.every((c, i) => c === b.choices[i]) && a.counts.every((n, i) => n >= b.counts[i]!)

/**
 * Best-first over line-ups: the next candidate is the first untried neighbour of the closest
 * line-ups found so far. Neighbours of a line-up too easy for the party add enemies first (a
 * bigger step when far off), of one too hard take them away; then same-count swaps to another
 * source, then trades (one more of a line, one fewer of another), then the other direction.
 */
export class BalanceSearch {
  readonly #tried: Tried[] = []
  readonly #proposed = new Set<string>()
  /** Line-ups surely too hard / too easy: more of every line than a too-hard one is too hard as well, fewer than a too-easy one too easy. */
  readonly #tooHard: Pick[] = []
  readonly #tooEasy: Pick[] = []
  #bestScore = Infinity
  #sinceBetter = 0
  #first: Pick | null

  constructor(
    private readonly lines: readonly SearchLine[],
    start: Pick,
    private readonly band: Band,
    private readonly maxTotal: number,
  ) {
    this.#first = this.#valid(start) ? start : null
  }

  /** How many line-ups have been proposed so far. */
  get proposed(): number {
    return this.#proposed.size
  }

  /** How many line-ups in a row were measured without coming closer than the best before them. */
  get sinceBetter(): number {
    return this.#sinceBetter
  }

  /** The next line-up to forecast, or null when every neighbour of every tried one has been proposed. */
  next(): Pick | null {
    if (this.#first) {
      const first = this.#first
      this.#first = null
      this.#proposed.add(pickKey(first))
      return first
    }
    const byScore = [...this.#tried].sort((a, b) => a.score - b.score)
    for (const t of byScore) {
      for (const n of this.#neighbours(t)) {
        const key = pickKey(n)
        if (this.#proposed.has(key) || this.#ruledOut(n)) continue
        this.#proposed.add(key)
        return n
      }
    }
    return null
  }

  record(pick: Pick, estimate: BalanceEstimate): void {
    this.#proposed.add(pickKey(pick))
    const score = scoreOf(estimate, this.band)
    this.#tried.push({ pick, estimate, score })
    const off = offWays(estimate, this.band)
    if (off.tooHard) this.#tooHard.push(pick)
    if (off.tooEasy) this.#tooEasy.push(pick)
    // Closer by less than a point is noise, not progress.
    if (score < this.#bestScore - 0.01) {
      this.#bestScore = score
      this.#sinceBetter = 0
    } else this.#sinceBetter++
  }

  /** The monotonic heuristic: a line-up beyond one surely off the same way is off too, and not worth a forecast. */
  #ruledOut(p: Pick): boolean {
    return this.#tooHard.some((hard) => covers(p, hard)) || this.#tooEasy.some((easy) => covers(easy, p))
  }

  #neighbours(t: Tried): Pick[] {
    const { pick, estimate } = t
    const tooEasy = estimate.win.share - this.band.win > Math.max(0, estimate.downRisk.share - this.band.downRisk)
    const dir = tooEasy ? 1 : -1
    // Far off the target, a first step of more than one: the search reaches a long range in a few tries.
    // About one enemy per 8 points off, a rough reading of the four rulesets' ready-made NPCs against a few PCs.
    const far = Math.max(1, Math.round(Math.abs(estimate.win.share - this.band.win) / 0.08))
    const out: Pick[] = []
    const at = (i: number, d: number, choice?: number): Pick => ({
      counts: pick.counts.map((c, j) => (j === i ? c + d : c)),
      choices: pick.choices.map((c, j) => (j === i && choice !== undefined ? choice : c)),
    })
    for (const step of far > 1 ? [far, 1] : [1]) for (let i = 0; i < this.lines.length; i++) out.push(at(i, dir * step))
    for (let i = 0; i < this.lines.length; i++)
      for (let c = 0; c < this.lines[i]!.choices; c++) if (c !== pick.choices[i]) out.push(at(i, 0, c))
    for (let i = 0; i < this.lines.length; i++)
      for (let j = 0; j < this.lines.length; j++)
        if (i !== j) out.push({ counts: pick.counts.map((c, k) => (k === i ? c + 1 : k === j ? c - 1 : c)), choices: pick.choices })
    for (let i = 0; i < this.lines.length; i++) out.push(at(i, -dir))
    return out.filter((p) => this.#valid(p))
  }

  #valid(p: Pick): boolean {
    if (p.counts.length !== this.lines.length || p.choices.length !== this.lines.length) return false
    let total = 0
    for (let i = 0; i < this.lines.length; i++) {
      const line = this.lines[i]!
      const n = p.counts[i]!
      const c = p.choices[i]!
      if (!Number.isInteger(n) || n < line.min || n > line.max || !Number.isInteger(c) || c < 0 || c >= line.choices) return false
      total += n
    }
    return total >= 1 && total <= this.maxTotal
  }
}
