import type { DomainEvent } from '../../../src-shared/events'
import type { SceneRecord, WallRecord } from '../../../src-shared/records'
import { ok } from '../../../src-shared/result'
import { sceneInPlay } from '../state/scene-in-play'
import type { Decider } from './decide-context'
import { checkWallBounds, wallOf } from './wall-deciders'

/**
 * A map file as one new scene (issue 34): the scene, its picture and grid, and its walls are one
 * command, so one undo takes the whole import back and the journal replays it as the GM did it.
 */
export const importMap: Decider<'scene/importMap'> = (ctx, p) => {
  const first = !sceneInPlay(ctx.state)
  const scene: SceneRecord = { typeName: 'scene', id: ctx.newId('scene'), name: p.name, image: p.image, grid: p.grid, active: first }
  const walls: WallRecord[] = p.walls.map((w) => wallOf({ id: ctx.newId('wall'), sceneId: scene.id, points: w.points }, w.kind, w))
  // A new scene holds no wall yet, so this checks the import alone against the scene's bounds.
  const bounded = checkWallBounds(ctx.state, scene.id, scene.name, walls)
  if (!bounded.ok) return bounded
  const count = (kind: WallRecord['kind'], one: string, many: string) => {
    const n = walls.filter((w) => w.kind === kind).length
    return `${n} ${n === 1 ? one : many}`
  }
  const what = [
    count('wall', 'wall', 'walls'),
    count('low', 'low cover', 'low cover'),
    ...(walls.some((w) => w.kind === 'window') ? [count('window', 'window', 'windows')] : []),
    count('door', 'door', 'doors'),
  ].join(', ')
  const events: DomainEvent[] = [
    { type: 'scene/put', record: scene },
    ...walls.map((record): DomainEvent => ({ type: 'wall/put', record })),
    ctx.log(`Scene "${p.name}" imported from ${p.image.fileName}: ${what}`, { visibility: 'gm' }),
  ]
  return ok({ label: `Import map ${p.name}`, events })
}
