import type { ActionRequest, ExplanationLine, ExplanationSection, FormField } from '../../../../src-shared/attack'
import type { RollRecord } from '../../../../src-shared/dice'
import { centreDistance, tenths, TYPED_DISTANCE, type Point } from '../../../../src-shared/geometry'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import { optionNumber, optionOneOf } from '../../kit/options'
import type { RulesCombatant, TargetArea } from '../../ruleset'
import { choice } from '../attacks/attack-shared'
import { meetsDifficulty, rollTerms, skillTerms } from '../checks/d10-check'
import { termsSection } from '../d10-terms'
import { rangedDifficulty, SIZES } from '../ranged/difficulty'
import { offMapDistanceField, rangeTo } from '../ranged/range-to'
import type { D10Sheet, Weapon } from '../sheet/d10-sheet'
import { scatter } from './grenade-scatter'

/*
 * `002 Grenades`: "Throwing a grenade at a specific area … is usually considered a range task with
 * a _medium_ target (the area). Any special circumstances might reduce or widen the size."
 * `002 Thrown Weapons`: thrown weapons "are handled just like other ranged weapons … Thrown
 * weapons also have an _effective range_". So the throw is a Throwing check against the D4
 * difficulty from the thrower to the template, refused past the grenade's effective range
 * (SR-D10-43); where a miss comes down is ours (SR-D10-44).
 */

const SIZE = 'size'
const LANDING = 'landing'
const MISC = 'misc'
const LANDINGS = ['roll', 'aimed'] as const
const SOURCE = '002 Grenades, SR-D10-44'

/** The throw's own options, beside the choice of grenade. */
export function throwOptions(actor: RulesCombatant): FormField[] {
  return [
    choice(SIZE, 'Target size (the area; a window small, a manhole tiny)', 'medium', SIZES),
    choice(LANDING, 'Where it lands', 'roll', LANDINGS, (l) =>
      l === 'roll' ? 'Throwing check (a miss scatters)' : 'Where aimed (the GM’s call, no roll)',
    ),
    { key: MISC, label: 'Other modifiers (light, wind…)', kind: 'number', value: 0, min: -20, max: 20 },
    ...offMapDistanceField(actor, 'Distance to the template'),
  ]
}

/** How the throw went: where it burst (null: where aimed), with the dice and the working. */
export interface Thrown {
  readonly landed: Point | null
  /** For the log's one line: "Throwing 4 vs difficulty 6, misses by 2: lands 2 m north". */
  readonly words: string
  readonly rolls: readonly RollRecord[]
  readonly detail: readonly ExplanationSection[]
}

/**
 * The throw at the template (SR-D10-43, SR-D10-44): refused past the effective range, measured
 * centre to centre from the thrower's token (typed, or 20 m, off the map); a Throwing check (D1)
 * against the D4 difficulty of a still, medium target unless the GM sets the size; a miss scatters.
 * The GM may rule it lands where aimed instead, rolling nothing.
 */
export function throwGrenade(
  request: ActionRequest,
  actor: RulesCombatant,
  sheet: D10Sheet,
  grenade: Weapon,
  area: TargetArea,
  dice: Dice,
): Result<Thrown> {
  const o = request.options
  const aim: Point = { x: area.x, y: area.y }
  const where = area.label || 'the template'
  const typed = optionNumber(o, TYPED_DISTANCE)
  const distance = rangeTo(o, actor, { position: { ...aim, radius: 0 } })
  // On the map the map decides, as the core does for an act between two tokens.
  if (actor.position && typed !== undefined && Math.abs(typed - distance) > 0.05)
    return fail(
      'position/distanceNotTheMaps',
      `${actor.name} stands ${distance} m from ${where} on the map, not ${typed} m: the map decides. Set positions aside for this act to use your distance.`,
    )
  const d = rangedDifficulty({
    distance,
    effectiveRange: grenade.effectiveRange,
    size: optionOneOf(o, SIZE, SIZES, 'medium'),
    // An area does not move: the table's still target (D4).
    targetMovement: 'still',
    shooterMovement: sheet.live.movement,
    shooterStance: sheet.live.stance,
    environment: 0,
    misc: optionNumber(o, MISC) ?? 0,
    aims: 0,
    aimedZone: null,
  })
  if (!d.ok) return fail('grenade/outOfRange', `${actor.name} is ${distance} m from ${where}: ${d.reason} (002 Thrown Weapons, SR-D10-43)`)
  const range: ExplanationLine = {
    label: `${distance} m from ${actor.name} to ${where}${actor.position ? ' (on the map)' : ''}`,
    value: `${d.band} range of E ${grenade.effectiveRange} m`,
    source: '002 Thrown Weapons, SR-D10-43',
  }
  if (optionOneOf(o, LANDING, LANDINGS, 'roll') === 'aimed') {
    const line: ExplanationLine = { label: 'Lands where aimed: the GM’s call, no Throwing check', value: '', source: SOURCE }
    return ok({ landed: null, words: 'lands where aimed (the GM’s call)', rolls: [], detail: [{ title: 'Throw', lines: [range, line] }] })
  }
  const terms = skillTerms(sheet, 'throwing')
  const check = rollTerms(terms, `${actor.name}: Throwing at ${where}`, dice)
  const working = [
    termsSection('Throw: difficulty', d.terms),
    termsSection('Throwing check: d10 plus', terms, { label: `reaches difficulty ${d.difficulty}: on target (D1)`, source: 'D1' }),
  ]
  const tally = `Throwing ${check.total} vs difficulty ${d.difficulty}`
  if (meetsDifficulty(check.total, d.difficulty))
    return ok({ landed: null, words: `${tally}, on target`, rolls: [check.roll], detail: [...working, { title: 'Throw', lines: [range] }] })
  const missedBy = d.difficulty - check.total
  const d8 = dice.roll({ count: 1, sides: 8, modifier: 0 }, `${actor.name}: where the ${grenade.name} scatters`)
  const fell = scatter(aim, missedBy, d8.total)
  const off = tenths(centreDistance(aim, fell.at))
  const landing: ExplanationLine = {
    label: `Missed by ${missedBy}: ${missedBy} m towards the d8's ${fell.towards} (${d8.total})`,
    value: `lands at (${fell.at.x}, ${fell.at.y}), ${off} m from where aimed`,
    source: SOURCE,
  }
  return ok({
    landed: fell.at,
    words: `${tally}, misses by ${missedBy}: lands ${off} m ${fell.towards}`,
    rolls: [check.roll, d8],
    detail: [...working, { title: 'Throw', lines: [range, landing] }],
  })
}
