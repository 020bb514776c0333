import type { WallKind, WallRecord } from './records'

/** How the desk names a wall's kind, in the GM's words. */
export const WALL_KIND_WORDS: Readonly<Record<WallKind, string>> = {
  wall: 'wall',
  low: 'low cover',
  window: 'window',
  door: 'door',
}

/** "wall", "low cover", "locked door", "secret door (open)". */
export function wallLabel(w: WallRecord): string {
  if (w.kind !== 'door') return WALL_KIND_WORDS[w.kind]
  const state = w.door === 'closed' ? '' : ` (${w.door})`
  return `${w.secret ? 'secret door' : 'door'}${state}`
}

/** The wall's length along its corners, in metres. */
export function wallLength(points: WallRecord['points']): number {
  let sum = 0
  for (let i = 1; i < points.length; i++) sum += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y)
  return sum
}

/**
 * The wall as the table may see it, or null (issue 34): only on the scene in play and only where
 * every corner is out of the fog (a wall half in the fog would draw the hidden room's outline);
 * a locked door is a shut one; a secret door is a plain wall while shut and a gap while open, never a door. The core's player
 * projection and any picture of the player map use this one test.
 */
export function tableWall(
  w: WallRecord,
  sceneInPlay: string | null,
  inSight: (p: { readonly x: number; readonly y: number }) => boolean,
): WallRecord | null {
  if (w.sceneId !== sceneInPlay || !w.points.every(inSight)) return null
  if (w.kind !== 'door') return w
  // Locked is the GM's to know: the table sees a shut door, as it would at the real one.
  if (!w.secret) return w.door === 'locked' ? { ...w, door: 'closed' } : w
  if (w.door === 'open') return null
  return { typeName: 'wall', id: w.id, sceneId: w.sceneId, points: w.points, kind: 'wall' }
}
