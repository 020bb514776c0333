import type { DomainEvent } from '../../../src-shared/events'
import type { EncounterRecord } from '../../../src-shared/records'
import {
  EMPTY_STORY,
  EMPTY_TALLY,
  STORY_LINES,
  namesIn,
  tableFact,
  type StoryEntry,
  type StoryFight,
  type StoryFact,
  type TableStoryRecord,
} from '../../../src-shared/table-story'
import type { Ruleset } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import type { RecordChange } from '../state/stored-records'
import { storyFacts, type StoryHeadline } from './story-facts'
import { tallied } from './story-tally'

/** What the engine knows of one command when it tells the table about it. */
export interface StoryTelling {
  readonly ruleset: Ruleset
  readonly headline: StoryHeadline | null
  /** A secret roll (the GM's choice, or the ruleset's default): its facts count for the GM's recap, the table sees none. */
  readonly secret: boolean
}

const encounterOf = (r: RecordChange['from']): EncounterRecord | null => (r?.typeName === 'encounter' ? r : null)

/** A fact names someone hidden at the time: the table never sees it, even once that one is revealed. */
const seenFact = (f: StoryFact): boolean => namesIn(f).every((n) => !n.hidden)

/**
 * The story record after one command, as an event, or null when the command told nothing. Runs
 * inside `changesFor` on the command's own changes, so undo takes its lines back with it and the
 * journal keeps the result (replay applies the event, it does not tell again).
 */
export function storyEvent(state: RecordReader, changes: readonly RecordChange[], telling: StoryTelling): DomainEvent | null {
  const current = state.get('story')
  let story: TableStoryRecord = current?.typeName === 'story' ? current : EMPTY_STORY
  const start = story
  for (const c of changes) {
    const from = encounterOf(c.from)
    const to = encounterOf(c.to)
    if (to?.status === 'active' && from?.status !== 'active') story = { ...story, fight: freshFight(to.name), ended: null }
    if (from?.status === 'active' && to?.status !== 'active') {
      // An encounter removed outright has no recap; one that ended keeps its sums for it.
      const fight = story.fight ?? freshFight(from.name)
      story = { ...story, fight: null, ended: to ? { ...fight, rounds: to.round } : null }
    }
  }
  const facts = storyFacts(telling.ruleset, state, changes, telling.headline)
  const active = state.ofType('encounter').find((e) => e.status === 'active')
  const round = active?.round ?? 0
  let told = story.told
  const entries: StoryEntry[] = facts.map((fact) => ({ n: !telling.secret && seenFact(fact) ? ++told : null, round, fact }))
  if (entries.length) {
    const seen = entries.filter((e) => e.n !== null)
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
    story = { ...story, told, lines, fight }
  }
  return story === start ? null : { type: 'story/put', record: story }
}

const freshFight = (name: string): StoryFight => ({ name, gm: EMPTY_TALLY, table: EMPTY_TALLY })

/** The GM dismisses the recap from the table. */
export function withoutRecap(state: RecordReader): DomainEvent | null {
  const current = state.get('story')
  return current?.typeName === 'story' && current.ended ? { type: 'story/put', record: { ...current, ended: null } } : null
}
