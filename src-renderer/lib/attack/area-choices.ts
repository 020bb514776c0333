import { areaCovers, areaMarkLabel } from '../../../src-shared/area-marks'
import { footprintRadius } from '../../../src-shared/geometry'
import type { AreaMarkId, AreaMarkRecord, SceneRecord, TokenRecord, WallRecord } from '../../../src-shared/records'
import { areaReachesBase, wallIndexFor } from '../../../src-shared/wall-geometry'

/** One template an area action can be aimed at, as the action panel lists it. */
export interface AreaChoice {
  readonly id: AreaMarkId
  /** "Grenade 3 m · 2 under it", "(hidden)" for the GM's own. */
  readonly text: string
  readonly under: number
}

/**
 * The templates on the scene in play, each with how many tokens it touches: the core aims an
 * area action only there and counts by the same test (`areaCovers`, SR-CORE-10, with the scene's
 * own base size; through the scene's walls, `areaReachesBase`, SR-CORE-32), so the number the GM
 * picks by is the number the rules get.
 */
export function areaChoices(
  marks: readonly AreaMarkRecord[],
  tokens: readonly Pick<TokenRecord, 'sceneId' | 'x' | 'y'>[],
  sceneInPlay: Pick<SceneRecord, 'id' | 'grid'> | null,
  walls: readonly WallRecord[] = [],
): AreaChoice[] {
  if (!sceneInPlay) return []
  const index = wallIndexFor(
    `choices:${sceneInPlay.id}`,
    walls.filter((w) => w.sceneId === sceneInPlay.id),
  )
  const radius = footprintRadius(sceneInPlay.grid)
  const here = tokens.filter((t) => t.sceneId === sceneInPlay.id).map((t) => ({ x: t.x, y: t.y, radius }))
  return marks
    .filter((m) => m.sceneId === sceneInPlay.id)
    .map((m) => {
      const under = here.filter((t) => (index.empty ? areaCovers(m, t) : areaReachesBase(index, m, t, m))).length
      return { id: m.id, under, text: `${areaMarkLabel(m)}${m.hidden ? ' (hidden)' : ''} · ${under} under it` }
    })
    .sort((a, b) => a.text.localeCompare(b.text) || a.id.localeCompare(b.id))
}
