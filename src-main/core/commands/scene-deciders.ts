import type { DomainEvent } from '../../../src-shared/events'
import { tenths } from '../../../src-shared/geometry'
import { pxPerMetre } from '../../../src-shared/scene-scale'
import { sceneInPlay } from '../state/scene-in-play'
import type { CombatantRecord, SceneId, SceneRecord, TokenId, TokenRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { consequenceEvents } from './consequences'
import { findCombatant, findScene, visibilityOf, type DecideContext, type Decider } from './decide-context'
import { mapMoveOutcome } from './map-move'
import { wallInTheWay } from './move-walls'
import { occupantInTheWay, occupiedCheck, occupiedWaived } from './move-occupied'
import { moveCharge } from './move-charge'

/** One token per combatant per scene: its id says which, so placing again moves it. */
const tokenIdOf = (sceneId: SceneId, combatantId: CombatantRecord['id']): TokenId =>
  `token:${sceneId.slice('scene:'.length)}-${combatantId.slice('combatant:'.length)}`

export const createScene: Decider<'scene/create'> = (ctx, p) => {
  const first = !sceneInPlay(ctx.state)
  const record: SceneRecord = { typeName: 'scene', id: ctx.newId('scene'), name: p.name, image: null, grid: p.grid, active: first }
  return ok({
    label: `New scene ${p.name}`,
    events: [{ type: 'scene/put', record }, ctx.log(`Scene "${p.name}" created`, { visibility: 'gm' })],
  })
}

export const updateScene: Decider<'scene/update'> = (ctx, p) => {
  const s = findScene(ctx.state, p.sceneId)
  if (!s.ok) return s
  const record: SceneRecord = {
    ...s.value,
    ...(p.name ? { name: p.name } : {}),
    ...(p.grid ? { grid: p.grid } : {}),
    ...(p.sight ? { sight: p.sight } : {}),
  }
  const what = p.grid
    ? p.grid.kind === 'square'
      ? `grid ${p.grid.cellPx} px = ${p.grid.metresPerCell} m`
      : `no grid, ${p.grid.pxPerMetre} px per metre`
    : p.sight
      ? p.sight === 'party'
        ? 'the table sees what the party sees'
        : 'the painted fog alone decides what the table sees'
      : `renamed "${record.name}"`
  return ok({
    label: `Edit scene ${record.name}`,
    events: [{ type: 'scene/put', record }, ctx.log(`Scene "${record.name}": ${what}`, { visibility: 'gm' })],
  })
}

export const setSceneImage: Decider<'scene/setImage'> = (ctx, p) => {
  const s = findScene(ctx.state, p.sceneId)
  if (!s.ok) return s
  const record: SceneRecord = { ...s.value, image: p.image }
  const text = p.image
    ? `Scene "${record.name}": image ${p.image.fileName} (${p.image.width}×${p.image.height})`
    : `Scene "${record.name}": image removed`
  return ok({ label: `Scene image`, events: [{ type: 'scene/put', record }, ctx.log(text, { visibility: 'gm' })] })
}

export const activateScene: Decider<'scene/activate'> = (ctx, p) => {
  const s = findScene(ctx.state, p.sceneId)
  if (!s.ok) return s
  if (s.value.active) return fail('scene/noChange', `"${s.value.name}" is already on the table.`)
  const events: DomainEvent[] = ctx.state
    .ofType('scene')
    .filter((x) => x.active)
    .map((x) => ({ type: 'scene/put', record: { ...x, active: false } }))
  events.push(
    { type: 'scene/put', record: { ...s.value, active: true } },
    ctx.log(`The table now shows "${s.value.name}"`, { visibility: 'gm' }),
  )
  return ok({ label: `Show ${s.value.name}`, events })
}

export const removeScene: Decider<'scene/remove'> = (ctx, p) => {
  const s = findScene(ctx.state, p.sceneId)
  if (!s.ok) return s
  const tokens = ctx.state.ofType('token').filter((t) => t.sceneId === s.value.id)
  const marks = ctx.state.ofType('areaMark').filter((m) => m.sceneId === s.value.id)
  const walls = ctx.state.ofType('wall').filter((w) => w.sceneId === s.value.id)
  return ok({
    label: `Remove scene ${s.value.name}`,
    events: [
      ...tokens.map((t): DomainEvent => ({ type: 'token/removed', id: t.id })),
      ...marks.map((m): DomainEvent => ({ type: 'areaMark/removed', id: m.id })),
      ...walls.map((w): DomainEvent => ({ type: 'wall/removed', id: w.id })),
      { type: 'scene/removed', id: s.value.id },
      ctx.log(`Scene "${s.value.name}" removed`, { visibility: 'gm' }),
    ],
  })
}

/** What a token's move sets off under the ruleset (reactions, leaving a zone or a melee), as events after the move's line. */
function moveConsequences(
  ctx: DecideContext,
  mover: CombatantRecord,
  before: TokenRecord,
  to: { x: number; y: number },
): Result<DomainEvent[]> {
  const outcome = mapMoveOutcome(ctx.state, ctx.ruleset, mover, before, to)
  if (!outcome) return ok([])
  if (!outcome.ok) return outcome
  const r = outcome.value
  const events: DomainEvent[] = []
  if (r.actorRules !== null) events.push({ type: 'combatant/rulesChanged', combatantId: mover.id, rules: r.actorRules, maxHp: null })
  events.push(ctx.log(r.summary, { visibility: visibilityOf(mover), subjects: [mover.id] }))
  // The drag is the GM placing the token, not an action bought from the turn: no cost.
  const more = consequenceEvents(ctx, mover, { ...r, cost: [], outOfTurn: 'free' })
  return more.ok ? ok([...events, ...more.value]) : more
}

/**
 * Where a spot lies off the scene's picture, in words, or null: a token off the map would be
 * measured against, and hit by, what the GM cannot see on it. A scene with no picture has no edge
 * but its own (positions are never below 0).
 */
/** Why a token cannot stand at `p` on this scene (off its picture, or left of or above it), or null. */
export function offTheScene(scene: SceneRecord, p: { readonly x: number; readonly y: number }): string | null {
  const at = `(${p.x}, ${p.y}) m`
  if (p.x < 0 || p.y < 0) return `${at}: that is off "${scene.name}" (positions start at its top-left corner)`
  if (!scene.image) return null
  const scale = pxPerMetre(scene.grid)
  const [w, h] = [scene.image.width / scale, scene.image.height / scale]
  return p.x > w + 1e-6 || p.y > h + 1e-6 ? `${at}: "${scene.name}" is ${tenths(w)} × ${tenths(h)} m` : null
}

/** Places a token, or moves it: the log gives the distance and, where the ruleset prices it, the cost. */
export const placeToken: Decider<'token/place'> = (ctx, p) => {
  const s = findScene(ctx.state, p.sceneId)
  if (!s.ok) return s
  const c = findCombatant(ctx.state, p.combatantId)
  if (!c.ok) return c
  const off = offTheScene(s.value, p)
  if (off) return fail('token/offScene', `${c.value.name} cannot stand at ${off}.`)
  const id = tokenIdOf(s.value.id, c.value.id)
  const before = ctx.state.get(id)
  const record: TokenRecord = { typeName: 'token', id, sceneId: s.value.id, combatantId: c.value.id, x: p.x, y: p.y }
  const put: DomainEvent = { type: 'token/put', record }
  const logged = { visibility: visibilityOf(c.value), subjects: [c.value.id] }
  if (before?.typeName !== 'token') {
    return ok({ label: `Place ${c.value.name}`, events: [put, ctx.log(`${c.value.name} placed on "${s.value.name}"`, logged)] })
  }
  if (before.x === p.x && before.y === p.y) return fail('token/noChange', `${c.value.name} is already there.`)
  const blocked = wallInTheWay(ctx.state, s.value, c.value, before, p, p.free ?? false)
  if (!blocked.ok) return blocked
  const occupant = occupantInTheWay(ctx.state, ctx.ruleset, s.value, c.value, before, p)
  const crowded = occupiedCheck(occupant, c.value, p.free ?? false)
  if (!crowded.ok) return crowded
  const metres = Math.hypot(p.x - before.x, p.y - before.y)
  const charge = moveCharge(ctx, c.value, metres, p.free ?? false)
  if (!charge.ok) return charge
  const paid: DomainEvent[] = charge.value.patch
    ? [{ type: 'combatant/turnStateChanged', combatantId: c.value.id, patch: charge.value.patch }]
    : []
  // The move's own line first: what it sets off reads after it.
  const waived = occupant ? occupiedWaived(occupant) : ''
  const line = ctx.log(`${c.value.name} moves ${metres.toFixed(1)} m${charge.value.note}${waived}`, logged)
  // What the move sets off is judged on the mover as it is after paying (its pools spent).
  const moved = charge.value.patch ? { ...c.value, ...charge.value.patch } : c.value
  const then = moveConsequences(ctx, moved, before, { x: p.x, y: p.y })
  if (!then.ok) return then
  // The GM's drop sent straight away (issue 36): one that sets off a reaction waits for the GM to see it.
  if (p.ifQuiet && then.value.some((e) => e.type === 'prompt/put'))
    return fail('move/setsOff', `Moving ${c.value.name} there sets off a reaction: see it before the move is made.`)
  return ok({ label: `Move ${c.value.name}`, events: [put, ...paid, line, ...then.value] })
}

export const removeToken: Decider<'token/remove'> = (ctx, p) => {
  const t = ctx.state.get(p.tokenId)
  if (t?.typeName !== 'token') return fail('token/notFound', 'That token is no longer on the map.')
  return ok({
    label: 'Remove token',
    events: [{ type: 'token/removed', id: t.id }, ctx.log('Token removed from the map', { visibility: 'gm', subjects: [t.combatantId] })],
  })
}
