import type { RecapView, StoryEnded, StoryName, StoryTally, TakenShown } from '../../../src-shared/table-story'

/**
 * The recap one viewer gets from the fight's sums. The GM's has everything. The table's comes from
 * the sums of what the table saw, less anyone hidden now; it has no damage dealt (most of it would
 * be NPC numbers), an NPC's damage taken only as the band it ended on, and a biggest hit only on a PC.
 */
export function recapOf(ended: StoryEnded, viewer: 'gm' | 'table', hiddenNow: (n: StoryName) => boolean): RecapView {
  const base = { name: ended.name, rounds: ended.rounds }
  if (viewer === 'gm') return { ...base, ...gmRecap(ended.gm) }
  const t = ended.table
  const shown = (n: StoryName) => !hiddenNow(n)
  // Someone hidden since is left out as a cause, as the strip leaves it out: what it did stays counted on whom it hit.
  const cause = (n: StoryName | null) => (n && shown(n) ? n : null)
  const rows = t.rows.filter((r) => shown(r.who))
  return {
    ...base,
    rows: rows.map((r) => {
      const taken: TakenShown = r.who.kind === 'npc' ? { kind: 'band', band: r.band ?? 'unhurt' } : { kind: 'exact', amount: r.taken }
      return { who: r.who, hits: r.hits, dealt: null, taken, downed: r.downed, wentDown: r.wentDown }
    }),
    downs: t.downs.flatMap((d) => (shown(d.who) ? [{ ...d, by: cause(d.by) }] : [])),
    biggest: t.biggest && shown(t.biggest.target) ? { ...t.biggest, by: cause(t.biggest.by) } : null,
  }
}

const gmRecap = (t: StoryTally): Pick<RecapView, 'rows' | 'downs' | 'biggest'> => ({
  rows: t.rows.map((r) => ({
    who: r.who,
    hits: r.hits,
    dealt: r.dealt,
    taken: { kind: 'exact', amount: r.taken },
    downed: r.downed,
    wentDown: r.wentDown,
  })),
  downs: t.downs,
  biggest: t.biggest,
})
