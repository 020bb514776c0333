import { wallIndexFor, type WallIndex } from '../../../src-shared/wall-geometry'
import type { RecordReader } from './record-store'
import { sceneInPlay } from './scene-in-play'

/**
 * The walls of one scene as the rules read them (issue 34): the one index of wall-geometry.ts,
 * cached while the scene's wall records are unchanged, so every area, zone and move of a fight
 * asks the same index the map draws from.
 */
export function sceneWalls(state: RecordReader, sceneId: string): WallIndex {
  return wallIndexFor(
    sceneId,
    state.ofType('wall').filter((w) => w.sceneId === sceneId),
  )
}

/** The index to hand a ruleset, only when the scene has walls: without them every judgement is SR-CORE-10's. */
export const wallsIfAny = (walls: WallIndex): { readonly walls?: WallIndex } => (walls.empty ? {} : { walls })

/** The scene in play's walls for an act, when it has any. */
export function wallsInPlay(state: RecordReader): WallIndex | undefined {
  const scene = sceneInPlay(state)
  return scene ? wallsIfAny(sceneWalls(state, scene.id)).walls : undefined
}
