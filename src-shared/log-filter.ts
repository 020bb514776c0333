import type { CombatantId, LogEntryRecord } from './records'

export interface LogSubject {
  readonly id: CombatantId
  readonly name: string
}

/** Which entries to show: about one combatant, in one round; null means any. */
export interface LogFilter {
  readonly who: LogSubject | null
  readonly round: number | null
}

export const NO_FILTER: LogFilter = { who: null, round: null }

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The exact name as a whole word: "Ash" must not match "Ashen", nor "Raider 1" "Raider 12".
 * Letters and digits on either side break the match; spaces, punctuation and "'s" do not.
 */
export function nameMatcher(name: string, flags = 'u'): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(name)}(?![\\p{L}\\p{N}_])`, flags)
}

/**
 * Tests whether a text names a combatant. Other combatants' names that contain this one as a
 * whole word ("Raider 2", "Raider Boss" for "Raider") are blanked out first, or every line
 * about Raider 2 would also be about Raider.
 */
export function mentionTest(name: string, otherNames: readonly string[] = []): (text: string) => boolean {
  const own = nameMatcher(name)
  const longer = otherNames
    .filter((o) => o !== name && o.length > name.length && own.test(o))
    .sort((a, b) => b.length - a.length)
    .map((o) => nameMatcher(o, 'gu'))
  if (!longer.length) return (text) => own.test(text)
  return (text) => own.test(longer.reduce((t, re) => t.replace(re, ' '), text))
}

/**
 * Whether an entry is about a combatant. The core names an entry's subjects; entries written
 * before it did (or that name nobody) fall back to the combatant's name in the text.
 */
export function isAbout(entry: LogEntryRecord, who: LogSubject, mentions: (text: string) => boolean = mentionTest(who.name)): boolean {
  if (entry.subjects?.length) return entry.subjects.includes(who.id)
  return mentions(entry.text)
}

/** `names`: every combatant's name, so that a longer name containing the chosen one is not taken for it. */
export function filterLog(entries: readonly LogEntryRecord[], filter: LogFilter, names: readonly string[] = []): readonly LogEntryRecord[] {
  const { who, round } = filter
  if (!who && round === null) return entries
  const mentions = who ? mentionTest(who.name, names) : null
  return entries.filter((e) => (round === null || e.round === round) && (!who || isAbout(e, who, mentions!)))
}

/** The rounds that have entries, ascending: the round filter's choices. */
export function logRounds(entries: readonly LogEntryRecord[]): number[] {
  return [...new Set(entries.map((e) => e.round))].sort((a, b) => a - b)
}

/** "Raider 1, round 2", or null for the whole log: for the export's heading and file name. */
export function describeFilter(filter: LogFilter): string | null {
  const parts = [filter.who?.name, filter.round === null ? undefined : `round ${filter.round}`].filter((p): p is string => !!p)
  return parts.length ? parts.join(', ') : null
}
