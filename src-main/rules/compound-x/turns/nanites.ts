import { NANITE_REGEN_PER_TURN } from '../stats/derived-stats'
import { modifier } from '../../kit/modifier'
import type { Step } from '../statistic'

export interface NaniteRegen {
  readonly nanites: number
  readonly gained: number
  readonly step: Step
}

/**
 * CX22: +3 nanites at the start of each own turn, never past the maximum. A pool already above
 * the maximum (a feat's temporary boost) is left as it is rather than cut down.
 */
export function regenerateNanites(current: number, maximum: number): NaniteRegen {
  const nanites = current >= maximum ? current : Math.min(maximum, current + NANITE_REGEN_PER_TURN)
  const gained = nanites - current
  return {
    nanites,
    gained,
    step: {
      title: 'Nanites at turn start',
      modifiers: [
        modifier('Current', current, 'CX22'),
        modifier(
          gained < NANITE_REGEN_PER_TURN ? `Regeneration ${NANITE_REGEN_PER_TURN}, capped at ${maximum}` : 'Regeneration',
          gained,
          'CX22',
        ),
      ],
      rule: `at most the maximum ${maximum} (CX22)`,
      total: nanites,
    },
  }
}
