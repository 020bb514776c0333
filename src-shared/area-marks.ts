import { touchesArea, type Footprint } from './geometry'
import type { AreaMarkRecord } from './records'

type Circle = Pick<AreaMarkRecord, 'x' | 'y' | 'radius'>

/** "Grenade 3 m": the template's label with its radius, as the map and the log write it. */
export function areaMarkLabel(m: Pick<AreaMarkRecord, 'label' | 'radius'>): string {
  const radius = `${Number(m.radius.toFixed(2))} m`
  return m.label ? `${m.label} ${radius}` : radius
}

/**
 * Whether the table may see a template: not hidden by the GM, on the scene in play, and its
 * centre where the fog lets the players look (zones are judged by their centre too). The core's
 * player projection and any picture of the player map use this one test.
 */
export function tableSeesAreaMark(
  m: Pick<AreaMarkRecord, 'hidden' | 'sceneId' | 'x' | 'y'>,
  sceneInPlay: string | null,
  inSight: (p: { x: number; y: number }) => boolean,
): boolean {
  return !m.hidden && m.sceneId === sceneInPlay && inSight(m)
}

/**
 * Whether a token is under the template: the circle touches its base, rim included (SR-CORE-10).
 * The map's rings, the action panel's count and the rules' list all ask this.
 */
export const areaCovers = (m: Circle, t: Footprint): boolean => touchesArea(m, t)
