import { fail, ok, type Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../ruleset'
import { actDistance, mapGap, withinReachOf } from '../../kit/positions'
import type { OptionValues } from '../../kit/options'
import { DOC } from '../d20-terms'
import type { Armament } from './armament'
import { isMelee } from './attack-types'

/*
 * Where the target stands, as the d20 two-action system judges it (issue 31). On the map the
 * tokens decide (the core has placed both sides, or stripped both when the GM set positions
 * aside); off it, the GM's typed distance does.
 */

/** R0.4: a 5-foot square is 1.5 m; "within 5 feet" is within this. */
export const FIVE_FEET = 1.5

/**
 * SR-D20-34: melee reach is one 5-foot square, measured base to base — on a 1.5 m grid, any
 * neighbouring square, diagonals included. `003` gives "melee attack range" no number.
 */
export const MELEE_REACH = FIVE_FEET

/** With no token to measure from and nothing typed: in range, past 5 feet (the GM's call). */
const OFF_MAP_DISTANCE = 5

/** Metres between them for range: centre to centre on the map, else typed, else 5 m. */
export const distanceOf = (options: OptionValues, a: RulesCombatant, t: RulesCombatant): number =>
  actDistance(options, a, t, OFF_MAP_DISTANCE)

/**
 * `003 Attack Modifiers` Distance, "within 5 feet" (SR-D20-34): on the map by the reach test,
 * so a diagonal neighbour counts as well as an orthogonal one; off it, by the typed distance.
 */
export function withinFiveFeet(a: RulesCombatant, t: RulesCombatant, distance: number): boolean {
  const gap = mapGap(a, t)
  return (gap ?? distance) <= FIVE_FEET
}

/** A spell or gun whose range is a square or less is a touch: judged base to base, as melee is (SR-D20-34). */
const isTouch = (range: number | null): range is number => range !== null && range <= FIVE_FEET

/**
 * Why the target cannot be attacked from where it stands, with the distance, or ok.
 * - A melee or finesse weapon, bare hands included, needs the target within reach (SR-D20-34);
 *   off the map that is the GM's call.
 * - A touch spell (Rime touch, 1.5 m) needs it within its range base to base on the map.
 * - Any other ranged weapon or spell needs it within its range, centre to centre on the map or
 *   as typed off it (`003 Making Attacks`: "If an enemy is within range"); no range is no limit.
 */
export function positionRefusal(arm: Armament, a: RulesCombatant, t: RulesCombatant, distance: number): Result<null> {
  const w = arm.weapon
  if (isMelee(w.attack)) return withinReachOf(a, t, MELEE_REACH, `A melee attack with the ${w.name} (SR-D20-34)`)
  const range = w.attack === 'ranged' || w.attack === 'spell' ? w.range : null
  if (isTouch(range) && a.position && t.position) return withinReachOf(a, t, range, `The ${w.name} (a touch, SR-D20-34)`)
  if (range !== null && distance > range)
    return fail('position/outOfRange', `The target is ${distance} m away, beyond the ${w.name}'s ${range} m range (${DOC.modifiers}).`)
  return ok(null)
}
