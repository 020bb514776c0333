import { isUndoable } from '../../../src-shared/commands'
import type { DomainEvent } from '../../../src-shared/events'
import type { RecordReader } from '../state/record-store'
import { Draft } from '../state/draft'
import { EMPTY_HISTORY, HISTORY_LIMIT, type RecordChange } from '../state/stored-records'
import { applyEvent } from './apply-event'
import type { JournalEntry } from './journal-entry'

/**
 * Builds the event that tells the table what a command's changes did (the story), or null. The
 * caller adds it to the journal entry's events, so replay applies it as it was and never tells again.
 */
export type StoryTeller = (after: RecordReader, changes: readonly RecordChange[]) => DomainEvent | null

/**
 * Computes the record changes one journal entry makes, without touching the store.
 * The live pipeline and journal replay both go through here, so they cannot drift.
 * Undoable commands also leave an undo mark (their own changes, RNG included) and clear redo.
 */
export function changesFor(base: RecordReader, entry: JournalEntry, tell?: StoryTeller): RecordChange[] {
  const draft = new Draft(base)
  for (const event of entry.events) applyEvent(draft, event)
  // A live command tells the table what its changes did, before its undo mark is taken so undo takes it back.
  const told = tell?.(draft, draft.changes())
  if (told) applyEvent(draft, told)
  if (isUndoable(entry.commandType)) {
    const changes = draft.changes()
    if (changes.length > 0) {
      const current = draft.get('history')
      const h = current?.typeName === 'history' ? current : EMPTY_HISTORY
      const mark = { commandId: entry.commandId, commandType: entry.commandType, label: entry.label, changes }
      draft.put({ ...h, undo: [...h.undo, mark].slice(-HISTORY_LIMIT), redo: [] })
    }
  }
  return draft.changes()
}
