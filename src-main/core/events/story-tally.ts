import { WRITTEN } from '../../../src-shared/limits'
import { STORY_DOWNS, type StoryFact, type StoryName, type StoryTally, type TallyRow } from '../../../src-shared/table-story'
import { healthBand } from '../../../src-shared/views'

/**
 * Adds facts to a fight's running totals (the recap's sums). Pure, and run once per command as
 * the facts are told, so the story record holds sums bounded by the fight's size, not a list of
 * everything that happened (the record goes into every undo mark).
 */
export function tallied(tally: StoryTally, facts: readonly { readonly round: number; readonly fact: StoryFact }[]): StoryTally {
  if (!facts.length) return tally
  const rows = new Map<string, TallyRow>(tally.rows.map((r) => [r.who.id, r]))
  const row = (who: StoryName): TallyRow => rows.get(who.id) ?? emptyRow(who)
  const add = (who: StoryName, change: Partial<Omit<TallyRow, 'who'>>, base = row(who)) => {
    const next = { ...base, who }
    for (const [k, v] of Object.entries(change) as [keyof typeof change, number | TallyRow['band']][]) {
      ;(next as Record<string, unknown>)[k] = k === 'band' ? v : (base[k] as number) + (v as number)
    }
    rows.set(who.id, next)
  }
  const downs = [...tally.downs]
  let biggest = tally.biggest
  for (const { round, fact: f } of facts) {
    const told =
      f.kind === 'attack'
        ? { by: f.actor, who: f.target, harm: f.harm, down: f.down }
        : f.kind === 'harm'
          ? { by: f.by, who: f.who, harm: f.harm, down: f.down }
          : f.kind === 'down'
            ? { by: null, who: f.who, harm: null, down: f.state }
            : null
    if (!told) continue
    const { by, who, harm, down } = told
    if (f.kind === 'attack') add(f.actor, { hits: f.hits?.landed ?? (f.harm ? 1 : 0) })
    const amount = harm?.kind === 'exact' ? harm.from - harm.to : 0
    const band = harm ? (harm.kind === 'exact' ? healthBand(harm.to, harm.max) : harm.band) : undefined
    add(who, { taken: amount, wentDown: down ? 1 : 0, ...(band !== undefined ? { band } : {}), ...(down ? { band: 'down' as const } : {}) })
    if (by) add(by, { dealt: amount, downed: down ? 1 : 0 })
    if (harm?.kind === 'exact' && (!biggest || amount > biggest.amount)) biggest = { by, target: who, amount, round }
    if (down && downs.length < STORY_DOWNS) downs.push({ who, by, round })
  }
  return { rows: [...rows.values()], downs, biggest }
}

/**
 * The tally with a row for each of `who`, in that order (the initiative order as the fight ended),
 * noughts for one that did nothing; rows of anyone else (removed before the end) after them.
 */
export function withRows(tally: StoryTally, who: readonly StoryName[]): StoryTally {
  if (!who.length) return tally
  const have = new Map(tally.rows.map((r) => [r.who.id, r]))
  const listed = new Set(who.map((w) => w.id))
  const rows = [...who.map((w) => have.get(w.id) ?? emptyRow(w)), ...tally.rows.filter((r) => !listed.has(r.who.id))]
  // Within the document's bound on a tally's rows (a fight that big is far past play; its first rows are kept).
  return { ...tally, rows: rows.length > WRITTEN.perFight ? rows.slice(0, WRITTEN.perFight) : rows }
}

const emptyRow = (who: StoryName): TallyRow => ({ who, hits: 0, dealt: 0, taken: 0, band: null, downed: 0, wentDown: 0 })
