import type { CombatantRecord } from '../../../src-shared/records'
import type { RecordReader } from './record-store'
import type { RecordChange, RecordOfType, StoredRecord, StoredTypeName } from './stored-records'
import { sortPlaced, visibleRanksOf } from './turn-order'

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

  /**
   * The base's order with this draft's records in it: re-sorted only when the draft moved, added
   * or removed a placed combatant, so a turn's working copies cost no sort of the whole fight.
   */
  turnOrder(): readonly CombatantRecord[] {
    const base = this.base.turnOrder()
    let replaced = false
    for (const [id, to] of this.#overlay) {
      const was = this.base.get(id)
      const from = was?.typeName === 'combatant' ? was : null
      const now = to?.typeName === 'combatant' ? to : null
      if (!from && !now) continue
      if ((from?.orderKey ?? null) !== (now?.orderKey ?? null) || (from === null) !== (now === null)) {
        return sortPlaced(this.ofType('combatant'))
      }
      if (now?.orderKey !== null) replaced = true
    }
    if (!replaced) return base
    return base.map((c) => {
      const r = this.#overlay.get(c.id)
      return r?.typeName === 'combatant' ? r : c
    })
  }

  visibleRanks(): ReadonlyMap<string, number> {
    return visibleRanksOf(this.turnOrder())
  }

  /** As `ofType` orders them: the base's (unless the draft changed them), then the draft's own. */
  withConditions(): CombatantRecord[] {
    const out = this.base.withConditions().filter((c) => !this.#overlay.has(c.id))
    for (const r of this.#overlay.values()) if (r?.typeName === 'combatant' && r.conditions.length > 0) out.push(r)
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
