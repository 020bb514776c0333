import type { CombatantId, ProjectorRecord, ProjectorView, SceneGrid, TokenRecord } from '../../../src-shared/records'
import { pxPerMetre, screenToScene, type Size, type ViewTransform } from './map-geometry'

/**
 * The projector's framing as maths: which part of the scene the player screen shows (a centre
 * and a size in metres, so screens of any shape show the same part) and the GM's own view in
 * those terms, for mirroring. Kept apart from the components so it is testable without a DOM.
 */

/** How much of the map 'follow' shows around the acting combatant when the GM has framed nothing yet. */
export const FOLLOW_SPAN = { w: 24, h: 16 } as const

/** The transform that shows this part of the scene centred and whole in the viewport. */
export function frameView(frame: ProjectorView, grid: SceneGrid, viewport: Size): ViewTransform {
  const s = pxPerMetre(grid)
  const k = Math.min(viewport.width / Math.max(1e-3, frame.w * s), viewport.height / Math.max(1e-3, frame.h * s))
  return { k, x: viewport.width / 2 - frame.x * s * k, y: viewport.height / 2 - frame.y * s * k }
}

/** What the GM's map shows now, in metres (what 'mirror' and 'fixed' hand the projector). */
export function visibleFrame(view: ViewTransform, grid: SceneGrid, viewport: Size): ProjectorView {
  const s = pxPerMetre(grid)
  const a = screenToScene(view, { x: 0, y: 0 })
  const b = screenToScene(view, { x: viewport.width, y: viewport.height })
  const r = (v: number) => Math.round(v * 100) / 100
  return {
    x: r((a.x + b.x) / 2 / s),
    y: r((a.y + b.y) / 2 / s),
    w: r(Math.max(0.5, (b.x - a.x) / s)),
    h: r(Math.max(0.5, (b.y - a.y) / s)),
  }
}

/**
 * The frame the player screen should show, or null for "fit the whole scene". Follow falls back
 * to the whole scene when the acting combatant has no token the players may see (hidden, in
 * the fog, off the map): the screen must not point at where a secret stands.
 */
export function projectorFrame(
  p: ProjectorRecord,
  tokens: readonly TokenRecord[],
  sceneId: string | null,
  current: CombatantId | null,
): ProjectorView | null {
  if (p.mode === 'fit') return null
  if (p.mode === 'follow') {
    const t = current ? tokens.find((x) => x.combatantId === current && x.sceneId === sceneId) : undefined
    if (!t) return null
    return { x: t.x, y: t.y, w: p.view?.w ?? FOLLOW_SPAN.w, h: p.view?.h ?? FOLLOW_SPAN.h }
  }
  return p.view
}
