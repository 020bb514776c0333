import type { ThrownWeapon } from '../content/weapon-schemas'
import type { StatBlock } from '../stats/stat-block'

/**
 * How far and how well a grenade throws. The item lists give it in the item's own line
 * ("Throw: miss 5 to 10+2×(DEX or STR) m"), which the pack keeps as the item's note; this reads
 * it there so the data stays the one source (SR-CX-21).
 */
export interface ThrowProfile {
  /** The item's miss chance on the d10 (CX7: hit iff the natural roll is strictly above it). */
  readonly missChance: number
  /** Metres reached with no stat: the "10" of "10+2×(DEX or STR)". */
  readonly baseRange: number
  /** Metres per point of the thrower's better of DEX and STR. */
  readonly perStat: number
}

const THROW_LINE = /^Throw: miss (\d+) to (\d+)\+(\d+)×\(DEX or STR\) m/

/** The item's throw, or null when its line names none (a placed charge such as C10 HE). */
export function throwProfile(item: Pick<ThrownWeapon, 'note'>): ThrowProfile | null {
  const m = THROW_LINE.exec(item.note ?? '')
  if (!m) return null
  return { missChance: Number(m[1]), baseRange: Number(m[2]), perStat: Number(m[3]) }
}

/**
 * `000` Thrown Weapons: "their range is determined by the attacker's DEX or STR". SR-CX-21: the
 * thrower uses the better of the two (the line says "or", and nobody throws with the weaker arm).
 */
export function maxThrowDistance(p: ThrowProfile, stats: StatBlock): { metres: number; stat: 'dex' | 'str' } {
  const stat = stats.dex >= stats.str ? 'dex' : 'str'
  return { metres: p.baseRange + p.perStat * stats[stat], stat }
}

/** One range bracket of a single-target thrown weapon: hit within `maxRange` metres above `missChance` (CX7). */
export interface ThrownBracket {
  readonly maxRange: number
  readonly missChance: number
}

const BRACKETS_LINE = /Miss ((?:\d+ to \d+ m(?:, )?)+)/

/**
 * A knife's or axe's range brackets, read from its line in the pack ("Miss 5 to 7 m, 6 to 15 m",
 * the item list's "Ranged Miss Chance") so the data stays the one source (SR-CX-51); empty when the
 * line names none.
 */
export function thrownBrackets(item: Pick<ThrownWeapon, 'note'>): ThrownBracket[] {
  const m = BRACKETS_LINE.exec(item.note ?? '')
  if (!m) return []
  return [...m[1]!.matchAll(/(\d+) to (\d+) m/g)].map((b) => ({ missChance: Number(b[1]), maxRange: Number(b[2]) }))
}
