import type { DomainEvent } from '../../../src-shared/events'
import type { EncounterRecord } from '../../../src-shared/records'
import {
  EMPTY_STORY,
  namesIn,
  type StoryEntry,
  type StoryFightChange,
  type StoryFact,
  type TableStoryRecord,
} from '../../../src-shared/table-story'
import type { Ruleset } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import type { RecordChange } from '../state/stored-records'
import { storyFacts, type StoryHeadline } from './story-facts'

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
 * What one command tells the table, as an event (the new facts, numbered, and the fight starting
 * or ending), or null. Runs inside `changesFor` on the command's own changes, so undo takes its
 * lines back with it; the journal keeps the event (replay applies it, it does not tell again).
 */
export function storyEvent(state: RecordReader, changes: readonly RecordChange[], telling: StoryTelling): DomainEvent | null {
  const current = state.get('story')
  const story: TableStoryRecord = current?.typeName === 'story' ? current : EMPTY_STORY
  const fight: StoryFightChange[] = []
  for (const c of changes) {
    const from = encounterOf(c.from)
    const to = encounterOf(c.to)
    if (to?.status === 'active' && from?.status !== 'active') fight.push({ kind: 'start', name: to.name })
    if (from?.status === 'active' && to?.status !== 'active')
      fight.push(to ? { kind: 'end', name: from.name, rounds: to.round } : { kind: 'gone' })
  }
  const facts = storyFacts(telling.ruleset, state, changes, telling.headline)
  const round = state.ofType('encounter').find((e) => e.status === 'active')?.round ?? 0
  let told = story.told
  const entries: StoryEntry[] = facts.map((fact) => ({ n: !telling.secret && seenFact(fact) ? ++told : null, round, fact }))
  return fight.length || entries.length ? { type: 'story/told', fight, entries } : null
}

/** The GM dismisses the recap from the table. */
export function withoutRecap(state: RecordReader): DomainEvent | null {
  const current = state.get('story')
  return current?.typeName === 'story' && current.ended ? { type: 'story/told', fight: [{ kind: 'dismiss' }], entries: [] } : null
}
