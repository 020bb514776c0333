import type { CombatantId, ProjectorRecord, ProjectorView, SceneGrid, TokenRecord } from '../../../src-shared/records'
import { pxPerMetre, screenToScene, type Point, type Size, type ViewTransform } from './map-geometry'

/**
 * The projector's framing as maths: which part of the scene the player screen shows (a centre
 * and a size in metres, so screens of any shape show the same part) and the GM's own view in
 * those terms, for mirroring. Kept apart from the components so it is testable without a DOM.
 */

/** How much of the map 'follow' shows around the acting combatant when the GM has framed nothing yet. */
export const FOLLOW_SPAN = { w: 24, h: 16 } as const

/**
 * The least 'fit' frames round the fight, in metres: a few squares either way, so two duellists
 * side by side do not fill the wall and a lone token still shows where it stands.
 */
export const FIT_MIN_SPAN = { w: 10, h: 6 } as const
/** The frame's edges snap outwards to whole metres: a step inside it does not re-zoom the table. */
export const FIT_STEP = 1
/**
 * Room round the fight on screen, in CSS pixels: a token drawn at the table's least size, and its
 * conditions' plate under it (table-labels.ts). Pixels, not metres, so a small screen gives the
 * fight all it can instead of a margin that grows with the map.
 */
export const FIT_MARGIN_PX = 72

/** A scene's extent in metres. */
export interface SceneMetres {
  readonly w: number
  readonly h: number
}

/**
 * What 'fit' frames on the table (issue 31): the fight, not the picture. The box round the tokens
 * the table sees, its edges snapped outwards and at least FIT_MIN_SPAN, centred on them (the margin
 * is added on screen, `fightView`); null (the whole scene) when nobody stands on it, or when that
 * box would take in the whole scene anyway. Only the table's own tokens count, so a hidden one
 * never pulls the frame its way.
 */
export function fightFrame(tokens: readonly Point[], scene: SceneMetres): ProjectorView | null {
  if (tokens.length === 0) return null
  const xs = tokens.map((t) => t.x)
  const ys = tokens.map((t) => t.y)
  const down = (v: number) => Math.floor(v / FIT_STEP) * FIT_STEP
  const up = (v: number) => Math.ceil(v / FIT_STEP) * FIT_STEP
  const x0 = down(Math.min(...xs))
  const x1 = up(Math.max(...xs))
  const y0 = down(Math.min(...ys))
  const y1 = up(Math.max(...ys))
  const w = Math.max(x1 - x0, FIT_MIN_SPAN.w)
  const h = Math.max(y1 - y0, FIT_MIN_SPAN.h)
  if (w >= scene.w && h >= scene.h) return null
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, w, h }
}

/**
 * The view moved, not zoomed, so the picture covers the viewport wherever it is large enough to:
 * no black band beside the picture while more of it could show (a frame near the scene's edge),
 * and centred along an axis where the whole picture is narrower than the screen. Whatever of the
 * scene the view showed before still shows.
 */
export function keepPictureOn(v: ViewTransform, scene: Size, viewport: Size): ViewTransform {
  const axis = (at: number, span: number, room: number) => {
    const drawn = span * v.k
    return drawn >= room ? Math.min(0, Math.max(room - drawn, at)) : (room - drawn) / 2
  }
  return { k: v.k, x: axis(v.x, scene.width, viewport.width), y: axis(v.y, scene.height, viewport.height) }
}

/** The transform that shows this part of the scene centred and whole in the viewport, `margin` pixels inside its edges. */
export function frameView(frame: ProjectorView, grid: SceneGrid, viewport: Size, margin = 0): ViewTransform {
  const s = pxPerMetre(grid)
  const room = (px: number) => Math.max(1, px - 2 * margin)
  const k = Math.min(room(viewport.width) / Math.max(1e-3, frame.w * s), room(viewport.height) / Math.max(1e-3, frame.h * s))
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

/** The table's fit: the fight's frame with room round it on screen, the picture kept across the stage. */
export const fightView = (frame: ProjectorView, grid: SceneGrid, scene: Size, viewport: Size): ViewTransform =>
  keepPictureOn(frameView(frame, grid, viewport, FIT_MARGIN_PX), scene, viewport)

/**
 * The frame the player screen should show, or null for "fit the whole scene". Fit frames the
 * fight (`fightFrame`). Follow falls back to the whole scene when the acting combatant has no
 * token the players may see (hidden, in the fog, off the map): the screen must not point at where
 * a secret stands. `tokens` are the table's: what the player projection (or the GM's preview of
 * it) holds.
 */
export function projectorFrame(
  p: ProjectorRecord,
  tokens: readonly TokenRecord[],
  scene: { readonly id: string; readonly metres: SceneMetres } | null,
  current: CombatantId | null,
): ProjectorView | null {
  const sceneId = scene?.id ?? null
  if (p.mode === 'fit')
    return scene
      ? fightFrame(
          tokens.filter((t) => t.sceneId === sceneId),
          scene.metres,
        )
      : null
  if (p.mode === 'follow') {
    const t = current ? tokens.find((x) => x.combatantId === current && x.sceneId === sceneId) : undefined
    if (!t) return null
    return { x: t.x, y: t.y, w: p.view?.w ?? FOLLOW_SPAN.w, h: p.view?.h ?? FOLLOW_SPAN.h }
  }
  return p.view
}
