import Flatbush from 'flatbush'
import { placeName } from '../../../src-shared/cell-name'
import { footprintRadius, WALLS_ASIDE_WORDS, type Footprint } from '../../../src-shared/geometry'
import type { CombatantRecord, SceneRecord, TokenRecord } from '../../../src-shared/records'
import { coverOf, lineOfFire, NO_WALLS, wallIndexFor, type WallIndex } from '../../../src-shared/wall-geometry'
import type { RulesCombatant, TargetCover } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import { sceneInPlay } from '../state/scene-in-play'

/**
 * What the scene in play's walls say about one act between two placed combatants (issue 34):
 * whether there is a line of fire at all (SR-CORE-30), and how much of the target is hidden
 * (SR-CORE-31). Core code: it reads the walls and the other tokens; the ruleset gets the verdict.
 */
export type Sight =
  /** Every line from one base to the other is stopped: the act cannot be made. */
  | { readonly kind: 'blocked'; readonly by: 'a wall' | 'a closed door' | 'a locked door' }
  /** A line: the target's cover as the map has it, or null when the map has no say (no walls, no one between). */
  | { readonly kind: 'clear'; readonly cover: TargetCover | null }

/** The scene's walls, indexed once per set of records (wall-geometry keeps the last one per scene). */
export function sceneWallIndex(state: RecordReader, scene: SceneRecord | undefined = sceneInPlay(state)): WallIndex | null {
  if (!scene) return null
  const all = state.ofType('wall')
  // A campaign without walls (most, and every forecast off a map) asks nothing more (issue 35).
  if (all.length === 0) return NO_WALLS
  return wallIndexFor(
    scene.id,
    all.filter((w) => w.sceneId === scene.id),
  )
}

/**
 * The sight between `actor` and `target` on the scene in play; null when either has no place on it
 * (off the map nothing is judged) or they are one and the same.
 */
export function sightBetween(state: RecordReader, actor: RulesCombatant, target: RulesCombatant): Sight | null {
  const scene = sceneInPlay(state)
  if (!scene || !actor.position || !target.position || actor.id === target.id) return null
  const index = sceneWallIndex(state, scene)!
  const blocked = wallBetween(state, index, actor.position, target.position)
  if (blocked) return blocked
  // A combatant standing between hides part of the target; one down on the floor does not. Only a
  // base near the strip between the two can cross a line from one base to the other: the rest are
  // left out before the share is worked out (a forecast asks this for every attack).
  const [from, to] = [actor.position, target.position]
  const between = basesBetween(state, scene, actor, target)
  if (index.empty && between.length === 0) return { kind: 'clear', cover: null }
  const cover = coverOf(index, from, to, between)
  if (index.empty && cover.hidden === 0) return { kind: 'clear', cover: null }
  return { kind: 'clear', cover: { ...cover, atLabel: cover.at ? placeName(scene.grid, cover.at) : null } }
}

/**
 * Whether the walls leave no line of fire between the two places (SR-CORE-30), in the refusal's
 * words; null when there is one. Cover never makes an act impossible, only harder (SR-CORE-31):
 * a caller that wants only whether an act can be made at all asks this alone.
 */
export function wallBetween(
  state: RecordReader,
  walls: WallIndex,
  from: Footprint,
  to: Footprint,
): Extract<Sight, { kind: 'blocked' }> | null {
  return lineOfFire(walls, from, to) ? null : { kind: 'blocked', by: blockerWords(state, walls, from, to) }
}

/**
 * The bases of everyone else standing on the scene near the strip between the two, in the
 * campaign's order of combatants. Read off the tokens and health directly, not through the
 * ruleset's view of each combatant: a forecast on a map asks this for every attack it tries, and
 * building every combatant's view each time was a tenth of a map fight (issue 35).
 */
function basesBetween(state: RecordReader, scene: SceneRecord, actor: RulesCombatant, target: RulesCombatant): Footprint[] {
  const [from, to] = [actor.position!, target.position!]
  const standing = standingBases(state, scene)
  const out: Footprint[] = []
  const near = (i: number) => {
    const id = standing.ids[i]!
    const b = standing.bases[i]!
    if (id !== actor.id && id !== target.id && nearStrip(b, from, to)) out.push(b)
  }
  if (!standing.tree) {
    for (let i = 0; i < standing.bases.length; i++) near(i)
    return out
  }
  // Every base near the strip has its centre within this margin of the line between the two
  // centres: searched piece by piece along it, so a long diagonal does not read its whole box.
  const m = standing.radius + Math.max(from.radius, to.radius)
  const pieces = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / STRIP_PIECE))
  const found = new Set<number>()
  for (let k = 0; k < pieces; k++) {
    const [a, b] = [k / pieces, (k + 1) / pieces]
    const [ax, ay] = [from.x + (to.x - from.x) * a, from.y + (to.y - from.y) * a]
    const [bx, by] = [from.x + (to.x - from.x) * b, from.y + (to.y - from.y) * b]
    for (const i of standing.tree.search(Math.min(ax, bx) - m, Math.min(ay, by) - m, Math.max(ax, bx) + m, Math.max(ay, by) + m))
      found.add(i)
  }
  for (const i of [...found].sort((a, b) => a - b)) near(i)
  return out
}

/** Metres of the line between two bases searched as one box. */
const STRIP_PIECE = 4
/** Fewer standing bases than this are quicker to walk than to index. */
const INDEXED_FROM = 64

/** The standing bases on a scene, in the campaign's order of combatants, indexed when there are many. */
interface StandingBases {
  readonly ids: readonly CombatantRecord['id'][]
  readonly bases: readonly Footprint[]
  readonly radius: number
  readonly tree: Flatbush | null
}

/**
 * Kept per reader while its `revision` stands (issue 36): an attack's preview at 3,000 combatants
 * walked every token and combatant for this, which made it 1.7× the same preview off the map.
 */
const standingMemo = new WeakMap<RecordReader, { readonly revision: number; readonly sceneId: string; readonly bases: StandingBases }>()

function standingBases(state: RecordReader, scene: SceneRecord): StandingBases {
  const revision = state.revision
  const kept = revision === undefined ? undefined : standingMemo.get(state)
  if (kept && kept.revision === revision && kept.sceneId === scene.id) return kept.bases
  const radius = footprintRadius(scene.grid)
  const at = new Map<string, TokenRecord>()
  for (const t of state.ofType('token')) if (t.sceneId === scene.id) at.set(t.combatantId, t)
  const ids: CombatantRecord['id'][] = []
  const bases: Footprint[] = []
  for (const c of state.ofType('combatant')) {
    const t = c.hp > 0 ? at.get(c.id) : undefined
    if (!t) continue
    ids.push(c.id)
    bases.push({ x: t.x, y: t.y, radius })
  }
  let tree: Flatbush | null = null
  if (revision !== undefined && bases.length >= INDEXED_FROM) {
    tree = new Flatbush(bases.length)
    for (const b of bases) tree.add(b.x, b.y, b.x, b.y)
    tree.finish()
  }
  const built = { ids, bases, radius, tree }
  if (revision !== undefined) standingMemo.set(state, { revision, sceneId: scene.id, bases: built })
  return built
}

/** Whether base `b` comes within reach of any line from base `from` to base `to` (their strip, rims included). */
function nearStrip(b: Footprint, from: Footprint, to: Footprint): boolean {
  const dx = to.x - from.x
  const dy = to.y - from.y
  const len2 = dx * dx + dy * dy
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((b.x - from.x) * dx + (b.y - from.y) * dy) / len2))
  const d = Math.hypot(from.x + dx * t - b.x, from.y + dy * t - b.y)
  return d < b.radius + Math.max(from.radius, to.radius)
}

/** What stops the straight line between the two centres, as the refusal names it. */
function blockerWords(state: RecordReader, index: WallIndex, from: Footprint, to: Footprint): 'a wall' | 'a closed door' | 'a locked door' {
  const hit = index.firstCrossing(from, to, (s) => s.stopsFire)
  if (hit?.segment.kind !== 'door') return 'a wall'
  const door = state.get(hit.segment.wallId)
  return door?.typeName === 'wall' && door.kind === 'door' && door.door === 'locked' ? 'a locked door' : 'a closed door'
}

/** The refusal's words: who cannot see whom, what stands between, and the GM's ways out. */
export function noLineOfFireMessage(actor: CombatantRecord, target: CombatantRecord, by: string): string {
  return `${actor.name} cannot see ${target.name}: ${by} stands between them. Open a door, move, or ${WALLS_ASIDE_WORDS}.`
}
