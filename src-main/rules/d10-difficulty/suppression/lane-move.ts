import { distanceToSpine } from '../../../../src-shared/area-geometry'
import { centreDistance, tenths, type Footprint } from '../../../../src-shared/geometry'
import { areaReachesBase, lineOfFire, type WallIndex } from '../../../../src-shared/wall-geometry'
import type { ConditionInstance } from '../../../../src-shared/records'
import { ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, MapArea, MapPath, PromptDraft, RulesCombatant } from '../../ruleset'
import { SUPPRESSED, SUPPRESSING } from '../d10-conditions'
import { d10Sheets } from '../d10-sheet-access'
import { percent, plural } from '../../kit/format'
import { expectation } from '../../kit/distribution'
import { diceDistribution } from '../damage/damage-dice'
import { perHitDistribution } from '../damage/hit-zones'
import { rangedDifficulty, SIZE_OF_STANCE } from '../ranged/difficulty'
import { downChance, hitCountChances, volleyDamage } from '../ranged/ranged-odds'
import type { D10Sheet } from '../sheet/d10-sheet'
import { SUPPRESSION_SHOT } from '../attacks/ranged-attack'
import { suppressionSchema, type SuppressionData } from './suppress'

type Point = { readonly x: number; readonly y: number }

/** Distance from p to the segment a–b (the shared lane geometry, with no width). */
const toSegment = (p: Point, a: Point, b: Point): number => distanceToSpine({ x: a.x, y: a.y, radius: 0, to: b }, p)

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)

/** Closest approach of two segments (0 when they cross). */
export function segmentGap(a: Point, b: Point, c: Point, d: Point): number {
  const crosses = cross(a, b, c) * cross(a, b, d) < 0 && cross(c, d, a) * cross(c, d, b) < 0
  return crosses ? 0 : Math.min(toSegment(a, c, d), toSegment(b, c, d), toSegment(c, a, b), toSegment(d, a, b))
}

/**
 * Whether a path passes through a lane (or a plain zone): the mover's base comes within the lane's
 * radius of its centre line — the lane touching the base, as for any area (SR-CORE-10).
 */
export function pathTouches(path: MapPath, area: MapArea['area'], moverRadius = 0): boolean {
  const end = area.to ?? { x: area.x, y: area.y }
  return segmentGap(path.from, path.to, { x: area.x, y: area.y }, end) <= area.radius + moverRadius
}

/** Points along a path, at most a quarter metre apart and never more than 101 (a path is bounded by the map). */
function alongPath(path: MapPath): Point[] {
  const length = Math.hypot(path.to.x - path.from.x, path.to.y - path.from.y)
  const steps = Math.min(100, Math.max(1, Math.ceil(length / 0.25)))
  return Array.from({ length: steps + 1 }, (_, i) => ({
    x: path.from.x + ((path.to.x - path.from.x) * i) / steps,
    y: path.from.y + ((path.to.y - path.from.y) * i) / steps,
  }))
}

/**
 * SR-D10-52: with walls on the scene, a path crosses a lane only where the lane's shooter reaches
 * the mover's base through them (SR-CORE-32), and a suppressed mover that ends where its
 * suppressor has no line of fire to it (SR-CORE-30) stayed in cover. Without walls, as before.
 */
function laneReachesPath(path: MapPath, lane: MapArea, moverRadius: number): boolean {
  if (!lane.walls || lane.walls.empty) return pathTouches(path, lane.area, moverRadius)
  const walls = lane.walls
  return alongPath(path).some((p) => areaReachesBase(walls, lane.area, { x: p.x, y: p.y, radius: moverRadius }, lane.area))
}

function exposedAt(to: Point, walls: WallIndex | undefined, shooter: Footprint | null, moverRadius: number): boolean {
  if (!walls || walls.empty || !shooter) return true
  return lineOfFire(walls, shooter, { x: to.x, y: to.y, radius: moverRadius })
}

/** The out-of-turn shot is a burst when a burst's worth of bullets goes down each action, else a single shot. */
const shotMode = (data: SuppressionData) => (data.weapon.burst > 1 && data.bullets >= data.weapon.burst ? 'burst' : 'single')

/**
 * The exact odds of the suppressor's shot at the mover where the move ends, as the prompt shows
 * them: from where the suppressor stands now (`at`; where it laid the fire, if it has no token now),
 * centre to centre to a tenth, as the shot itself will be measured (SR-D10-43).
 */
export function shotOddsText(data: SuppressionData, mover: D10Sheet, moverHp: number, to: Point, at: Point | null = data.from): string {
  const distance = at ? tenths(centreDistance(at, to)) : data.distance
  const rounds = shotMode(data) === 'burst' ? data.weapon.burst : 1
  const d = rangedDifficulty({
    distance,
    effectiveRange: data.weapon.effectiveRange,
    size: SIZE_OF_STANCE[mover.live.stance],
    targetMovement: 'slow',
    shooterMovement: data.movement,
    shooterStance: data.stance,
    environment: 0,
    misc: 0,
    aims: 0,
    aimedZone: null,
  })
  if (!d.ok) return `cannot hit: ${d.reason}`
  const hits = hitCountChances({ bonus: data.bonus, difficulty: d.difficulty, recoil: data.weapon.recoil, rounds })
  const damage = volleyDamage(hits, perHitDistribution(diceDistribution(data.weapon.damage), null, data.weapon.damageType, mover.dr))
  return `difficulty ${d.difficulty} at ${distance} m · hit ${percent(1 - hits[0]!)} · expected ${expectation(damage).toFixed(1)} damage · down ${percent(downChance(damage, moverHp))}`
}

/** One prompt per suppressor holding the mover: its out-of-turn shot, which the GM may allow or dismiss. */
function shotPrompt(
  s: ConditionInstance,
  mover: RulesCombatant,
  sheet: D10Sheet,
  to: Point,
  onScene: readonly RulesCombatant[],
): PromptDraft {
  const parsed = suppressionSchema.safeParse(s.data)
  if (!s.sourceId || !parsed.success) {
    // Put on by hand: the shooter's gun and numbers are not recorded, so the GM settles it.
    return {
      reactorId: s.sourceId ?? mover.id,
      targetId: mover.id,
      text: `${mover.name} leaves cover while suppressed; the suppressing fire was not laid through the action, so the GM settles any shot by hand (002 Suppressing Fire)`,
      resolve: { kind: 'note' },
      odds: '',
    }
  }
  const data = parsed.data
  const mode = shotMode(data)
  const shooter = onScene.find((c) => c.id === s.sourceId)?.position ?? data.from
  return {
    reactorId: s.sourceId,
    targetId: mover.id,
    text: `${mover.name} leaves cover under ${data.suppressor}'s suppressing fire: the GM may allow ${data.suppressor} an out-of-turn shot (002 Suppressing Fire)`,
    // No typed distance: the core measures the shot between the tokens where they stand when the
    // GM allows it (a typed one would be refused once either token had moved).
    resolve: {
      kind: 'attack',
      request: {
        attackerId: s.sourceId,
        targetId: mover.id,
        weapon: data.slot,
        mode,
        options: { [SUPPRESSION_SHOT]: true, targetMovement: 'slow' },
      },
    },
    odds: shotOddsText(data, sheet, mover.hp, to, shooter),
  }
}

/**
 * A token moved while fire lanes stand (`002` Suppressing Fire): a suppressed mover may draw each
 * of its suppressors' out-of-turn shots, prompted with exact odds; anyone else whose path crosses
 * a lane is flagged for the GM, who decides whether that shooter fires. With walls on the scene a
 * move that stays where its shooter cannot hit it draws nothing (SR-D10-52); without them the GM
 * dismisses the prompt when the move stays in cover. Null when nothing stands in the way.
 */
export function d10MapMove(
  mover: RulesCombatant,
  path: MapPath,
  areas: readonly MapArea[],
  onScene: readonly RulesCombatant[] = [],
): Result<ActionResolution> | null {
  const sheet = d10Sheets.of(mover)
  if (!sheet) return null
  const held = mover.conditions.filter((x) => x.conditionId === SUPPRESSED)
  // One prompt per suppressor (a hand-made condition with no source gets its own).
  const bySuppressor = new Map(held.map((h) => [h.sourceId ?? h.key, h]))
  const radius = mover.position?.radius ?? 0
  // SR-D10-52: the walls are the map's; the GM no longer dismisses a move that never left cover.
  const walls = areas.find((a) => a.walls)?.walls
  const hidden = (s: ConditionInstance) => {
    const at = onScene.find((c) => c.id === s.sourceId)?.position
    const from = suppressionSchema.safeParse(s.data)
    const shooter = at ?? (from.success && from.data.from ? { ...from.data.from, radius: 0 } : null)
    return !exposedAt(path.to, walls, shooter, radius)
  }
  const prompts: PromptDraft[] = [...bySuppressor.values()]
    .filter((s) => !hidden(s))
    .map((s) => shotPrompt(s, mover, sheet, path.to, onScene))
  const crossed = areas.filter(
    (a) => a.conditionId === SUPPRESSING && a.bearerId !== mover.id && !bySuppressor.has(a.bearerId) && laneReachesPath(path, a, radius),
  )
  for (const lane of crossed) {
    prompts.push({
      reactorId: lane.bearerId,
      targetId: mover.id,
      text: `${mover.name} crosses a fire lane: the GM decides whether its shooter fires (002 Suppressing Fire)`,
      resolve: { kind: 'note' },
      odds: '',
    })
  }
  if (prompts.length === 0) return null
  return ok({
    actorRules: null,
    actorHp: mover.hp,
    targetRules: null,
    targetHp: null,
    summary: `${mover.name} moves under suppressing fire: ${plural(prompts.length, 'shot')} for the GM to allow or dismiss (002 Suppressing Fire)`,
    detail: [],
    rolls: [],
    outOfTurn: 'free',
    prompts,
  })
}
