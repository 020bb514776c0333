import { type Modifier, modifier, sumModifiers } from '../../kit/modifier'
import type { Movement, Stance } from '../sheet/d10-sheet'
import { plural } from '../../kit/format'

/** `002` Size: the five size categories, smallest first. */
export const SIZES = ['tiny', 'small', 'medium', 'large', 'huge'] as const
export type Size = (typeof SIZES)[number]

/** `002` Range: the four bands of a weapon's effective range, nearest first. */
export const BANDS = ['close', 'medium', 'far', 'maximum'] as const
export type Band = (typeof BANDS)[number]

/** `002` Range: the size × range penalty table. */
export const SIZE_RANGE: Readonly<Record<Size, Readonly<Record<Band, number>>>> = {
  tiny: { close: 3, medium: 6, far: 12, maximum: 18 },
  small: { close: 2, medium: 4, far: 8, maximum: 12 },
  medium: { close: 1, medium: 2, far: 4, maximum: 6 },
  large: { close: -12, medium: -8, far: -4, maximum: -2 },
  huge: { close: -18, medium: -12, far: -6, maximum: -3 },
}

/** `002` Movement: one table for the target's movement and the shooter's. */
export const MOVEMENT_PENALTY: Readonly<Record<Movement, number>> = { still: -2, subtle: 0, slow: 2, fast: 4 }

/** `002` Stance: the shooter's firing stance. */
export const STANCE_PENALTY: Readonly<Record<Stance, number>> = { standing: -1, kneeling: -2, 'prone-firing': -3, prone: 2 }

/** `002` Stance: standing makes a medium target, kneeling a small one, lying down a tiny one. */
export const SIZE_OF_STANCE: Readonly<Record<Stance, Size>> = {
  standing: 'medium',
  kneeling: 'small',
  'prone-firing': 'tiny',
  prone: 'tiny',
}

/** `002` Determining Difficulty: the base. */
export const BASE_DIFFICULTY = 5
/** `002` Taking Aim: each aim action this round. */
export const AIM_BONUS = 2

/**
 * D4: the band a distance falls in for effective range E — close < E/8 ≤ medium < E/4 ≤ far <
 * E/2 ≤ maximum ≤ E. Beyond E the chapter has no band: the weapon cannot reach (null).
 */
export function rangeBand(distance: number, effectiveRange: number): Band | null {
  if (distance < effectiveRange / 8) return 'close'
  if (distance < effectiveRange / 4) return 'medium'
  if (distance < effectiveRange / 2) return 'far'
  if (distance <= effectiveRange) return 'maximum'
  return null
}

/** D4: why a distance past the effective range cannot be shot, thrown or suppressed at (no band there). */
export const beyondRangeReason = (distance: number, effectiveRange: number): string =>
  `${distance} m is beyond the weapon's effective range of ${effectiveRange} m (D4).`

/** D7: a zone aimed at — one size step smaller, two for a vital organ. */
export type AimedZone = 'legs' | 'torso' | 'arms' | 'head' | 'heart' | 'brain'
export const AIMED_ZONES: readonly AimedZone[] = ['legs', 'torso', 'arms', 'head', 'heart', 'brain']
export const isVitalAim = (z: AimedZone) => z === 'heart' || z === 'brain'

/** D7: the size after aiming at a zone; null when it would go below tiny (that zone cannot be aimed at). */
export function aimedSize(size: Size, zone: AimedZone | null): Size | null {
  if (!zone) return size
  const i = SIZES.indexOf(size) - (isVitalAim(zone) ? 2 : 1)
  return i < 0 ? null : SIZES[i]!
}

export interface RangedSituation {
  readonly distance: number
  readonly effectiveRange: number
  readonly size: Size
  readonly targetMovement: Movement
  readonly shooterMovement: Movement
  readonly shooterStance: Stance
  /** The GM's environment penalty (darkness, wind…). */
  readonly environment: number
  readonly misc: number
  /** Aim actions taken this round at this target. */
  readonly aims: number
  readonly aimedZone: AimedZone | null
}

export type Difficulty =
  | { readonly ok: true; readonly difficulty: number; readonly terms: readonly Modifier[]; readonly band: Band; readonly size: Size }
  | { readonly ok: false; readonly reason: string; readonly terms: readonly Modifier[] }

/**
 * D4: 5 + size×range + target movement + shooter movement + shooter stance + environment + misc
 * − 2 per aim action this round; D7 shifts the size first when a zone is aimed at.
 */
export function rangedDifficulty(s: RangedSituation): Difficulty {
  const band = rangeBand(s.distance, s.effectiveRange)
  const size = aimedSize(s.size, s.aimedZone)
  const base = [modifier('Base', BASE_DIFFICULTY, '002 Determining Difficulty')]
  if (!band) return { ok: false, reason: beyondRangeReason(s.distance, s.effectiveRange), terms: base }
  if (!size) return { ok: false, reason: `A ${s.size} target is too small to aim at the ${s.aimedZone} (D7).`, terms: base }
  const sizeLabel = size === s.size ? size : `${s.size} → ${size}, aimed at the ${s.aimedZone}`
  const terms: Modifier[] = [
    ...base,
    modifier(
      `Size ${sizeLabel} at ${band} range (${s.distance} m of E ${s.effectiveRange} m)`,
      SIZE_RANGE[size][band],
      s.aimedZone ? 'D4, D7' : 'D4',
    ),
    modifier(`Target movement: ${s.targetMovement}`, MOVEMENT_PENALTY[s.targetMovement], '002 Movement'),
    modifier(`Shooter movement: ${s.shooterMovement}`, MOVEMENT_PENALTY[s.shooterMovement], '002 Movement'),
    modifier(`Shooter stance: ${s.shooterStance}`, STANCE_PENALTY[s.shooterStance], '002 Stance'),
    ...(s.environment ? [modifier('Environment', s.environment, 'D4')] : []),
    ...(s.misc ? [modifier('Miscellaneous', s.misc, 'D4')] : []),
    ...(s.aims > 0 ? [modifier(`Aimed ${plural(s.aims, 'action')} this round`, -AIM_BONUS * s.aims, '002 Taking Aim')] : []),
  ]
  return { ok: true, difficulty: sumModifiers(terms), terms, band, size }
}
