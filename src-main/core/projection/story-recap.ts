import type { HealthBand } from '../../../src-shared/views'
import type { RecapRow, RecapView, StoryEnded, StoryFact, StoryName, TakenShown } from '../../../src-shared/table-story'

interface Tally {
  who: StoryName
  hits: number
  dealt: number
  taken: number
  band: HealthBand | null
  downed: number
  wentDown: number
}

/**
 * The end-of-encounter recap from a fight's facts as one viewer may see them (already redacted:
 * the table's facts carry an NPC's damage as a band and name nobody hidden). Pure, so the GM's
 * export and the table's card add up the same facts the same way.
 */
export function recapOf(
  fight: Pick<StoryEnded, 'name' | 'rounds' | 'dropped'>,
  facts: readonly { readonly round: number; readonly fact: StoryFact }[],
  viewer: 'gm' | 'table',
): RecapView {
  const rows = new Map<string, Tally>()
  const row = (who: StoryName): Tally => {
    let t = rows.get(who.id)
    if (!t) rows.set(who.id, (t = { who, hits: 0, dealt: 0, taken: 0, band: null, downed: 0, wentDown: 0 }))
    return t
  }
  const downs: RecapView['downs'][number][] = []
  let biggest: RecapView['biggest'] = null
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
    if (f.kind === 'attack') row(f.actor).hits += f.hits?.landed ?? (f.harm ? 1 : 0)
    const target = row(who)
    if (harm?.kind === 'exact') {
      const amount = harm.from - harm.to
      target.taken += amount
      if (by) row(by).dealt += amount
      if (!biggest || amount > biggest.amount) biggest = { by, target: who, amount, round }
    } else if (harm) target.band = harm.band
    if (down) {
      target.wentDown += 1
      // At the table an NPC that went down ends the fight "down", whatever band its last wound left.
      if (who.kind === 'npc') target.band = 'down'
      if (by) row(by).downed += 1
      downs.push({ who, by, round })
    }
  }
  const shown = (t: Tally): RecapRow => {
    const taken: TakenShown =
      viewer === 'table' && t.who.kind === 'npc' ? { kind: 'band', band: t.band ?? 'unhurt' } : { kind: 'exact', amount: t.taken }
    return { who: t.who, hits: t.hits, dealt: viewer === 'gm' ? t.dealt : null, taken, downed: t.downed, wentDown: t.wentDown }
  }
  return { name: fight.name, rounds: fight.rounds, rows: [...rows.values()].map(shown), downs, biggest, partial: fight.dropped > 0 }
}
