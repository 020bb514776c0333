import { ApplyError } from '../events/apply-event'
import { changesFor } from '../events/changes-for'
import type { JournalEntry } from '../events/journal-entry'
import type { RecordStore } from '../state/record-store'
import { changesProblem, journalHasRoom } from './written-bounds'

export type Replayed =
  | { readonly ok: true; readonly seq: number; readonly replayed: number }
  | { readonly ok: false; readonly code: string; readonly message: string }

/**
 * Applies the journal's entries the document does not hold yet to its records, through the same
 * `changesFor` as live commands. Stops at the first entry that repeats, leaves a gap or cannot
 * apply, naming it: the journal was damaged after it was written, and nothing is guessed.
 */
export function replayJournal(store: RecordStore, entries: readonly JournalEntry[], documentSeq: number, file: string): Replayed {
  let seq = documentSeq
  let replayed = 0
  let previous = -1
  for (const entry of entries) {
    // Entries the document already holds are skipped; a seq that repeats is damage.
    if (entry.seq <= previous) return { ok: false, code: 'campaign/journalCorrupt', message: `${file}: entry ${entry.seq} appears twice` }
    previous = entry.seq
    if (entry.seq <= seq) continue
    if (entry.seq !== seq + 1) return { ok: false, code: 'campaign/journalGap', message: `${file}: entry ${entry.seq} follows ${seq}` }
    // The app never writes these (it refuses the command): a journal holding one was written by something else.
    if (!journalHasRoom(seq)) return corrupt(file, entry.seq, 'it is past the most a journal numbers')
    try {
      const changes = changesFor(store, entry)
      const unopenable = changesProblem(changes)
      if (unopenable) return corrupt(file, entry.seq, `it writes past what a campaign holds (${unopenable})`)
      store.applyChanges(changes)
    } catch (e) {
      // An entry that passed its checksum but cannot apply (ApplyError, or a malformed event
      // tripping a TypeError) was written wrongly: stop, and name it.
      const what = e instanceof ApplyError ? e.message : `malformed entry (${(e as Error).message})`
      return corrupt(file, entry.seq, what)
    }
    seq = entry.seq
    replayed++
  }
  return { ok: true, seq, replayed }
}

const corrupt = (file: string, seq: number, what: string): Replayed => ({
  ok: false,
  code: 'campaign/journalCorrupt',
  message: `${file}: entry ${seq}: ${what}`,
})
