import type { StatBlock } from '../stats/stat-block'

/*
 * Feats as the sheet keeps them (SR-CX-13: names), counted against the `001` Leveling-Up
 * table, and the feats a primary stat grants for free (`001` Primary Stat Details; numbers from
 * the reference's 03_Feats "Primary Stat Bonus Feats").
 */

export const LUCKY = 'Lucky'
export const WILL_TO_SURVIVE = 'Will to Survive'
export const POSITIONAL_MASTERMIND = 'Positional Mastermind'
/** 03_Feats "Upgrade": extra nanites; it can be taken twice. */
export const UPGRADE = 'Upgrade'

/** The feats no one buys: a stat grants them (03_Feats: "These feats cannot be bought"). */
const PRIMARY_STAT_FEATS: readonly string[] = [LUCKY, WILL_TO_SURVIVE, POSITIONAL_MASTERMIND]

const same = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase()

/** How many times the sheet names a feat (case-insensitive). */
export const timesTaken = (feats: readonly string[], name: string): number => feats.filter((f) => same(f, name)).length

/**
 * `001` LEVELING-UP TABLE: total feats by level, plain and with INT 9+. The table fills every
 * other row; a blank row keeps the total above it (the totals are "not to be added together").
 */
const FEATS_BY_LEVEL: readonly (readonly [level: number, plain: number, int9: number])[] = [
  [0, 0, 0],
  [2, 2, 2],
  [4, 3, 4],
  [6, 4, 5],
  [8, 5, 7],
  [10, 6, 8],
  [12, 7, 10],
  [14, 8, 11],
  [16, 9, 13],
  [18, 10, 14],
  [20, 11, 16],
]

/** SR-CX-80: the feats a character may have bought at this level (the table's totals). */
export function featAllowance(level: number, int: number): number {
  const row = [...FEATS_BY_LEVEL].reverse().find(([l]) => l <= level) ?? FEATS_BY_LEVEL[0]!
  return int >= 9 ? row[2] : row[1]
}

/** SR-CX-80: the feats that count against the allowance: every name but the primary-stat feats. */
export const boughtFeats = (feats: readonly string[]): string[] => feats.filter((f) => !PRIMARY_STAT_FEATS.some((p) => same(f, p)))

/**
 * SR-CX-81: the primary-stat feats this character has. LUCK 6+ gives Lucky; CHA 6+ gives Will
 * to Survive, or, from CHA 9, Positional Mastermind when the sheet names it (the two are
 * mutually exclusive, and Will to Survive is the one every CHA 6+ character can have).
 */
export function grantedFeats(stats: StatBlock, feats: readonly string[]): string[] {
  const out: string[] = []
  if (stats.luck >= 6) out.push(LUCKY)
  if (stats.cha >= 9 && timesTaken(feats, POSITIONAL_MASTERMIND) > 0) out.push(POSITIONAL_MASTERMIND)
  else if (stats.cha >= 6) out.push(WILL_TO_SURVIVE)
  return out
}

export const hasGranted = (stats: StatBlock, feats: readonly string[], name: string): boolean =>
  grantedFeats(stats, feats).some((f) => same(f, name))

/**
 * SR-CX-80: more feats than the level's allowance, in words, or null. A flag on the card and the
 * form, not a refusal: the table is the book's advice and the GM may grant more (a house rule, a
 * reward), and a sheet from before levels were kept must stay editable.
 */
export function featsOverAllowance(sheet: { stats: StatBlock; level: number; feats: readonly string[] }): string | null {
  const bought = boughtFeats(sheet.feats)
  const allowed = featAllowance(sheet.level, sheet.stats.int)
  if (bought.length <= allowed) return null
  return `${bought.length} feats, but level ${sheet.level}${sheet.stats.int >= 9 ? ' with INT 9+' : ''} allows ${allowed} (001 Leveling-Up table; Lucky, Will to Survive and Positional Mastermind are free)`
}

/** Why the sheet's feats cannot stand, or null: Upgrade twice at most, Positional Mastermind's CHA 9. */
export function featRefusal(sheet: { stats: StatBlock; feats: readonly string[] }): string | null {
  if (timesTaken(sheet.feats, UPGRADE) > 2) return 'feats: Upgrade can be taken twice at most (03_Feats)'
  if (timesTaken(sheet.feats, POSITIONAL_MASTERMIND) > 0 && sheet.stats.cha < 9)
    return `feats: Positional Mastermind needs CHA 9 (CHA is ${sheet.stats.cha}; 001 Charisma)`
  return null
}

/**
 * 03_Feats "Upgrade": (INT / 5, rounded up) + 1 d10s of extra nanites, or their average (5 a
 * die). SR-CX-82: the desk takes the average, the option the feat itself offers, so the
 * maximum is a number the sheet can derive; each taking adds it again.
 */
export function upgradeNanites(stats: StatBlock, feats: readonly string[]): number {
  const dice = Math.ceil(stats.int / 5) + 1
  return Math.min(2, timesTaken(feats, UPGRADE)) * dice * 5
}
