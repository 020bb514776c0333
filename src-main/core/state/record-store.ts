import type { CombatantRecord } from '../../../src-shared/records'
import type { RecordChange, RecordOfType, StoredRecord, StoredTypeName } from './stored-records'
import { ConditionedIndex } from './conditioned'
import { TurnOrderIndex } from './turn-order'

/** Read access shared by the live store and a draft over it. */
export interface RecordReader {
  get(id: string): StoredRecord | undefined
  ofType<T extends StoredTypeName>(typeName: T): RecordOfType<T>[]
  /** The placed combatants in acting order; read it, never change it (it is valid until the next change). */
  turnOrder(): readonly CombatantRecord[]
  /** Each placed combatant the players can see, by its rank among them (1..). */
  visibleRanks(): ReadonlyMap<string, number>
  /** The combatants carrying any condition, in the order `ofType('combatant')` gives them. */
  withConditions(): CombatantRecord[]
  /**
   * A number that changes whenever any record does (issue 36), for what is worked out from many
   * records and asked many times between two changes; absent on a reader that cannot say.
   */
  readonly revision?: number
}

/**
 * The campaign's records keyed by id. Records are immutable values: a change replaces the
 * object, so "same reference" means "unchanged" for the projection caches.
 */
export class RecordStore implements RecordReader {
  readonly #records = new Map<string, StoredRecord>()
  /**
   * The same records by type. Every command asks for a type or two (the running encounter, the
   * combatants); walking the whole campaign for that made each command slower as the log grew.
   * Each type keeps the order records first came in, as the whole map does.
   */
  readonly #byType = new Map<string, Map<string, StoredRecord>>()
  readonly #turnOrder = new TurnOrderIndex()
  readonly #conditioned = new ConditionedIndex()
  readonly #combatants = () => this.ofType('combatant')
  #revision = 0

  constructor(records: Iterable<StoredRecord> = []) {
    for (const r of records) this.#put(r)
  }

  #put(r: StoredRecord): void {
    const was = this.#records.get(r.id)
    this.#turnOrder.changed(was, r)
    this.#conditioned.changed(was, r)
    // Ids carry their type, so this is a damaged journal's doing: the record moves to the end of both orders.
    if (was && was.typeName !== r.typeName) {
      this.#byType.get(was.typeName)?.delete(r.id)
      this.#records.delete(r.id)
    }
    this.#records.set(r.id, r)
    let ofType = this.#byType.get(r.typeName)
    if (!ofType) this.#byType.set(r.typeName, (ofType = new Map()))
    ofType.set(r.id, r)
  }

  get(id: string): StoredRecord | undefined {
    return this.#records.get(id)
  }

  ofType<T extends StoredTypeName>(typeName: T): RecordOfType<T>[] {
    const out: RecordOfType<T>[] = []
    for (const r of this.#byType.get(typeName)?.values() ?? []) out.push(r as RecordOfType<T>)
    return out
  }

  /** How many records of a type there are, without listing them (asked after every command). */
  countOf(typeName: StoredTypeName): number {
    return this.#byType.get(typeName)?.size ?? 0
  }

  turnOrder(): readonly CombatantRecord[] {
    return this.#turnOrder.order(this.#combatants)
  }

  visibleRanks(): ReadonlyMap<string, number> {
    return this.#turnOrder.visibleRanks(this.#combatants)
  }

  withConditions(): CombatantRecord[] {
    return this.#conditioned.list()
  }

  values(): IterableIterator<StoredRecord> {
    return this.#records.values()
  }

  get size(): number {
    return this.#records.size
  }

  get revision(): number {
    return this.#revision
  }

  /** Only the engine's commit calls this, after the journal holds the command. */
  applyChanges(changes: readonly RecordChange[]): void {
    this.#revision++
    for (const c of changes) {
      if (c.to !== null) {
        this.#put(c.to)
        continue
      }
      const was = this.#records.get(c.id)
      this.#turnOrder.changed(was, null)
      this.#conditioned.changed(was, null)
      if (was) this.#byType.get(was.typeName)?.delete(c.id)
      this.#records.delete(c.id)
    }
  }

  toObject(): Record<string, StoredRecord> {
    return Object.fromEntries(this.#records)
  }
}
