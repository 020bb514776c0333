import type { RecordReader } from './record-store'
import type { RecordChange, RecordOfType, StoredRecord, StoredTypeName } from './stored-records'

/**
 * A copy-on-write overlay over the store: events apply here, and the overlay becomes the
 * command's change list. The base is never touched, so a failed command leaves no trace.
 */
export class Draft implements RecordReader {
  readonly #overlay = new Map<string, StoredRecord | null>()

  constructor(private readonly base: RecordReader) {}

  get(id: string): StoredRecord | undefined {
    if (this.#overlay.has(id)) return this.#overlay.get(id) ?? undefined
    return this.base.get(id)
  }

  ofType<T extends StoredTypeName>(typeName: T): RecordOfType<T>[] {
    const out: RecordOfType<T>[] = []
    for (const r of this.base.ofType(typeName)) if (!this.#overlay.has(r.id)) out.push(r)
    for (const r of this.#overlay.values()) if (r !== null && r.typeName === typeName) out.push(r as RecordOfType<T>)
    return out
  }

  put(record: StoredRecord): void {
    this.#overlay.set(record.id, record)
  }

  remove(id: string): void {
    this.#overlay.set(id, null)
  }

  /** Changes against the base, skipping records that ended where they started. */
  changes(): RecordChange[] {
    const out: RecordChange[] = []
    for (const [id, to] of this.#overlay) {
      const from = this.base.get(id) ?? null
      if (from === to) continue
      out.push({ id, from, to })
    }
    return out
  }
}
