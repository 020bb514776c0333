import { tenths, type Footprint, type Point } from '../../../src-shared/geometry'
import type { CombatantRecord, SceneRecord, TokenRecord } from '../../../src-shared/records'
import { coverOf, lineOfFire, type WallIndex, type WallSegment } from '../../../src-shared/wall-geometry'
import { moveCharge } from '../commands/move-charge'
import { occupantInTheWay } from '../commands/move-occupied'
import { wallInTheWay } from '../commands/move-walls'
import { offTheScene } from '../commands/scene-deciders'
import { sceneWallIndex } from '../geometry/line-of-fire'
import type { RecordReader } from '../state/record-store'
import { readerWithTokens } from '../state/reader-with-tokens'
import { placedRulesCombatant } from '../state/rules-combatants'
import { sceneInPlay } from '../state/scene-in-play'
import { turnSpent } from './fighters'
import type { Candidate, PolicyView } from './policy'
import { affordableStep, MIN_STEP } from './policy-moves'

/**
 * Taking cover (issue 35: "simulated combatants move and take cover under the rules"). A shooter
 * who stands in the open, with a shot from where it is, first steps behind the nearest piece of the
 * map that hides it from everyone who could shoot back — low cover, a wall's corner — if the walk
 * is one the core accepts (SR-CORE-33, SR-CORE-34, the turn's price), leaves the turn something to
 * shoot with, and the rules still list a shot from there. Cover is the map's own verdict (SR-CORE-31,
 * `coverOf`), the same share every ruleset's attack reads.
 */

/**
 * The share of a base hidden from a shooter that counts as cover in every ruleset: Compound X's
 * partial cover begins at 30 % (SR-CX-151), the rulesets with one yes/no cover at 25 % (`COVERED_SHARE`).
 */
export const COVER_COUNTS = 0.3

/** The farthest a dash to cover looks (the turn's price may allow less). */
const DASH_METRES = 8
/** Spots are tried along a wall every so far, and this far off its line beyond the mover's base. */
const SPOT_SPACING = 0.5
const SPOT_CLEARANCE = 0.15
/** Bounds on one search: spots listed, and spots judged for cover (each is hundreds of line tests). */
const MAX_SPOTS = 400
const MAX_JUDGED = 24
/** Hidden this well from everyone (Compound X's full cover, SR-CX-151), no farther spot is looked at. */
const GOOD_ENOUGH = 0.6
/** The covered spots, best first, the rules are asked about a shot from. */
const RULES_ASKED = 3

/** What cover is worth over the best shot from where it stands: enough to go first, less than any better shot. */
const COVER_BONUS = 0.01

/**
 * A step into cover, ranked just above the best shot (so it walks, then shoots from there), or none:
 * off the map, on a scene without walls, with no shot now, already covered from everyone who sees
 * it, or with no spot within the turn's walk that passes every test.
 * `shotsFrom` lists the attacks the rules offer in a state (the caller's own ranking).
 */
export function coverCandidates(
  view: PolicyView,
  opponents: readonly CombatantRecord[],
  shots: readonly Candidate[],
  shotsFrom: (view: PolicyView) => readonly Candidate[],
): Candidate[] {
  if (shots.length === 0) return []
  const { state, actor } = view
  // Off the map, and on a scene without walls (every forecast but a walled map's), nothing is read.
  const scene = sceneInPlay(state)
  const walls = scene ? sceneWallIndex(state, scene) : null
  if (!scene || !walls || walls.empty) return []
  const me = placedRulesCombatant(state, actor).position
  if (!me) return []
  const threats = opponents.flatMap((o) => placedRulesCombatant(state, o).position ?? [])
  if (threats.length === 0 || coveredFromAll(walls, me, threats)) return []
  const reach = affordableStep(view, actor, DASH_METRES)
  if (reach < MIN_STEP) return []
  const token = state.ofType('token').find((t) => t.sceneId === scene.id && t.combatantId === actor.id)!
  // The best cover among the nearest legal spots (a spot hidden well enough for full cover ends the
  // search), then the rules' word on a shot from there, best first.
  const covered: { spot: Point; hidden: number }[] = []
  let judged = 0
  for (const spot of spotsNear(walls, me, reach)) {
    if (!legalWalk(view, scene, me, spot)) continue
    if (++judged > MAX_JUDGED) break
    const at = { ...spot, radius: me.radius }
    const hidden = leastHidden(walls, at, threats)
    if (hidden < COVER_COUNTS || !threats.some((t) => lineOfFire(walls, at, t))) continue
    covered.push({ spot, hidden })
    if (hidden >= GOOD_ENOUGH) break
  }
  covered.sort((a, b) => b.hidden - a.hidden)
  for (const { spot, hidden } of covered.slice(0, RULES_ASKED)) {
    // The rules have the last word on a shot from there (range, sight, the weapon's own limits).
    const from = shotsFrom({ ...view, state: withTokenAt(state, token, spot) })
    if (from.length === 0) continue
    const best = Math.max(...shots.map((s) => s.score), ...from.map((s) => s.score))
    const metres = Math.hypot(spot.x - me.x, spot.y - me.y)
    return [
      {
        command: { type: 'token/place', payload: { sceneId: scene.id, combatantId: actor.id, x: spot.x, y: spot.y } },
        label: `Take cover ${tenths(metres)} m away`,
        odds: null,
        score: best + COVER_BONUS,
        reasons: () => [
          `${actor.name} stands in the open; ${tenths(metres)} m away the map hides ${Math.round(hidden * 100)}% of it or more from every opponent who could shoot at it, and it still has a shot from there.`,
        ],
      },
    ]
  }
  return []
}

/** The least share of `at` hidden from any shooter with a line of fire to it (1 when none has one). SR-CORE-30, SR-CORE-31. */
function leastHidden(walls: WallIndex, at: Footprint, threats: readonly Footprint[]): number {
  let least = 1
  for (const t of threats) if (lineOfFire(walls, t, at)) least = Math.min(least, coverOf(walls, t, at).hidden)
  return least
}

/** Whether every shooter with a line of fire to `at` sees at most 70 % of it. */
function coveredFromAll(walls: WallIndex, at: Footprint, threats: readonly Footprint[]): boolean {
  return leastHidden(walls, at, threats) >= COVER_COUNTS
}

/**
 * Places beside every wall within reach that hides something (low cover, a wall, a closed door),
 * on both sides of it, rounded to the centimetre as a drop is, nearest first; bounded by `MAX_SPOTS`.
 */
function spotsNear(walls: WallIndex, me: Footprint, reach: number): Point[] {
  const off = me.radius + SPOT_CLEARANCE
  const spots: { p: Point; d: number }[] = []
  for (const s of walls.segmentsNear(me, reach + off, hides)) {
    const length = Math.hypot(s.bx - s.ax, s.by - s.ay)
    if (length === 0) continue
    const [ux, uy] = [(s.bx - s.ax) / length, (s.by - s.ay) / length]
    const steps = Math.floor(length / SPOT_SPACING)
    for (let i = 0; i <= steps; i++) {
      const along = Math.min(length, i * SPOT_SPACING + (length - steps * SPOT_SPACING) / 2)
      for (const side of [1, -1]) {
        const p = { x: cm(s.ax + ux * along - uy * off * side), y: cm(s.ay + uy * along + ux * off * side) }
        const d = Math.hypot(p.x - me.x, p.y - me.y)
        if (d >= MIN_STEP && d <= reach) spots.push({ p, d })
      }
    }
  }
  spots.sort((a, b) => a.d - b.d)
  return spots.slice(0, MAX_SPOTS).map((s) => s.p)
}

const hides = (s: WallSegment) => s.givesCover || s.stopsFire
const cm = (v: number) => Math.round(v * 100) / 100

/**
 * Whether the core accepts this walk as the mover's own move: on the scene, not through a wall
 * (SR-CORE-33) or another's base (SR-CORE-34), and paid for with something left to shoot with — the
 * very checks a drag on the desk meets.
 */
function legalWalk(view: PolicyView, scene: SceneRecord, from: Point, to: Point): boolean {
  const { state, ruleset, actor } = view
  if (offTheScene(scene, to) !== null) return false
  if (!wallInTheWay(state, scene, actor, from, to, false).ok) return false
  if (occupantInTheWay(state, ruleset, scene, actor, from, to)) return false
  const charge = moveCharge(view, actor, Math.hypot(to.x - from.x, to.y - from.y), false)
  if (!charge.ok) return false
  const spent = charge.value.patch?.spent
  return !turnSpent(ruleset, spent ? { ...actor, spent } : actor)
}

/** The same state with one token moved: what the rules would say from there. */
function withTokenAt(state: RecordReader, token: TokenRecord, at: Point): RecordReader {
  const moved: TokenRecord = { ...token, x: at.x, y: at.y }
  return readerWithTokens(
    state,
    state.ofType('token').map((t) => (t === token ? moved : t)),
    moved,
  )
}
