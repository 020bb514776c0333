import type { RecordsDiff, Snapshot } from '../../../src-shared/diff'
import type { ViewRecord, ViewRecordId } from '../../../src-shared/views'

export type ViewTypeName = ViewRecord['typeName']
export type ViewRecordOf<T extends ViewTypeName> = Extract<ViewRecord, { typeName: T }>

/** What one diff did to one type of record, so a list over that type can patch itself. */
export interface TypeChanges {
  readonly added: ViewRecord[]
  readonly updated: (readonly [ViewRecord, ViewRecord])[]
  readonly removed: ViewRecord[]
}

/** A whole new set of records (a snapshot): every list rebuilds. */
export const RELOADED = 'reloaded'
export type Changes = ReadonlyMap<ViewTypeName, TypeChanges> | typeof RELOADED

export type IndexOutcome = { readonly kind: 'applied'; readonly changes: Changes } | { readonly kind: 'stale' } | { readonly kind: 'gap' }

const NO_RECORDS: ReadonlyMap<ViewRecordId, ViewRecord> = new Map<ViewRecordId, ViewRecord>()

/**
 * One window's records, by id and by type, changed in place by each diff. The window used to
 * copy the whole record map per diff and then scan it once per list it shows (about ten scans),
 * so a diff cost the whole campaign; here it costs the records it names, and it says which
 * types changed so only their lists are rebuilt.
 */
export class RecordIndex {
  #version = -1
  readonly #all = new Map<ViewRecordId, ViewRecord>()
  readonly #byType = new Map<ViewTypeName, Map<ViewRecordId, ViewRecord>>()

  get version(): number {
    return this.#version
  }

  /** Every record, keyed by id (a live view: it changes with the next diff). */
  get records(): ReadonlyMap<ViewRecordId, ViewRecord> {
    return this.#all
  }

  get(id: ViewRecordId): ViewRecord | undefined {
    return this.#all.get(id)
  }

  /** The records of one type, in the order they first came (a live view, not a copy). */
  ofType<T extends ViewTypeName>(typeName: T): ReadonlyMap<ViewRecordId, ViewRecordOf<T>> {
    return (this.#byType.get(typeName) ?? NO_RECORDS) as ReadonlyMap<ViewRecordId, ViewRecordOf<T>>
  }

  /** Replaces everything with a snapshot's records. */
  load(snapshot: Snapshot): Changes {
    this.#replace(snapshot.version, snapshot.records)
    return RELOADED
  }

  /** Replaces everything with another window's records (the projector preview is built that way). */
  loadRecords(version: number, records: Iterable<ViewRecord>): Changes {
    if (this.#version < 0) {
      this.#replace(version, records)
      return RELOADED
    }
    // Issue 36: only what is not the very record it had counts as changed. The preview is rebuilt
    // from the GM's records after every command; reloading it whole redrew its 3,000 tokens each time.
    const changes = new Map<ViewTypeName, TypeChanges>()
    const of = (t: ViewTypeName): TypeChanges => {
      let c = changes.get(t)
      if (!c) changes.set(t, (c = { added: [], updated: [], removed: [] }))
      return c
    }
    const seen = new Set<ViewRecordId>()
    for (const r of records) {
      seen.add(r.id)
      const was = this.#all.get(r.id)
      if (was === r) continue
      this.#put(r)
      if (was && was.typeName === r.typeName) of(r.typeName).updated.push([was, r])
      else {
        if (was) of(was.typeName).removed.push(was)
        of(r.typeName).added.push(r)
      }
    }
    for (const r of [...this.#all.values()]) {
      if (seen.has(r.id)) continue
      this.#delete(r)
      of(r.typeName).removed.push(r)
    }
    this.#version = version
    return changes
  }

  /**
   * Applies a diff only onto the exact version it was made from: an older one is ignored, a
   * newer one means something was missed and the caller must ask for a snapshot.
   */
  apply(diff: RecordsDiff): IndexOutcome {
    if (diff.toVersion <= this.#version) return { kind: 'stale' }
    if (diff.fromVersion !== this.#version) return { kind: 'gap' }
    const changes = new Map<ViewTypeName, TypeChanges>()
    const of = (t: ViewTypeName): TypeChanges => {
      let c = changes.get(t)
      if (!c) changes.set(t, (c = { added: [], updated: [], removed: [] }))
      return c
    }
    for (const id of diff.removed) {
      const was = this.#all.get(id)
      if (!was) continue
      this.#delete(was)
      of(was.typeName).removed.push(was)
    }
    const upsert = (r: ViewRecord) => {
      const was = this.#all.get(r.id)
      this.#put(r)
      if (was && was.typeName === r.typeName) of(r.typeName).updated.push([was, r])
      else {
        if (was) of(was.typeName).removed.push(was)
        of(r.typeName).added.push(r)
      }
    }
    for (const r of diff.added) upsert(r)
    for (const [, to] of diff.updated) upsert(to)
    this.#version = diff.toVersion
    return { kind: 'applied', changes }
  }

  /**
   * Lets go of records the window no longer keeps (the oldest log lines past its window). The
   * version stays: the core still has them, and a later diff that names one brings it back.
   */
  forget(ids: Iterable<ViewRecordId>): void {
    for (const id of ids) {
      const r = this.#all.get(id)
      if (r) this.#delete(r)
    }
  }

  #replace(version: number, records: Iterable<ViewRecord>): void {
    this.#all.clear()
    this.#byType.clear()
    for (const r of records) this.#put(r)
    this.#version = version
  }

  #put(r: ViewRecord): void {
    const was = this.#all.get(r.id)
    // Ids carry their type; a record that changed type is a damaged sender's doing, so drop the old entry.
    if (was && was.typeName !== r.typeName) this.#delete(was)
    this.#all.set(r.id, r)
    let ofType = this.#byType.get(r.typeName)
    if (!ofType) this.#byType.set(r.typeName, (ofType = new Map()))
    ofType.set(r.id, r)
  }

  #delete(r: ViewRecord): void {
    this.#all.delete(r.id)
    this.#byType.get(r.typeName)?.delete(r.id)
  }
}
