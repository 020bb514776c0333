import type { AttackPreview } from '../../../src-shared/attack'
import type { Result } from '../../../src-shared/result'
import { isPositionRefusal } from '../attack/act-positions'

/**
 * What the map shows of a hovered target's preview: the ruleset's reason it cannot be hit (out of
 * reach or range, with the distance), else its headline. A refusal over where the two stand
 * (issue 31) is the core's word on that target too, shown rather than nothing; other failures show nothing.
 */
export function rangeWord(r: Result<Pick<AttackPreview, 'blocked' | 'headline'>>): { text: string; outOfReach: boolean } {
  if (!r.ok) return isPositionRefusal(r.error.code) ? { text: r.error.message, outOfReach: true } : { text: '', outOfReach: false }
  return { text: r.value.blocked ?? r.value.headline ?? '', outOfReach: r.value.blocked !== null }
}
