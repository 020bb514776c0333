import type { DomainEvent } from '../../../src-shared/events'
import { EMPTY_TALLY, STORY_LINES, tableFact, type StoryFight, type TableStoryRecord } from '../../../src-shared/table-story'
import { tallied } from './story-tally'

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
    else if (t.kind === 'end') story = { ...story, fight: null, ended: { ...(story.fight ?? freshFight(t.name)), rounds: t.rounds } }
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
    // The table's sums count what it saw, as it saw it: an NPC's damage as a band, no numbers.
    table: tallied(
      story.fight.table,
      seen.flatMap((e) => {
        const fact = tableFact(e.fact, () => false)
        return fact ? [{ round: e.round, fact }] : []
      }),
    ),
  }
  return { ...story, told, lines, fight }
}
