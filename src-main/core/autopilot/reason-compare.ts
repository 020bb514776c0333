import type { SuggestionOdds } from '../../../src-shared/autopilot'

/**
 * Why the chosen act beat the runner-up, in the measure that decided it (play tests: a reason
 * that said 4.3 expected damage "beats" 4.4). The policy scores an attack on the chance to put the
 * target down, the share of its health taken, the damage, and the risk to the attacker; the line
 * names the first measure on which the chosen act is ahead *as the numbers are printed*, with
 * both figures, and never claims a lead the printed figures do not show.
 */

export interface Compared {
  readonly label: string
  readonly odds: SuggestionOdds | null
  /** The target's health left, for the share an attack takes; absent for acts that hit nobody. */
  readonly targetHp?: number
}

export type Measure = 'down' | 'damage' | 'share' | 'risk'

export interface Deciding {
  readonly measure: Measure
  /** The chosen act's figure and the runner-up's, as printed. */
  readonly mine: number
  readonly theirs: number
  /** For 'risk' lower is better; for the others higher. */
  readonly higherIsBetter: boolean
}

const pctOf = (p: number) => Math.round(p * 100)
const tenthsOf = (n: number) => Math.round(n * 10) / 10
const shareOf = (c: Compared) => (c.odds && c.targetHp !== undefined ? Math.min(1, c.odds.expectedDamage / Math.max(1, c.targetHp)) : null)

/**
 * The measure that decided: of those on which `best` is ahead of `next` in printed figures, the
 * one that added most to its lead in the policy's score (policy.ts `attackScore`: 3 × the chance
 * to down, 1.5 × the share of health, a tie-break on damage, − 0.5 × the risk). Null when the
 * printed figures show it ahead on none.
 */
export function decidingMeasure(best: Compared, next: Compared): Deciding | null {
  const a = best.odds
  const b = next.odds
  if (!a || !b) return null
  const sa = shareOf(best)
  const sb = shareOf(next)
  const options: { weight: number; d: Deciding }[] = []
  const consider = (measure: Measure, weight: number, mine: number, theirs: number, higherIsBetter = true) => {
    if (higherIsBetter ? mine > theirs : mine < theirs) options.push({ weight, d: { measure, mine, theirs, higherIsBetter } })
  }
  consider('down', 3 * (a.downChance - b.downChance), pctOf(a.downChance), pctOf(b.downChance))
  if (sa !== null && sb !== null) consider('share', 1.5 * (sa - sb), pctOf(sa), pctOf(sb))
  consider('damage', 0.001 * (a.expectedDamage - b.expectedDamage), tenthsOf(a.expectedDamage), tenthsOf(b.expectedDamage))
  consider('risk', 0.5 * (b.risk - a.risk), pctOf(a.risk), pctOf(b.risk), false)
  options.sort((x, y) => y.weight - x.weight)
  return options[0]?.d ?? null
}

const WORDS: Record<Measure, (d: Deciding) => string> = {
  down: (d) => `on the chance to put its target down, ${d.mine}% against ${d.theirs}%`,
  share: (d) => `on the share of its target's health it takes, ${d.mine}% against ${d.theirs}%`,
  damage: (d) => `on expected damage, ${d.mine.toFixed(1)} against ${d.theirs.toFixed(1)}`,
  risk: (d) => `on risk to itself, ${d.mine}% against ${d.theirs}%`,
}

/** The reason line: "Chosen over burst at Vex on expected damage, 4.4 against 4.3." */
export function comparisonReason(best: Compared, next: Compared): string {
  // "burst with the Anvil Arms C25 at Vex": only the first letter lowered, names kept.
  const other = next.label[0]!.toLowerCase() + next.label.slice(1)
  const d = decidingMeasure(best, next)
  if (d) return `Chosen over ${other} ${WORDS[d.measure](d)}.`
  // Ahead on none as printed: it won on digits the screen rounds away; say so, with the figures.
  if (best.odds && next.odds)
    return `Ranked above ${other} on the overall score; the figures shown barely differ (${best.odds.expectedDamage.toFixed(1)} against ${next.odds.expectedDamage.toFixed(1)} damage expected, ${pctOf(best.odds.downChance)}% against ${pctOf(next.odds.downChance)}% to put its target down).`
  return `Ranked above ${other}.`
}
