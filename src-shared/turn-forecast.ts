import { endsAtTurnEnd, endsAtTurnStart, type OrderSlot } from './condition-clock'
import type { ConditionDuration, ConditionInstance } from './records'
import { isSurpriseRound, type CombatantId, type EncounterRecord } from './records'
import type { CombatantView } from './views'

/** A condition that will have ended by the time a forecast turn starts. */
export interface Expiring {
  readonly bearerId: CombatantId
  readonly bearer: string
  readonly label: string
  /** Who put it on, when someone else did (the suppressor…): the ribbon says whose it is and by whom. */
  readonly by: string | null
}

/**
 * A forecast mark in words: whose condition ends and who imposed it, so "◷ Suppressed (Heavy
 * gunner 1)" on Jonas's entry no longer reads as Jonas being suppressed (play tests).
 */
export const expiringText = (x: Expiring): string => `${x.bearer}: ${x.label}${x.by ? ` (by ${x.by})` : ''} ends`

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
/**
 * With `limit`, the walk stops once it has that many turns and no condition is left to end:
 * every later turn would list nothing ending, so a long order costs the turns shown, not 2N.
 */
export function forecastTurns(ordered: readonly CombatantView[], encounter: EncounterRecord | null, limit = Infinity): ForecastTurn[] {
  if (!encounter || encounter.round < 1) return []
  const order = ordered.filter((c) => c.orderKey !== null)
  if (order.length === 0) return []
  const slots: OrderSlot[] = order.map((c) => ({ id: c.id, orderKey: c.orderKey }))
  // Everyone's name, not only the order's: whoever imposed a condition may have left the order.
  const names = new Map(ordered.map((c) => [c.id, c.name]))
  const keys = new Map(slots.map((s) => [s.id, s.orderKey]))
  // Only those with conditions are walked at each step, and the lists shrink in place: a step
  // costs what the conditions cost, not a copy of the whole order (issue 15: this ran per diff).
  const conditions = new Map<CombatantId, readonly ConditionInstance[]>()
  for (const c of order) if (c.turn?.conditions.length) conditions.set(c.id, c.turn.conditions)
  const ending: Expiring[] = []
  const drop = (test: (d: ConditionDuration) => boolean) => {
    for (const [id, list] of conditions) {
      const gone = list.filter((x) => test(x.duration))
      if (gone.length === 0) continue
      const bearer = names.get(id)!
      const by = (g: ConditionInstance) => (g.sourceId && g.sourceId !== id ? (names.get(g.sourceId) ?? null) : null)
      ending.push(...gone.map((g) => ({ bearerId: id, bearer, label: g.label, by: by(g) })))
      const kept = list.filter((x) => !gone.includes(x))
      if (kept.length) conditions.set(id, kept)
      else conditions.delete(id)
    }
  }
  // condition-clock's anchorKeyOf, by a map lookup instead of a search of the order.
  const anchorKey = (d: ConditionDuration) => (d.kind === 'rounds' && d.at !== null ? (keys.get(d.at) ?? null) : null)
  const out: ForecastTurn[] = []
  let index = order.findIndex((c) => c.id === encounter.currentCombatantId)
  let round = encounter.round
  let previous: CombatantView | undefined = order[index]
  for (let steps = 0; steps < order.length * 2 && round <= encounter.round + 1; steps++) {
    if (out.length >= limit && conditions.size === 0) break
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
    drop((d) => endsAtTurnStart(d, slot, r, anchorKey(d)))
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
