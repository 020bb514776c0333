/**
 * Fog of war on a scene: what the table may see. Kept as a base ("everything revealed" or
 * "nothing but the areas") plus reveal and hide rectangles applied in order, the last one that
 * covers a point deciding it. That is how a GM thinks of it ("open the hall, then shut the
 * vault again"), it replays exactly, and it is cheap to test a point against.
 */

/** A rectangle in metres from the scene's top-left corner. */
export interface FogRect {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

export interface FogStep {
  readonly op: 'reveal' | 'hide'
  readonly rect: FogRect
}

export type FogMode = 'all' | 'areas'

export interface SceneFog {
  /** 'all': the table sees the whole scene unless hidden; 'areas': only what is revealed. */
  readonly mode: FogMode
  readonly steps: readonly FogStep[]
}

/** A scene that never had fog is fully revealed: old campaigns look as they did. */
export const NO_FOG: SceneFog = { mode: 'all', steps: [] }

/** Enough for an evening of revealing rooms; past it the GM starts over with Reveal all / Hide all. */
export const MAX_FOG_STEPS = 64

export interface PointLike {
  readonly x: number
  readonly y: number
}

export const fogOf = (scene: { readonly fog?: SceneFog }): SceneFog => scene.fog ?? NO_FOG

/** Edges count as inside, so a token exactly on a revealed border is seen. */
export const rectContains = (r: FogRect, p: PointLike): boolean => p.x >= r.x && p.x <= r.x + r.w && p.y >= r.y && p.y <= r.y + r.h

const rectWithin = (inner: FogRect, outer: FogRect): boolean =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h

export function isRevealed(fog: SceneFog, p: PointLike): boolean {
  for (let i = fog.steps.length - 1; i >= 0; i--) {
    const s = fog.steps[i]!
    if (rectContains(s.rect, p)) return s.op === 'reveal'
  }
  return fog.mode === 'all'
}

/**
 * Adds a step; earlier steps wholly under the new rectangle can no longer decide any point,
 * so they are dropped — repeated reveals of one room do not use up the cap.
 */
export function withStep(fog: SceneFog, step: FogStep): SceneFog {
  return { mode: fog.mode, steps: [...fog.steps.filter((s) => !rectWithin(s.rect, step.rect)), step] }
}
