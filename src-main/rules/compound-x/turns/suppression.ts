import type { CombatantId } from '../../../../src-shared/records'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Attachment, RangedWeapon } from '../content/pack-schema'
import { totalAttachmentValue } from '../ranged/attachment-effects'
import { truncate } from '../statistic'

export const SUPPRESSION_LEVELS = ['light', 'medium', 'heavy'] as const
export type SuppressionLevel = (typeof SUPPRESSION_LEVELS)[number]

/** Map coordinates in metres (R0.4). */
export interface Point {
  readonly x: number
  readonly y: number
}

export const distanceBetween = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y)

export const SUPPRESSION_EXPIRY = "start of suppressor's next turn"

/** A suppression area as the map draws it and the rules read it (CX24–CX26). */
export interface SuppressionZone {
  readonly suppressorId: CombatantId
  readonly level: SuppressionLevel
  /** The aimed-at combatant; the zone is centred where it stood. */
  readonly targetId: CombatantId
  readonly centre: Point
  /** Metres: 1 for light and medium, 2 for heavy (CX24). */
  readonly radius: 1 | 2
  readonly roundsSpent: number
  readonly suppressedIds: readonly CombatantId[]
  /** CX25: zone and effects last until then. */
  readonly expires: typeof SUPPRESSION_EXPIRY
}

/** CX24: rounds each level fires from the current magazine (light takes what is left, down to 1). */
export const SUPPRESSION_ROUNDS: Readonly<Record<SuppressionLevel, number>> = { light: 3, medium: 6, heavy: 10 }
export const SUPPRESSION_RADIUS: Readonly<Record<SuppressionLevel, 1 | 2>> = { light: 1, medium: 1, heavy: 2 }

export interface SuppressRequest {
  readonly suppressorId: CombatantId
  readonly weapon: RangedWeapon
  /** Mounted attachments: "suppression-level" raises the weapon's level a step per point, range ones extend it. */
  readonly attachments?: readonly Attachment[]
  readonly level: SuppressionLevel
  readonly targetId: CombatantId
  readonly roundsInMagazine: number
  /** Where every combatant on the map stands (the suppressor and the target included). */
  readonly positions: ReadonlyMap<CombatantId, Point>
  /** Combatants the suppressor cannot physically hit (behind an impenetrable barrier): not suppressed. */
  readonly unhittableIds?: readonly CombatantId[]
}

export interface Suppression {
  readonly zone: SuppressionZone
  readonly roundsLeft: number
  readonly explanation: string
}

const RANKS = ['none', ...SUPPRESSION_LEVELS] as const

/** The weapon's suppression level after attachments, clamped to none…heavy. */
export function weaponSuppressionLevel(weapon: RangedWeapon, attachments: readonly Attachment[] = []): RangedWeapon['suppression'] {
  const rank = RANKS.indexOf(weapon.suppression) + truncate(totalAttachmentValue(attachments, weapon, 'suppression-level'))
  return RANKS[Math.min(RANKS.length - 1, Math.max(0, rank))]!
}

/**
 * CX24/CX25: lays down suppression (no roll). The caller spends the Suppress action on the turn
 * budget, which ends the turn. Light and medium suppress the aimed-at combatant; heavy every
 * combatant within 2 m of it except the suppressor — allies too, since the text says "all
 * targets" (the GM can remove anyone).
 */
export function suppress(req: SuppressRequest): Result<Suppression> {
  const { weapon, level } = req
  const attachments = req.attachments ?? []
  const allowed = weaponSuppressionLevel(weapon, attachments)
  if (allowed === 'none') return fail('suppress/weaponCannot', `The ${weapon.name} cannot suppress (CX24)`)
  if (RANKS.indexOf(level) > RANKS.indexOf(allowed)) {
    return fail('suppress/levelTooHigh', `The ${weapon.name} suppresses at most at ${allowed} level, not ${level} (CX24)`)
  }
  const needed = SUPPRESSION_ROUNDS[level]
  const rounds = level === 'light' ? Math.min(needed, req.roundsInMagazine) : needed
  if (rounds < 1 || req.roundsInMagazine < rounds) {
    const has = `${req.roundsInMagazine} in the current magazine`
    return fail(
      'suppress/notEnoughRounds',
      `${level} suppression needs ${level === 'light' ? 'at least 1 round' : `${needed} rounds`}; ${has} (CX24)`,
    )
  }
  const centre = req.positions.get(req.targetId)
  const from = req.positions.get(req.suppressorId)
  if (!centre || !from) return fail('suppress/noPosition', 'The suppressor and the target both need a place on the map')
  const lastBracket = weapon.brackets[weapon.brackets.length - 1]!.maxRange
  const range =
    lastBracket +
    totalAttachmentValue(attachments, weapon, 'all-bracket-range') +
    totalAttachmentValue(attachments, weapon, 'last-bracket-range')
  const distance = distanceBetween(from, centre)
  if (distance > range) {
    return fail('suppress/outOfRange', `${distance.toFixed(1)} m is beyond the ${weapon.name}'s range (${range} m) (000 Suppression)`)
  }
  const radius = SUPPRESSION_RADIUS[level]
  const unhittable = new Set(req.unhittableIds ?? [])
  const caught =
    level === 'heavy'
      ? [...req.positions]
          .filter(([id, p]) => id !== req.suppressorId && distanceBetween(p, centre) <= radius)
          .sort(([a, pa], [b, pb]) =>
            a === req.targetId ? -1 : b === req.targetId ? 1 : distanceBetween(pa, centre) - distanceBetween(pb, centre),
          )
          .map(([id]) => id)
      : [req.targetId]
  const zone: SuppressionZone = {
    suppressorId: req.suppressorId,
    level,
    targetId: req.targetId,
    centre,
    radius,
    roundsSpent: rounds,
    suppressedIds: caught.filter((id) => !unhittable.has(id)),
    expires: SUPPRESSION_EXPIRY,
  }
  return ok({
    zone,
    roundsLeft: req.roundsInMagazine - rounds,
    explanation: `${level} suppression: ${rounds} rounds, ${radius} m zone; ${zone.suppressedIds.length} suppressed until the ${SUPPRESSION_EXPIRY} (CX24, CX25)`,
  })
}
