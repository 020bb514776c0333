import type { AimedZone } from '../ranged/difficulty'
import type { ArmourZone, D10Sheet, DamageType } from '../sheet/d10-sheet'
import { mapDistribution, mix, type Distribution } from '../../kit/distribution'
import { TWO_D6 } from './damage-dice'

/** Where a hit lands: a body zone, or one of the two vital organs. */
export type Struck = ArmourZone | 'heart' | 'brain'

/**
 * D7 and `002` Zones on 2d6: 2 and 12 are the vital organs, 3–4 legs, 5–7 torso, 8–9 arms, 10–11
 * head. The table lists both ends only as "Vital Organ"; it runs from the legs up to the head, so
 * we read 12 (beside the head) as the brain and 2 as the heart.
 */
export function zoneOf(roll: number): Struck {
  if (roll <= 2) return 'heart'
  if (roll <= 4) return 'legs'
  if (roll <= 7) return 'torso'
  if (roll <= 9) return 'arms'
  if (roll <= 11) return 'head'
  return 'brain'
}

/** D7: damage multipliers (vital ×6, legs ×1, torso ×2, arms ×1, head ×3). */
export const MULTIPLIER: Readonly<Record<ArmourZone | 'vital', number>> = { vital: 6, legs: 1, torso: 2, arms: 1, head: 3 }

/** `002` Humans: the zone around each organ (its armour, and where a deflected blow lands). */
export const SURROUNDING: Readonly<Record<'heart' | 'brain', ArmourZone>> = { heart: 'torso', brain: 'head' }

export interface HitDamage {
  readonly damage: number
  /** One clause for the log: how the number came about. */
  readonly how: string
}

/**
 * D7: the zone's damage reduction comes off first; what is left is multiplied by the zone. A vital
 * organ is armoured by the zone around it and follows `002` Humans: bludgeoning below 10 (after
 * armour) lands on the surrounding zone instead; piercing below 2 is stopped by the bone; slashing
 * cannot reach the organ, so — our reading — it too lands on the surrounding zone; the rest is ×6.
 */
export function hitDamage(raw: number, struck: Struck, type: DamageType, dr: D10Sheet['dr']): HitDamage {
  const zone: ArmourZone = struck === 'heart' || struck === 'brain' ? SURROUNDING[struck] : struck
  const left = Math.max(0, raw - dr[zone])
  const reduced = `${raw} − DR ${dr[zone]} = ${left}`
  if (left === 0) return { damage: 0, how: `${struck}: ${reduced}, nothing gets through` }
  if (struck !== 'heart' && struck !== 'brain')
    return { damage: left * MULTIPLIER[zone], how: `${struck}: ${reduced}, ×${MULTIPLIER[zone]}` }
  if (type === 'bludgeoning' && left < 10)
    return { damage: left * MULTIPLIER[zone], how: `${struck}: ${reduced}, bludgeoning below 10 lands on the ${zone} ×${MULTIPLIER[zone]}` }
  if (type === 'slashing')
    return {
      damage: left * MULTIPLIER[zone],
      how: `${struck}: ${reduced}, a blade cannot reach the organ: the ${zone} ×${MULTIPLIER[zone]}`,
    }
  if (type === 'piercing' && left < 2) return { damage: 0, how: `${struck}: ${reduced}, stopped by the bone` }
  return { damage: left * MULTIPLIER.vital, how: `${struck}: ${reduced}, vital ×${MULTIPLIER.vital}` }
}

/** The zones a hit may strike with their chances: the 2d6 table, or the aimed zone for certain (D7). */
export function zoneChances(aimed: AimedZone | null): { readonly struck: Struck; readonly p: number }[] {
  if (aimed) return [{ struck: aimed, p: 1 }]
  const byZone = new Map<Struck, number>()
  for (const [roll, p] of TWO_D6) byZone.set(zoneOf(roll), (byZone.get(zoneOf(roll)) ?? 0) + p)
  return [...byZone].map(([struck, p]) => ({ struck, p }))
}

/** Exact damage of one hit to health: the weapon's dice, the zone, the armour and the zone's rules (D7). */
export function perHitDistribution(raw: Distribution, aimed: AimedZone | null, type: DamageType, dr: D10Sheet['dr']): Distribution {
  return mix(
    zoneChances(aimed).map(({ struck, p }) => ({ weight: p, dist: mapDistribution(raw, (v) => hitDamage(v, struck, type, dr).damage) })),
  )
}
