import { dice, mapDistribution, type Distribution } from '../../kit/distribution'
import type { DamageDice } from '../sheet/d10-sheet'

/** R0.1: NdS+B exactly; a total below 0 deals 0. */
export const diceDistribution = (d: DamageDice): Distribution => mapDistribution(dice(d.count, d.sides), (v) => Math.max(0, v + d.bonus))

/** 2d6 for the hit zone (D7). */
export const TWO_D6: Distribution = dice(2, 6)
