import { anchorKeyOf, endsAtTurnEnd, endsAtTurnStart, type OrderSlot } from './condition-clock'
import type { ConditionDuration } from './records'
import { isSurpriseRound, type CombatantId, type EncounterRecord } from './records'
import type { CombatantView } from './views'

/** A condition that will have ended by the time a forecast turn starts. */
export interface Expiring {
  readonly bearerId: CombatantId
  readonly bearer: string
  readonly label: string
}

export interface ForecastTurn {
  readonly combatantId: CombatantId
  readonly name: string
  readonly round: number
  /** Conditions ending on the way to this turn (at the end of the turn before, or as this one starts). */
  readonly expiring: readonly Expiring[]
}

const passedOver = (c: CombatantView) => c.delayed || (c.standing?.skipsTurn ?? false)

/**
 * The turns to come for the rest of this round and all of the next, as the GM window sees
 * them, with the conditions each will have seen end. Walks the same clock the core uses
 * (condition-clock), so the forecast and what actually happens agree.
 */
export function forecastTurns(ordered: readonly CombatantView[], encounter: EncounterRecord | null): ForecastTurn[] {
  if (!encounter || encounter.round < 1) return []
  const order = ordered.filter((c) => c.orderKey !== null)
  if (order.length === 0) return []
  const slots: OrderSlot[] = order.map((c) => ({ id: c.id, orderKey: c.orderKey }))
  let conditions = new Map(order.map((c) => [c.id, c.turn?.conditions ?? []]))
  const ending: Expiring[] = []
  const drop = (test: (d: ConditionDuration) => boolean) => {
    const next = new Map(conditions)
    for (const [id, list] of conditions) {
      const gone = list.filter((x) => test(x.duration))
      if (gone.length === 0) continue
      const bearer = order.find((c) => c.id === id)!.name
      ending.push(...gone.map((g) => ({ bearerId: id, bearer, label: g.label })))
      next.set(
        id,
        list.filter((x) => !gone.includes(x)),
      )
    }
    conditions = next
  }
  const out: ForecastTurn[] = []
  let index = order.findIndex((c) => c.id === encounter.currentCombatantId)
  let round = encounter.round
  let previous: CombatantView | undefined = order[index]
  for (let steps = 0; steps < order.length * 2 && round <= encounter.round + 1; steps++) {
    index++
    if (index >= order.length) {
      index = 0
      round++
      if (round > encounter.round + 1) break
    }
    const c = order[index]!
    if (previous) {
      const endingId = previous.id
      drop((d) => endsAtTurnEnd(d, endingId))
    }
    const slot = slots[index]!
    const r = round
    drop((d) => endsAtTurnStart(d, slot, r, anchorKeyOf(d, slots)))
    // In a surprise round only those who got the drop act, as the core's turn walk has it.
    if (passedOver(c) || (isSurpriseRound(encounter, r) && !encounter.surprise!.actorIds.includes(c.id))) {
      previous = c
      continue
    }
    out.push({ combatantId: c.id, name: c.name, round, expiring: ending.splice(0) })
    previous = c
  }
  return out
}
