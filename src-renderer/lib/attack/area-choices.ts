import { areaCovers, areaMarkLabel } from '../../../src-shared/area-marks'
import type { AreaMarkId, AreaMarkRecord, TokenRecord } from '../../../src-shared/records'

/** One template an area action can be aimed at, as the action panel lists it. */
export interface AreaChoice {
  readonly id: AreaMarkId
  /** "Grenade 3 m · 2 under it", "(hidden)" for the GM's own. */
  readonly text: string
  readonly under: number
}

/**
 * The templates on the scene in play, each with how many tokens are under it: the core aims an
 * area action only there and counts by the same test (`areaCovers`, SR-CORE-10), so the number
 * the GM picks by is the number the rules get.
 */
export function areaChoices(
  marks: readonly AreaMarkRecord[],
  tokens: readonly Pick<TokenRecord, 'sceneId' | 'x' | 'y'>[],
  sceneInPlay: string | null,
): AreaChoice[] {
  if (!sceneInPlay) return []
  const here = tokens.filter((t) => t.sceneId === sceneInPlay)
  return marks
    .filter((m) => m.sceneId === sceneInPlay)
    .map((m) => {
      const under = here.filter((t) => areaCovers(m, t)).length
      return { id: m.id, under, text: `${areaMarkLabel(m)}${m.hidden ? ' (hidden)' : ''} · ${under} under it` }
    })
    .sort((a, b) => a.text.localeCompare(b.text) || a.id.localeCompare(b.id))
}
