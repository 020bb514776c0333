import { fogOf, MAX_FOG_STEPS, withStep, type FogRect, type SceneFog } from '../../../src-shared/fog'
import type { SceneRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { findScene, type DecideContext, type Decider, type Decision } from './decide-context'

const describe = (r: FogRect) => `${r.w.toFixed(1)} × ${r.h.toFixed(1)} m at (${r.x.toFixed(1)}, ${r.y.toFixed(1)})`

function fogChange(ctx: DecideContext, scene: SceneRecord, fog: SceneFog, label: string, text: string): Result<Decision> {
  return ok({
    label,
    events: [{ type: 'scene/put', record: { ...scene, fog } }, ctx.log(`Scene "${scene.name}": ${text}`, { visibility: 'gm' })],
  })
}

/** Reveal all / hide all: both start the fog over, so the steps never pile up past what the GM sees. */
export const setFog: Decider<'fog/set'> = (ctx, p) => {
  const s = findScene(ctx.state, p.sceneId)
  if (!s.ok) return s
  const before = fogOf(s.value)
  if (before.mode === p.mode && before.steps.length === 0)
    return fail(
      'fog/noChange',
      p.mode === 'all' ? `"${s.value.name}" is already fully revealed.` : `"${s.value.name}" is already fully hidden.`,
    )
  return p.mode === 'all'
    ? fogChange(ctx, s.value, { mode: 'all', steps: [] }, 'Reveal all', 'fog lifted, everything revealed')
    : fogChange(ctx, s.value, { mode: 'areas', steps: [] }, 'Hide all', 'everything hidden from the table')
}

function fogStep(op: 'reveal' | 'hide'): Decider<'fog/reveal' | 'fog/hide'> {
  return (ctx, p) => {
    const s = findScene(ctx.state, p.sceneId)
    if (!s.ok) return s
    const fog = withStep(fogOf(s.value), { op, rect: p.rect })
    if (fog.steps.length > MAX_FOG_STEPS)
      return fail(
        'fog/full',
        `The fog of "${s.value.name}" already holds ${MAX_FOG_STEPS} reveal and hide areas: use Reveal all or Hide all to start it over.`,
      )
    return fogChange(
      ctx,
      s.value,
      fog,
      op === 'reveal' ? 'Reveal area' : 'Hide area',
      `${op === 'reveal' ? 'revealed' : 'hid'} ${describe(p.rect)}`,
    )
  }
}

export const revealFog = fogStep('reveal')
export const hideFog = fogStep('hide')
