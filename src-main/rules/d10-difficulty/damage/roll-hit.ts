import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import type { AimedZone } from '../ranged/difficulty'
import type { D10Sheet, Weapon } from '../sheet/d10-sheet'
import { hitDamage, zoneOf, type Struck } from './hit-zones'

export interface RolledHit {
  readonly struck: Struck
  readonly damage: number
  readonly how: string
  readonly rolls: readonly RollRecord[]
}

/** D7: one hit — the 2d6 zone (none when aimed), the weapon's damage dice, the zone's armour and multiplier. */
export function rollHit(weapon: Weapon, aimed: AimedZone | null, dr: D10Sheet['dr'], purpose: string, dice: Dice): RolledHit {
  const rolls: RollRecord[] = []
  let struck: Struck
  if (aimed) struck = aimed
  else {
    const zone = dice.roll({ count: 2, sides: 6, modifier: 0 }, `${purpose}: hit zone`)
    rolls.push(zone)
    struck = zoneOf(zone.total)
  }
  const d = dice.roll(
    { count: weapon.damage.count, sides: weapon.damage.sides, modifier: weapon.damage.bonus },
    `${purpose}: ${weapon.name} damage`,
  )
  rolls.push(d)
  const h = hitDamage(Math.max(0, d.total), struck, weapon.damageType, dr)
  return { struck, damage: h.damage, how: h.how, rolls }
}
