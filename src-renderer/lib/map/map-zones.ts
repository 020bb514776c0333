import { describeDuration } from '../../../src-shared/condition-clock'
import type { CombatantId, SceneId, Side } from '../../../src-shared/records'
import type { CombatantView } from '../../../src-shared/views'

/** A condition's zone to draw (a suppression area), in metres on the scene. */
export interface MapZone {
  readonly key: string
  readonly x: number
  readonly y: number
  readonly radius: number
  /** A lane's far end: the zone is every point within `radius` of the segment. */
  readonly to?: { readonly x: number; readonly y: number }
  readonly label: string
  /** "until the start of Vex's turn" — the GM's; players see the name only. */
  readonly until: string | null
  /** Whose zone it is: coloured by the side of who laid it, when the view knows. */
  readonly side: Side | null
  /**
   * Where the zone is reached from through walls (SR-CORE-32): a lane's shooter end, or the bearer
   * of the condition where its token stands (a suppressor's zone round its target); else the centre.
   */
  readonly source: { readonly x: number; readonly y: number }
}

/**
 * The zones of every visible combatant's conditions on this scene. The GM's view has the
 * clocks and sources; the players' has what the projection let through (the zone and its name).
 */
export function zonesOn(
  sceneId: SceneId,
  combatants: readonly CombatantView[],
  placedAt: (id: CombatantId) => { readonly x: number; readonly y: number } | undefined = () => undefined,
): MapZone[] {
  const byId = new Map(combatants.map((c) => [c.id, c]))
  const nameOf = (id: CombatantId) => byId.get(id)?.name ?? 'someone'
  return combatants.flatMap((c) => {
    const detailed = c.turn?.conditions
    return c.conditions.flatMap((pc) => {
      if (!pc.area || pc.area.sceneId !== sceneId) return []
      const full = detailed?.find((x) => x.key === pc.key)
      const source = full?.sourceId ? byId.get(full.sourceId) : undefined
      return [
        {
          key: `${c.id}/${pc.key}`,
          x: pc.area.x,
          y: pc.area.y,
          radius: pc.area.radius,
          ...(pc.area.to ? { to: pc.area.to } : {}),
          label: `${c.name}: ${pc.label}`,
          until: full ? describeDuration(full.duration, nameOf) : null,
          side: source?.side ?? null,
          source: pc.area.to ? { x: pc.area.x, y: pc.area.y } : (placedAt(c.id) ?? { x: pc.area.x, y: pc.area.y }),
        },
      ]
    })
  })
}

/** The outline of a lane in pixels: two sides along the segment joined by half-circles at its ends. */
export function lanePath(a: { x: number; y: number }, b: { x: number; y: number }, r: number): string {
  const len = Math.hypot(b.x - a.x, b.y - a.y)
  if (len === 0) return `M ${a.x - r} ${a.y} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`
  // The unit normal to the segment, scaled to the lane's half-width.
  const nx = (-(b.y - a.y) / len) * r
  const ny = ((b.x - a.x) / len) * r
  const p = (x: number, y: number) => `${x.toFixed(2)} ${y.toFixed(2)}`
  return `M ${p(a.x + nx, a.y + ny)} L ${p(b.x + nx, b.y + ny)} A ${r} ${r} 0 0 0 ${p(b.x - nx, b.y - ny)} L ${p(a.x - nx, a.y - ny)} A ${r} ${r} 0 0 0 ${p(a.x + nx, a.y + ny)} Z`
}

/** Polygons in metres as one SVG path in pixels (each closed; a zone split by a shadow is several). */
export function polygonsPath(
  shapes: readonly (readonly { x: number; y: number }[])[],
  toPx: (p: { x: number; y: number }) => { x: number; y: number },
): string {
  return shapes
    .filter((s) => s.length > 2)
    .map(
      (s) =>
        `M ${s
          .map((m) => {
            const p = toPx(m)
            return `${p.x.toFixed(2)} ${p.y.toFixed(2)}`
          })
          .join(' L ')} Z`,
    )
    .join(' ')
}
