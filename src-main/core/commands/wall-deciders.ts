import { MAP } from '../../../src-shared/limits'
import type { DoorState, SceneId, WallId, WallKind, WallPoint, WallRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { wallLabel, wallLength } from '../../../src-shared/wall-words'
import type { RecordReader } from '../state/record-store'
import { findScene, type DecideContext, type Decider, type Decision } from './decide-context'

/* Walls, low cover, windows and doors on a scene (issue 34). Their log lines are the GM's: the table learns of a wall by seeing it. */

function findWall(ctx: DecideContext, id: WallId): Result<WallRecord> {
  const r = ctx.state.get(id)
  return r?.typeName === 'wall' ? ok(r) : fail('wall/notFound', 'That wall is no longer on the map.')
}

/** A wall record of this kind: a door carries its state and secrecy, any other kind neither. */
export function wallOf(
  base: { readonly id: WallId; readonly sceneId: SceneId; readonly points: readonly WallPoint[] },
  kind: WallKind,
  door: { readonly door?: DoorState | undefined; readonly secret?: boolean | undefined } = {},
): WallRecord {
  const points = base.points.map((p) => ({ x: p.x, y: p.y }))
  return kind === 'door'
    ? { typeName: 'wall', id: base.id, sceneId: base.sceneId, points, kind, door: door.door ?? 'closed', secret: door.secret ?? false }
    : { typeName: 'wall', id: base.id, sceneId: base.sceneId, points, kind }
}

/**
 * Refuses a change that would take a scene past its wall bounds (src-shared/limits.ts): these
 * bound the line-of-fire index every attack on the scene reads.
 */
export function checkWallBounds(
  state: RecordReader,
  sceneId: SceneId,
  sceneName: string,
  adding: readonly WallRecord[],
  replacing: readonly WallId[] = [],
): Result<void> {
  const others = state.ofType('wall').filter((w) => w.sceneId === sceneId && !replacing.includes(w.id))
  if (others.length + adding.length > MAP.wallsPerScene)
    return fail('wall/full', `"${sceneName}" would hold more than ${MAP.wallsPerScene} walls: remove some first.`)
  const segments = [...others, ...adding].reduce((n, w) => n + w.points.length - 1, 0)
  if (segments > MAP.wallSegmentsPerScene)
    return fail('wall/full', `"${sceneName}" would hold more than ${MAP.wallSegmentsPerScene} wall segments: remove some first.`)
  return ok(undefined)
}

const gmLog = { visibility: 'gm' as const }

function put(ctx: DecideContext, records: readonly WallRecord[], label: string, text: string): Result<Decision> {
  return ok({ label, events: [...records.map((record) => ({ type: 'wall/put' as const, record })), ctx.log(text, gmLog)] })
}

export const addWall: Decider<'wall/add'> = (ctx, p) => {
  const s = findScene(ctx.state, p.sceneId)
  if (!s.ok) return s
  const record = wallOf({ id: ctx.newId('wall'), sceneId: s.value.id, points: p.points }, p.kind, p)
  const bounded = checkWallBounds(ctx.state, s.value.id, s.value.name, [record])
  if (!bounded.ok) return bounded
  const name = wallLabel(record)
  return put(ctx, [record], `Draw ${name}`, `A ${name} of ${wallLength(record.points).toFixed(1)} m drawn on "${s.value.name}"`)
}

export const moveWall: Decider<'wall/move'> = (ctx, p) => {
  const w = findWall(ctx, p.wallId)
  if (!w.ok) return w
  const before = w.value
  if (before.points.length === p.points.length && before.points.every((q, i) => q.x === p.points[i]!.x && q.y === p.points[i]!.y))
    return fail('wall/noChange', `The ${wallLabel(before)} is already there.`)
  const record: WallRecord = { ...before, points: p.points.map((q) => ({ x: q.x, y: q.y })) }
  const scene = findScene(ctx.state, before.sceneId)
  if (!scene.ok) return scene
  const bounded = checkWallBounds(ctx.state, before.sceneId, scene.value.name, [record], [before.id])
  if (!bounded.ok) return bounded
  return put(ctx, [record], `Move ${wallLabel(before)}`, `A ${wallLabel(before)} moved`)
}

export const splitWall: Decider<'wall/split'> = (ctx, p) => {
  const w = findWall(ctx, p.wallId)
  if (!w.ok) return w
  const before = w.value
  const last = before.points.length - 2
  if (last < 1) return fail('wall/cannotSplit', `This ${wallLabel(before)} is one straight piece: there is no inner corner to split it at.`)
  if (p.at > last) return fail('wall/cannotSplit', `This ${wallLabel(before)} has inner corners 1 to ${last}, not ${p.at}.`)
  const first: WallRecord = { ...before, points: before.points.slice(0, p.at + 1) }
  const second: WallRecord = { ...before, id: ctx.newId('wall'), points: before.points.slice(p.at) }
  return put(ctx, [first, second], `Split ${wallLabel(before)}`, `A ${wallLabel(before)} split in two`)
}

export const editWall: Decider<'wall/edit'> = (ctx, p) => {
  const w = findWall(ctx, p.wallId)
  if (!w.ok) return w
  const before = w.value
  const kind = p.kind ?? before.kind
  if (kind !== 'door' && p.secret !== undefined) return fail('wall/notADoor', 'Only a door can be secret.')
  const record = wallOf(before, kind, {
    door: before.kind === 'door' ? before.door : undefined,
    secret: p.secret ?? (before.kind === 'door' ? before.secret : undefined),
  })
  if (wallLabel(record) === wallLabel(before) && record.kind === before.kind)
    return fail('wall/noChange', `The ${wallLabel(before)} is already like that.`)
  return put(ctx, [record], `Edit ${wallLabel(before)}`, `A ${wallLabel(before)} is now a ${wallLabel(record)}`)
}

const DOOR_VERBS: Readonly<Record<DoorState, readonly [label: string, done: string]>> = {
  open: ['Open door', 'opened'],
  closed: ['Close door', 'closed'],
  locked: ['Lock door', 'locked'],
}

export const setDoor: Decider<'door/set'> = (ctx, p) => {
  const w = findWall(ctx, p.wallId)
  if (!w.ok) return w
  const before = w.value
  if (before.kind !== 'door') return fail('wall/notADoor', `That is a ${wallLabel(before)}, not a door: it does not open.`)
  if (before.door === p.door) return fail('wall/noChange', `The ${wallLabel(before)} is already ${p.door}.`)
  const record: WallRecord = { ...before, door: p.door }
  const [label, done] = before.door === 'locked' && p.door === 'closed' ? ['Unlock door', 'unlocked'] : DOOR_VERBS[p.door]
  return put(ctx, [record], label, `A ${before.secret ? 'secret door' : 'door'} ${done}`)
}

export const removeWall: Decider<'wall/remove'> = (ctx, p) => {
  const w = findWall(ctx, p.wallId)
  if (!w.ok) return w
  return ok({
    label: `Remove ${wallLabel(w.value)}`,
    events: [{ type: 'wall/removed', id: w.value.id }, ctx.log(`A ${wallLabel(w.value)} removed`, gmLog)],
  })
}
