import type { ConditionDefinition } from '../ruleset'

/** The condition ids this ruleset reads. */
export const SUPPRESSING = 'suppressing'
export const SUPPRESSED = 'suppressed'
export const SURPRISED = 'surprised'
export const DIFFICULT_TERRAIN = 'difficult-terrain'

/** The conditions of the d10 difficulty system, in our words. */
export const D10_CONDITIONS: readonly ConditionDefinition[] = [
  {
    id: SUPPRESSING,
    label: 'Suppressing',
    summary:
      'Holds a fire lane to its target with so many bullets per action; a suppressed enemy breaking cover may draw its shot out of turn. Ends at the start of its next turn, or when it reloads.',
    source: '002 Suppressing Fire',
    stacks: false,
  },
  {
    id: SUPPRESSED,
    label: 'Suppressed',
    summary: 'Pinned by someone’s suppressing fire: leaving cover may draw that shooter’s out-of-turn shot (the GM allows it or not).',
    source: '002 Suppressing Fire',
    stacks: false,
  },
  {
    id: SURPRISED,
    label: 'Surprised',
    summary: 'Caught unaware: no actions in the surprise round, and attacks on it allow neither dodge nor block.',
    source: '002 Surprise Round, D6',
    stacks: false,
  },
  {
    id: DIFFICULT_TERRAIN,
    label: 'Difficult terrain',
    summary: 'Stairs, slopes, snow, mud: every metre of movement costs double speed points (changing stance does not).',
    source: 'D3',
    stacks: false,
  },
]
