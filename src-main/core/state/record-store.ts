import type { RecordChange, RecordOfType, StoredRecord, StoredTypeName } from './stored-records'

/** Read access shared by the live store and a draft over it. */
export interface RecordReader {
  get(id: string): StoredRecord | undefined
  ofType<T extends StoredTypeName>(typeName: T): RecordOfType<T>[]
}

/**
 * The campaign's records keyed by id. Records are immutable values: a change replaces the
 * object, so "same reference" means "unchanged" for the projection caches.
 */
export class RecordStore implements RecordReader {
  readonly #records = new Map<string, StoredRecord>()

  constructor(records: Iterable<StoredRecord> = []) {
    for (const r of records) this.#records.set(r.id, r)
  }

  get(id: string): StoredRecord | undefined {
    return this.#records.get(id)
  }

  ofType<T extends StoredTypeName>(typeName: T): RecordOfType<T>[] {
    const out: RecordOfType<T>[] = []
    for (const r of this.#records.values()) if (r.typeName === typeName) out.push(r as RecordOfType<T>)
    return out
  }

  values(): IterableIterator<StoredRecord> {
    return this.#records.values()
  }

  get size(): number {
    return this.#records.size
  }

  /** Only the engine's commit calls this, after the journal holds the command. */
  applyChanges(changes: readonly RecordChange[]): void {
    for (const c of changes) {
      if (c.to === null) this.#records.delete(c.id)
      else this.#records.set(c.id, c.to)
    }
  }

  toObject(): Record<string, StoredRecord> {
    return Object.fromEntries(this.#records)
  }
}
