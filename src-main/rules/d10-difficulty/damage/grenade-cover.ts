import type { Footprint, Point } from '../../../../src-shared/geometry'
import { coverOf, type WallIndex } from '../../../../src-shared/wall-geometry'
import type { ConditionDefinition, RulesCombatant } from '../../ruleset'
import { ARMOUR_ZONES, type D10Sheet } from '../sheet/d10-sheet'

/** SR-D10-38: the GM marks who is behind grenade-proof cover; a grenade's blast passes them by. */
export const GRENADE_PROOF_COVER = 'grenade-proof-cover'

export const GRENADE_COVER_CONDITION: ConditionDefinition = {
  id: GRENADE_PROOF_COVER,
  label: 'Grenade-proof cover',
  summary: 'Behind cover a grenade cannot reach through: its blast kills and incapacitates no one here.',
  source: '002 Grenades, SR-D10-38',
  stacks: false,
}

/** SR-D10-41: the GM marks who is behind full cover; it stops a grenade's shrapnel, not its shock wave. */
export const FULL_COVER = 'full-cover'

export const FULL_COVER_CONDITION: ConditionDefinition = {
  id: FULL_COVER,
  label: 'Full cover',
  summary: 'Wholly behind cover: a grenade’s shrapnel (its piercing damage) does not reach here, its shock wave does.',
  source: '002 Grenades, SR-D10-41',
  stacks: false,
}

/**
 * SR-D10-51: low cover on the map hiding the whole base from where the grenade burst is full cover
 * against its shrapnel. (A wall or closed door between them is grenade-proof cover, SR-D10-50:
 * the core leaves such a base out of the template's list altogether, SR-CORE-32.)
 */
export function mapShieldsFromShrapnel(walls: WallIndex | undefined, burst: Point, base: Footprint | undefined): boolean {
  if (!walls || walls.empty || !base) return false
  return coverOf(walls, { x: burst.x, y: burst.y, radius: 0 }, base).hidden >= 1 - 1e-9
}

/**
 * `002 Grenades`: "only full cover or full body armour can protect against the piercing damage."
 * SR-D10-41: full body armour is armour on every zone (some damage reduction on head, torso, arms
 * and legs); full cover is the GM's mark, or the map's (SR-D10-51, `mapShieldsFromShrapnel`).
 * Says which stops the shrapnel, or null.
 */
export function shrapnelStoppedBy(
  c: RulesCombatant,
  sheet: D10Sheet | null,
  coveredOnMap = false,
): 'full cover' | 'low cover on the map' | 'full body armour' | null {
  if (c.conditions.some((x) => x.conditionId === FULL_COVER)) return 'full cover'
  if (coveredOnMap) return 'low cover on the map'
  if (sheet && ARMOUR_ZONES.every((z) => sheet.dr[z] > 0)) return 'full body armour'
  return null
}
