import { centreDistance, IGNORE_POSITIONS, IGNORE_WALLS, tenths, TYPED_DISTANCE } from '../../../src-shared/geometry'
import type { CombatantId, CombatantRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { AimAt, RulesCombatant } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import { placedRulesCombatant } from '../state/rules-combatants'
import { sceneInPlay } from '../state/scene-in-play'
import { noLineOfFireMessage, sightBetween } from './line-of-fire'

type Options = Readonly<Record<string, string | number | boolean>>

/** Where an act's two sides stand, as the ruleset is to judge it. */
export interface ActPlacement {
  readonly actor: RulesCombatant
  readonly target: RulesCombatant | null
  /** The act's options, without the core's own override flag. */
  readonly options: Options
  /** The GM set positions aside for this act: the log says so, with both distances. */
  readonly overridden: { readonly typed: number | null; readonly measured: number | null } | null
  /**
   * The GM set the scene's walls aside for this act (SR-CORE-30's override): the log says so, and
   * whether a wall did stand between them. Null when not set aside, or when the map had no say.
   */
  readonly wallsAside: { readonly blockedBy: string | null } | null
}

/** A typed distance may differ from the map's by rounding, not more: the desk fills it to a tenth. */
const TYPED_TOLERANCE = 0.05

/**
 * The one place an attack or action learns where its sides stand (issue 31). On the scene in play
 * the map decides: a typed distance that is not the map's is refused (a forged distance), and so
 * is an act between one combatant on the map and one that is not (its distance would be guessed).
 * Off the map, and when the GM sets positions aside for this act (`ignorePositions`, logged), the
 * sides carry no position and the ruleset takes the typed distance.
 */
export function placeAct(
  state: RecordReader,
  options: Options,
  actor: CombatantRecord,
  target: CombatantRecord | null,
): Result<ActPlacement> {
  const a = placedRulesCombatant(state, actor)
  const t = target ? placedRulesCombatant(state, target) : null
  const typed = typeof options[TYPED_DISTANCE] === 'number' ? (options[TYPED_DISTANCE] as number) : null
  const measured = a.position && t?.position ? tenths(centreDistance(a.position, t.position)) : null
  // The core's own flags never reach the ruleset.
  const { [IGNORE_WALLS]: wallsFlag, ...withWalls } = options
  if (options[IGNORE_POSITIONS] === true) {
    const { [IGNORE_POSITIONS]: _set, ...rest } = withWalls
    return ok({ actor: unplaced(a), target: t && unplaced(t), options: rest, overridden: { typed, measured }, wallsAside: null })
  }
  if (t && !!a.position !== !!t.position) {
    const [on, off] = a.position ? [actor, target!] : [target!, actor]
    const scene = sceneInPlay(state)
    return fail(
      'position/offMap',
      `${off.name} has no token on "${scene?.name ?? 'the map'}", where ${on.name} stands: place it on the map first, or set positions aside for this act.`,
    )
  }
  if (typed !== null && measured !== null && Math.abs(typed - measured) > TYPED_TOLERANCE) {
    return fail(
      'position/distanceNotTheMaps',
      `${actor.name} and ${target!.name} stand ${measured} m apart on the map, not ${typed} m: the map decides. Set positions aside for this act to use your distance.`,
    )
  }
  if (!t) return ok({ actor: a, target: t, options: withWalls, overridden: null, wallsAside: null })
  // SR-CORE-30: every act aimed at another combatant needs a line to it — a shot, a spell, and a
  // touch too (two bases either side of a wall are not really side by side).
  const sight = sightBetween(state, a, t)
  // Set aside only where the map had a say (a wall, or someone between): that is what the log notes.
  if (wallsFlag === true && sight && (sight.kind === 'blocked' || sight.cover !== null)) {
    return ok({
      actor: a,
      target: t,
      options: withWalls,
      overridden: null,
      wallsAside: { blockedBy: sight.kind === 'blocked' ? sight.by : null },
    })
  }
  if (sight?.kind === 'blocked') return fail('position/noLineOfFire', noLineOfFireMessage(actor, target!, sight.by))
  const covered = sight?.kind === 'clear' && sight.cover ? { ...t, mapCover: sight.cover } : t
  return ok({ actor: a, target: covered, options: withWalls, overridden: null, wallsAside: null })
}

/** The combatant without its place on the map (the act is judged as off the map). */
function unplaced(c: RulesCombatant): RulesCombatant {
  const { position: _at, ...rest } = c
  return rest
}

/** The log's words for the GM's override, or null. */
export function overrideNote(p: ActPlacement): string | null {
  if (p.wallsAside) {
    const between = p.wallsAside.blockedBy ? ` (${p.wallsAside.blockedBy} stood between ${p.actor.name} and ${p.target?.name ?? ''})` : ''
    return `Walls set aside by the GM for this act${between}: no line of fire asked, no cover from the map`
  }
  if (!p.overridden) return null
  const { typed, measured } = p.overridden
  const map = measured === null ? '' : `; ${measured} m on the map`
  return `Positions set aside by the GM for this act${typed === null ? '' : ` (distance typed: ${typed} m${map})`}${typed === null ? map : ''}`
}

/**
 * The attacker's act turned on someone else (a stray shot's victim, `000` Firing into Melee),
 * judged as an act at that one would be: the same walls, the same override flags. The distance
 * typed was the target's, so it is not held against the other's place on the map.
 */
export function aimAtFrom(state: RecordReader, options: Options, actor: CombatantRecord): AimAt {
  const { [TYPED_DISTANCE]: _typed, ...rest } = options
  return (id: CombatantId) => {
    const other = state.get(id)
    if (other?.typeName !== 'combatant' || other.id === actor.id) return fail('combatant/notFound', 'No such combatant to aim at.')
    const placed = placeAct(state, rest, actor, other)
    return placed.ok ? ok(placed.value.target!) : placed
  }
}
