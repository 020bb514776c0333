import type { DomainEvent } from '../../../src-shared/events'
import {
  EMPTY_TALLY,
  NOBODY_HIDDEN_NOW,
  STORY_LINES,
  tableFact,
  type StoryFight,
  type TableStoryRecord,
} from '../../../src-shared/table-story'
import { tallied, withRows } from './story-tally'

const freshFight = (name: string): StoryFight => ({ name, gm: EMPTY_TALLY, table: EMPTY_TALLY })

/**
 * The story record after one `story/told` event. The event carries only what is new (the facts,
 * numbered, and the fight starting or ending); the sums and the strip are worked out here, so a
 * journal entry stays the size of what happened, not of the fight so far.
 */
export function applyStory(current: TableStoryRecord, event: Extract<DomainEvent, { type: 'story/told' }>): TableStoryRecord {
  let story = current
  for (const t of event.fight) {
    if (t.kind === 'start') story = { ...story, fight: freshFight(t.name), ended: null }
    else if (t.kind === 'end') {
      const fought = story.fight ?? freshFight(t.name)
      const fighters = t.fighters ?? []
      // Everyone who fought has a row, those the table saw in its own; nothing done is a row of noughts.
      const ended = {
        ...fought,
        gm: withRows(fought.gm, fighters),
        table: withRows(
          fought.table,
          fighters.filter((f) => !f.hidden),
        ),
      }
      story = { ...story, fight: null, ended: { ...ended, rounds: t.rounds } }
    }
    // An encounter removed outright leaves no recap; the GM takes one off the table.
    else if (t.kind === 'gone') story = { ...story, fight: null }
    else story = { ...story, ended: null }
  }
  const entries = event.entries
  if (!entries.length) return story
  const seen = entries.filter((e) => e.n !== null)
  const told = seen.reduce((n, e) => Math.max(n, e.n!), story.told)
  const lines = seen.length ? [...story.lines, ...seen].slice(-STORY_LINES) : story.lines
  const fight = story.fight && {
    ...story.fight,
    gm: tallied(story.fight.gm, entries),
    // The table's sums count what it was told, as it was told it: the strip's own facts.
    table: tallied(
      story.fight.table,
      seen.flatMap((e) => {
        const fact = tableFact(e.fact, NOBODY_HIDDEN_NOW, e.secret)
        return fact ? [{ round: e.round, fact }] : []
      }),
    ),
  }
  return { ...story, told, lines, fight }
}
