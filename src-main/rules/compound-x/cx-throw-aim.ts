import type { ActionRequest } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import { TYPED_DISTANCE, type Footprint, type Point } from '../../../src-shared/geometry'
import { actDistance, mapDistance, underArea } from '../kit/positions'
import { optionNumber } from '../kit/options'
import type { Step } from './statistic'
import type { RulesCombatant, TargetArea } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import type { ThrownWeapon } from './content/pack-schema'
import { throwMissChance } from './ranged/throw-accuracy'
import { maxThrowDistance, throwProfile } from './ranged/throw-profile'
import type { CxCombatant } from './sheet/cx-sheet'

/*
 * A grenade throw up to its first die (000 Grenades, SR-CX-21, SR-CX-150): which grenade, how far,
 * whether it reaches, and the miss chance. The throw (cx-throw.ts) and its odds before the throw
 * (odds/throw-odds.ts) both start here, so they refuse the same throws and read the same chance.
 */

/** `000` Grenades: "All grenades require an explosives skill of at least 6 to use." */
export const MIN_EXPLOSIVES = 6
const EXPLOSIVES = 'Explosives'

export const explosivesOf = (c: CxCombatant) => c.skills[EXPLOSIVES] ?? 0

/** A throw that can be made, aimed: everything the dice then decide from. */
export interface AimedThrow {
  readonly slot: number
  readonly item: ThrownWeapon
  readonly area: TargetArea
  readonly aim: Point
  readonly chance: Step
}

/** The grenade line the request names, refused by name when it is not one that can be thrown. */
function pickGrenade(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  library: ContentLibrary,
): Result<{ readonly slot: number; readonly item: ThrownWeapon }> {
  const slot = Number(request.options['grenade'] ?? 0)
  const line = c.grenades[slot]
  if (!line) return fail('grenade/none', `${actor.name} carries no grenade in line ${slot + 1}.`)
  const item = library.get('thrown-weapons', line.itemId)
  if (!item || item.kind !== 'grenade') return fail('grenade/unknownItem', `"${line.itemId}" is not a grenade in the content packs.`)
  if (line.count === 0) return fail('grenade/noneLeft', `${actor.name} has no ${item.name} left.`)
  const skill = explosivesOf(c)
  if (skill < MIN_EXPLOSIVES)
    return fail('grenade/skill', `${actor.name} has Explosives ${skill}: grenades need at least ${MIN_EXPLOSIVES} (000 Grenades).`)
  return ok({ slot, item })
}

/** The aim point as the kit measures it: a point on the map, with no base of its own. */
const aimOf = (area: TargetArea): { readonly position: Footprint } => ({ position: { x: area.x, y: area.y, radius: 0 } })

/**
 * SR-CX-24 (issue 31): those under the template where the burst came down. On target, the template
 * as the GM placed it (the core's list). Scattered, the core moves the template to the landing
 * point (`landed`), so it is everyone whose base the same circle touches there: the one test
 * (`touchesArea`, SR-CORE-10) the core, the map and the blast all use, so the rules cannot
 * hit anyone the core would refuse, nor miss anyone it would draw under the template. With walls,
 * the core's reach through them (SR-CORE-32, the template's `walls`).
 */
export function underTemplateAt(area: TargetArea, landed: Point | null, onScene: readonly RulesCombatant[]): readonly RulesCombatant[] {
  return landed ? underArea(onScene, { x: landed.x, y: landed.y, radius: area.radius }, area.walls) : area.inside
}

/** A typed distance may differ from the map's by the desk's rounding, not more (as the core holds an attack's). */
const TYPED_TOLERANCE = 0.05

/**
 * SR-CX-21, SR-CX-150 (issue 31): how far the grenade is thrown. On the map, from the thrower's
 * token to the aim point (the template's centre), centre to centre, to the tenth the desk prints
 * and compares; a typed distance that is not the map's is refused. With no token to measure from
 * (off the map, or positions set aside by the GM for this act, logged by the core), the distance
 * the GM typed; with neither, it cannot be judged.
 */
function throwDistance(request: ActionRequest, actor: RulesCombatant, area: TargetArea): Result<number> {
  const typed = optionNumber(request.options, TYPED_DISTANCE)
  const onMap = mapDistance(actor, aimOf(area))
  if (onMap === null && typed === undefined)
    return fail(
      'grenade/noPosition',
      `${actor.name} has no token on the scene in play (or positions were set aside) and no distance was typed: how far ${area.label} is cannot be judged.`,
    )
  if (onMap !== null && typed !== undefined && Math.abs(typed - onMap) > TYPED_TOLERANCE)
    return fail(
      'position/distanceNotTheMaps',
      `${area.label} is ${onMap} m from ${actor.name} on the map, not ${typed} m: the map decides. Set positions aside for this throw to use your distance.`,
    )
  return ok(actDistance(request.options, actor, aimOf(area), 0))
}

/** The throw as asked, up to its first die; refused with the reason when it cannot be made. */
export function aimThrow(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  library: ContentLibrary,
  area: TargetArea | undefined,
): Result<AimedThrow> {
  if (!area) return fail('grenade/noArea', 'Throw a grenade is aimed at an area: pick a template on the map.')
  const picked = pickGrenade(request, actor, c, library)
  if (!picked.ok) return picked
  const { slot, item } = picked.value
  const profile = throwProfile(item)
  if (!profile) return fail('grenade/notThrown', `The ${item.name} is not thrown: its list gives no throw (${item.note ?? 'no note'}).`)
  const measured = throwDistance(request, actor, area)
  if (!measured.ok) return measured
  const distance = measured.value
  const reach = maxThrowDistance(profile, c.stats)
  // SR-CX-21: farther than the thrower's reach is refused, with both distances.
  if (distance > reach.metres)
    return fail(
      'grenade/outOfRange',
      `${area.label} is ${distance} m from ${actor.name}; the ${item.name} reaches ${reach.metres} m (${profile.baseRange} + ${profile.perStat} × ${reach.stat.toUpperCase()}, 000 Thrown Weapons).`,
    )
  const chance = throwMissChance({
    profile,
    stats: c.stats,
    accuracyModifier: item.accuracyModifier ?? 0,
    distance,
    maxDistance: reach.metres,
  })
  return ok({ slot, item, area, aim: { x: area.x, y: area.y }, chance })
}
