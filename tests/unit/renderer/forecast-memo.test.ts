import { describe, expect, it } from 'vitest'
import type { CombatantId, ConditionInstance, EncounterRecord } from '../../../src-shared/records'
import { memoisedForecast } from '../../../src-renderer/lib/initiative/forecast-memo'
import { forecastTurns } from '../../../src-shared/turn-forecast'
import { combatantView } from '../helpers/records'

const encounter: EncounterRecord = {
  typeName: 'encounter',
  id: 'encounter:e',
  name: 'E',
  status: 'active',
  round: 1,
  currentCombatantId: 'combatant:A' as CombatantId,
  turnAnchor: null,
}
const stunned: ConditionInstance = {
  key: 'stunned',
  conditionId: 'stunned',
  label: 'stunned',
  stacks: 1,
  duration: { kind: 'turnEnd', of: 'combatant:B' as CombatantId },
  sourceId: null,
  data: null,
  note: '',
}

describe("the ribbon's memoised forecast", () => {
  const order = [combatantView('A', 1), combatantView('B', 2), combatantView('C', 3)]

  it('hands back its last answer while nothing it reads changed (an HP edit)', () => {
    const forecast = memoisedForecast()
    const first = forecast(order, encounter, 4)
    const hurt = order.map((c) =>
      c.name === 'B' ? { ...c, numbers: { kind: 'exact' as const, hp: 5, maxHp: 10, initiativeModifier: 0 } } : c,
    )
    expect(forecast(hurt, encounter, 4)).toBe(first)
    expect(first).toEqual(forecastTurns(order, encounter, 4))
  })

  it('walks again when the order, a name, who is passed over or a condition changed, and agrees with a fresh walk', () => {
    const forecast = memoisedForecast()
    const first = forecast(order, encounter, 4)
    const changes = [
      order.map((c) => (c.name === 'B' ? { ...c, name: 'Bee' } : c)),
      order.map((c) => (c.name === 'B' ? { ...c, delayed: true } : c)),
      order.map((c) => (c.name === 'B' ? combatantView('B', 2, {}, [stunned]) : c)),
      [order[1]!, order[0]!, order[2]!],
    ]
    for (const changed of changes) {
      const again = forecast(changed, encounter, 4)
      expect(again).not.toBe(first)
      expect(again).toEqual(forecastTurns(changed, encounter, 4))
    }
    expect(forecast(order, { ...encounter, currentCombatantId: 'combatant:B' as CombatantId }, 4)).toEqual(
      forecastTurns(order, { ...encounter, currentCombatantId: 'combatant:B' as CombatantId }, 4),
    )
  })
})
