import type { CombatantRecord } from '../../../src-shared/records'
import type { StoredRecord } from './stored-records'

/**
 * The combatants carrying any condition, kept between commands. Each turn edge ends conditions
 * ("until the end of X's turn"); walking all 3,000 combatants for the few that have any made a
 * turn grow with the fight. They come out in the store's own order of combatants (the order its
 * `ofType` gives), so the log lines a turn writes read exactly as before.
 */
export class ConditionedIndex {
  readonly #withConditions = new Map<string, CombatantRecord>()
  /** Each combatant's place in the store's order: the order it first came in, as the store's maps keep. */
  readonly #ordinal = new Map<string, number>()
  #next = 0

  /** Called by the store for every record it puts (`to`) or deletes (null), with what was there before. */
  changed(from: StoredRecord | undefined, to: StoredRecord | null): void {
    const id = to?.id ?? from?.id
    if (id === undefined) return
    // The store moves a record to the end of its order when it is deleted and put again, or changes type.
    if (to?.typeName !== 'combatant' || from?.typeName !== 'combatant') this.#ordinal.delete(id)
    if (to?.typeName === 'combatant') {
      if (!this.#ordinal.has(id)) this.#ordinal.set(id, this.#next++)
      // Read defensively: the store keeps whatever it is given, and never throws over a record's shape.
      if (Array.isArray(to.conditions) && to.conditions.length > 0) this.#withConditions.set(id, to)
      else this.#withConditions.delete(id)
      return
    }
    this.#withConditions.delete(id)
  }

  /** Combatants with at least one condition, in the store's order. */
  list(): CombatantRecord[] {
    return [...this.#withConditions.values()].sort((a, b) => this.#ordinal.get(a.id)! - this.#ordinal.get(b.id)!)
  }
}
