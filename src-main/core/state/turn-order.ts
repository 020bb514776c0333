import type { CombatantRecord } from '../../../src-shared/records'
import type { StoredRecord } from './stored-records'

/** Acting order: by sort key, ties by id, so the same records always give the same order. */
export function byOrderKey(a: CombatantRecord, b: CombatantRecord): number {
  return a.orderKey! - b.orderKey! || (a.id < b.id ? -1 : 1)
}

/** The placed combatants among these, in acting order (a fresh array). */
export function sortPlaced(combatants: Iterable<CombatantRecord>): CombatantRecord[] {
  const placed: CombatantRecord[] = []
  for (const c of combatants) if (c.orderKey !== null) placed.push(c)
  return placed.sort(byOrderKey)
}

/** Ranks 1.. among the placed combatants the players can see, so gaps left by hidden ones reveal nothing. */
export function visibleRanksOf(order: readonly CombatantRecord[]): Map<string, number> {
  const ranks = new Map<string, number>()
  for (const c of order) if (!c.hidden) ranks.set(c.id, ranks.size + 1)
  return ranks
}

const asCombatant = (r: StoredRecord | null | undefined): CombatantRecord | null => (r?.typeName === 'combatant' ? r : null)

/**
 * The store's acting order, kept between commands. Every turn asked for it, and sorting the whole
 * fight each time made a turn at 3,000 combatants several times slower than at 30. A change that
 * keeps a combatant's sort key (HP, conditions, spent actions: nearly every command) replaces it
 * in place; one that moves, adds or removes a placed combatant drops the order, sorted again on
 * the next ask.
 */
export class TurnOrderIndex {
  #order: CombatantRecord[] | null = null
  readonly #position = new Map<string, number>()
  #ranks: Map<string, number> | null = null

  /** Called by the store for every record it puts or deletes. */
  changed(fromRecord: StoredRecord | undefined, toRecord: StoredRecord | null): void {
    const from = asCombatant(fromRecord)
    const to = asCombatant(toRecord)
    if (!from && !to) return
    if (from && to && from.hidden !== to.hidden) this.#ranks = null
    if (this.#order === null) return
    if (from && to && from.orderKey === to.orderKey) {
      if (to.orderKey !== null) this.#order[this.#position.get(to.id)!] = to
      return
    }
    // Never placed before or after (a combatant added to the roster of the fight, then removed): the order stands.
    if ((from?.orderKey ?? null) === null && (to?.orderKey ?? null) === null) return
    this.#order = null
    this.#ranks = null
  }

  /** Placed combatants in acting order; `all` is asked only when the order must be sorted again. */
  order(all: () => Iterable<CombatantRecord>): readonly CombatantRecord[] {
    if (this.#order === null) {
      this.#order = sortPlaced(all())
      this.#position.clear()
      this.#order.forEach((c, i) => this.#position.set(c.id, i))
    }
    return this.#order
  }

  visibleRanks(all: () => Iterable<CombatantRecord>): ReadonlyMap<string, number> {
    this.#ranks ??= visibleRanksOf(this.order(all))
    return this.#ranks
  }
}
