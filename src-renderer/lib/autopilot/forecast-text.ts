import type { ForecastProgress, ForecastShare, ForecastVariant, SuggestionOdds } from '../../../src-shared/autopilot'

/** A share as a whole percentage: 0.714 → 71. */
export const percent = (share: number): number => Math.round(share * 100)

/** "71% (±2)"; an interval under half a point reads "±<1", not a false "±0". */
export function shareText(s: ForecastShare): string {
  const spread = s.interval * 100
  const plusMinus = spread > 0 && spread < 0.5 ? '<1' : String(Math.round(spread))
  return `${percent(s.share)}% (±${plusMinus})`
}

/** "3–5 rounds", "1 round". */
export function roundsText(span: NonNullable<ForecastVariant['likelyRounds']>): string {
  if (span.from === span.to) return `${span.from} round${span.from === 1 ? '' : 's'}`
  return `${span.from}–${span.to} rounds`
}

/** "Party wins 71% (±2) · 3–5 rounds most likely". */
export function headline(v: ForecastVariant): string {
  if (v.fights === 0) return 'No fight played yet'
  const rounds = v.likelyRounds ? ` · ${roundsText(v.likelyRounds)} most likely` : ''
  return `Party wins ${shareText(v.partyWins)}${rounds}`
}

/** "1,240 of 2,000 fights · 1.9 s". */
export function progressText(p: ForecastProgress): string {
  const n = (x: number) => x.toLocaleString('en')
  const secs = p.elapsedMs >= 100 ? ` · ${(p.elapsedMs / 1000).toFixed(1)} s` : ''
  return `${n(p.done)} of ${n(p.total)} fights${secs}`
}

/** The rounds chart's columns: 1 to the last round any fight reached (at least five, so one bar is not the whole chart). */
export function roundColumns(rounds: readonly number[]): { round: number; count: number; last: boolean }[] {
  let end = 5
  for (let r = rounds.length - 1; r > end; r--)
    if (rounds[r]! > 0) {
      end = r
      break
    }
  end = Math.min(end, rounds.length - 1)
  const out: { round: number; count: number; last: boolean }[] = []
  // The last slot also holds fights that ended later still (the tally's cap).
  for (let r = 1; r <= end; r++) out.push({ round: r, count: rounds[r] ?? 0, last: r === rounds.length - 1 })
  return out
}

/** The odds of a suggested act, as short parts: "hit 64%", "4.2 damage expected", "down 18%", "risk 3%". */
export function oddsParts(o: SuggestionOdds): { key: string; text: string }[] {
  const parts: { key: string; text: string }[] = []
  if (o.hit !== null) parts.push({ key: 'hit', text: `hit ${percent(o.hit)}%` })
  parts.push({ key: 'damage', text: `${o.expectedDamage.toFixed(1)} damage expected` })
  parts.push({ key: 'down', text: `down ${percent(o.downChance)}%` })
  if (o.risk > 0) parts.push({ key: 'risk', text: `risk ${percent(o.risk)}%` })
  return parts
}
