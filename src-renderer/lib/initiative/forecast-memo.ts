import type { EncounterRecord } from '../../../src-shared/records'
import { forecastTurns, type ForecastTurn } from '../../../src-shared/turn-forecast'
import type { CombatantView } from '../../../src-shared/views'

/** What of one combatant the forecast reads: an HP edit, a card's note or a sheet change none of it. */
const forecastFacts = (c: CombatantView) =>
  JSON.stringify([c.id, c.orderKey, c.name, c.delayed, c.standing?.skipsTurn ?? false, c.turn?.conditions ?? null])

/** Whether two orders look the same to the forecast; an unchanged combatant is the same object, so this is a pass of identity checks. */
function sameForForecast(a: readonly CombatantView[], b: readonly CombatantView[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && forecastFacts(a[i]!) !== forecastFacts(b[i]!)) return false
  return true
}

/**
 * `forecastTurns` that hands back its last answer (the same array) while the order, the names,
 * who is passed over and the conditions are as they were. The ribbon asked for it on every diff,
 * and most commands (an HP edit, a roll) change none of that: at 3,000 combatants the walk was
 * a few ms of each command's update, and a new answer re-ran every entry's "ending" list.
 */
export function memoisedForecast(): (order: readonly CombatantView[], encounter: EncounterRecord | null, limit: number) => ForecastTurn[] {
  let last: { order: readonly CombatantView[]; encounter: EncounterRecord | null; limit: number; turns: ForecastTurn[] } | null = null
  return (order, encounter, limit) => {
    if (last && last.encounter === encounter && last.limit === limit && sameForForecast(last.order, order)) {
      last.order = order
      return last.turns
    }
    last = { order, encounter, limit, turns: forecastTurns(order, encounter, limit) }
    return last.turns
  }
}
