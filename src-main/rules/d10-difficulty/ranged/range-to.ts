import type { FormField } from '../../../../src-shared/attack'
import { TYPED_DISTANCE } from '../../../../src-shared/geometry'
import { actDistance } from '../../kit/positions'
import type { OptionValues } from '../../kit/options'
import type { RulesCombatant } from '../../ruleset'

/**
 * How far a shot, a throw or a fire lane reaches (SR-D10-43): centre to centre on the map (R0.4),
 * to a tenth, when both ends stand there; off the map (or with positions set aside by the GM) the
 * distance typed in the act's `distance` field — `002` Range: "a rough estimate in metres" — and,
 * with none typed, 20 m, the figure the desk has always assumed.
 */
export const OFF_MAP_DISTANCE = 20

type Placed = Pick<RulesCombatant, 'position'>

export const rangeTo = (options: OptionValues, from: Placed, to: Placed): number => actDistance(options, from, to, OFF_MAP_DISTANCE)

/**
 * The typed distance of an action, offered only to an actor off the map: on it the map measures,
 * and a typed figure that is not the map's would be refused.
 */
export const offMapDistanceField = (actor: Placed, label: string): FormField[] =>
  actor.position
    ? []
    : [{ key: TYPED_DISTANCE, label: `${label} (off the map)`, kind: 'number', value: OFF_MAP_DISTANCE, unit: 'm', min: 0, max: 10_000 }]
