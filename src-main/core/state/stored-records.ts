import type { DomainRecord } from '../../../src-shared/records'
import type { RngState } from '../../../src-shared/events'
import type { CommandType } from '../../../src-shared/commands'

/** The seeded generator's state lives in the campaign so undo and replay restore it too. */
export interface RngRecord {
  readonly typeName: 'rng'
  readonly id: 'rng'
  readonly seed: string
  readonly state: RngState
  /**
   * The secret new ids are keyed with: 32 random bytes, hex. Not the seed, which a GM may type
   * short ("night1") and a player could then find from a visible id with a word list — and with
   * it every roll to come. Absent only in campaigns saved before it existed, which get one when
   * they open (`withIdKey`).
   */
  readonly idKey?: string
}

/** One record's before/after inside a committed command; null means absent. */
export interface RecordChange {
  readonly id: string
  readonly from: StoredRecord | null
  readonly to: StoredRecord | null
}

/** What undo walks back: every record one command changed, RNG state included. */
export interface HistoryMark {
  readonly commandId: string
  readonly commandType: CommandType
  readonly label: string
  readonly changes: readonly RecordChange[]
}

export interface HistoryRecord {
  readonly typeName: 'history'
  readonly id: 'history'
  readonly undo: readonly HistoryMark[]
  readonly redo: readonly HistoryMark[]
}

/** Everything the campaign document holds. RNG and history never leave the core. */
export type StoredRecord = DomainRecord | RngRecord | HistoryRecord
export type StoredTypeName = StoredRecord['typeName']
export type RecordOfType<T extends StoredTypeName> = Extract<StoredRecord, { typeName: T }>

export const EMPTY_HISTORY: HistoryRecord = { typeName: 'history', id: 'history', undo: [], redo: [] }

/** How many commands undo can walk back; older marks fall off. */
export const HISTORY_LIMIT = 100
