import { mapCoverWords } from './map-cover-words'
import type { RulesCombatant } from '../ruleset'

/**
 * A target a quarter hidden or more counts as "behind cover" for the rulesets with one yes/no
 * cover (d20 SR-D20-35, 2d6 SR-2D6-21): less is a sliver of wall at the rim of its base, which no
 * one ducks behind.
 */
export const COVERED_SHARE = 0.25

/** Whether the map puts the target behind cover, and in whose words; null when the map has no say. */
export function coveredByMap(t: RulesCombatant): { readonly covered: boolean; readonly words: string } | null {
  const map = t.mapCover
  if (!map) return null
  const covered = map.hidden >= COVERED_SHARE
  if (map.hidden === 0) return { covered, words: `${t.name} in the open on the map` }
  return { covered, words: `${mapCoverWords(map, t.name)}: ${covered ? 'behind cover' : 'too little to count'}` }
}
