import type { ActionOdds, ExplanationSection, OddsBand } from '../../../src-shared/attack'
import { convolve, mapDistribution, probabilityThat, type Distribution } from './distribution'

/*
 * Shared shapes for the odds of an act before it is rolled (the Action panel's odds block):
 * exact, from the kit's distributions, never sampled.
 */

/** Odds with these outcome bands (the zero ones left out: a band the GM can never see is noise). */
export const actOdds = (
  outcomes: readonly OddsBand[],
  explanation: readonly ExplanationSection[] = [],
  extra: Partial<Pick<ActionOdds, 'each' | 'note'>> = {},
): ActionOdds => ({
  outcomes: outcomes.filter((o) => o.probability > 0),
  each: extra.each ?? [],
  note: extra.note ?? null,
  blocked: null,
  explanation,
})

/** Succeeds / fails at chance p. */
export const passFail = (p: number, pass = 'succeeds', failed = 'fails'): OddsBand[] => [
  { label: pass, probability: p },
  { label: failed, probability: 1 - p },
]

/**
 * Two sides each roll a total; the higher wins and a tie is rolled again by both until one is
 * higher. With ties rerolled the chance the first side wins is P(a > b) / (1 − P(a = b)) exactly
 * (the geometric series of tied rounds); `tie` is left for one round, for the explanation.
 */
export function contest(a: Distribution, b: Distribution): { readonly first: number; readonly second: number; readonly tie: number } {
  const diff = convolve(
    a,
    mapDistribution(b, (v) => -v),
  )
  const ahead = probabilityThat(diff, (d) => d > 0)
  const tie = probabilityThat(diff, (d) => d === 0)
  if (tie >= 1) return { first: 0, second: 0, tie: 1 }
  const first = ahead / (1 - tie)
  return { first, second: 1 - first, tie }
}
