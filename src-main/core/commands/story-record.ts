import type { DomainEvent } from '../../../src-shared/events'
import type { EncounterRecord } from '../../../src-shared/records'
import {
  EMPTY_STORY,
  NOBODY_HIDDEN_NOW,
  tableFact,
  type StoryEntry,
  type StoryFightChange,
  type StoryName,
  type TableStoryRecord,
} from '../../../src-shared/table-story'
import type { Ruleset } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import type { RecordChange } from '../state/stored-records'
import { nameOf, storyFacts, type StoryHeadline } from './story-facts'

/** What the engine knows of one command when it tells the table about it. */
export interface StoryTelling {
  readonly ruleset: Ruleset
  readonly headline: StoryHeadline | null
  /** A secret roll (the GM's choice, or the ruleset's default): the table is told only its effects on those it sees, without their cause. */
  readonly secret: boolean
}

const encounterOf = (r: RecordChange['from']): EncounterRecord | null => (r?.typeName === 'encounter' ? r : null)

/** Who was in the order as the fight ended (the end clears everyone's place in it). */
function fightersLeaving(changes: readonly RecordChange[]): StoryName[] {
  return changes
    .flatMap((c) =>
      c.from?.typeName === 'combatant' && c.from.orderKey !== null && c.to?.typeName === 'combatant' && c.to.orderKey === null
        ? [{ at: c.from.orderKey, who: nameOf(c.to) }]
        : [],
    )
    .sort((a, b) => a.at - b.at)
    .map((f) => f.who)
}

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
      fight.push(to ? { kind: 'end', name: from.name, rounds: to.round, fighters: fightersLeaving(changes) } : { kind: 'gone' })
  }
  const facts = storyFacts(telling.ruleset, state, changes, telling.headline)
  const round = state.ofType('encounter').find((e) => e.status === 'active')?.round ?? 0
  let told = story.told
  // Numbered when the table is told something of it, judged by who was hidden at the time: a
  // combatant revealed later does not bring back what it did unseen.
  const entries: StoryEntry[] = facts.map((fact) => {
    const n = tableFact(fact, NOBODY_HIDDEN_NOW, telling.secret) ? ++told : null
    return telling.secret ? { n, round, fact, secret: true } : { n, round, fact }
  })
  return fight.length || entries.length ? { type: 'story/told', fight, entries } : null
}

/** The GM dismisses the recap from the table. */
export function withoutRecap(state: RecordReader): DomainEvent | null {
  const current = state.get('story')
  return current?.typeName === 'story' && current.ended ? { type: 'story/told', fight: [{ kind: 'dismiss' }], entries: [] } : null
}
