import { describe, expect, it } from 'vitest'
import { markedDuringHiddenTurn, tableEncounter } from '../../../src-shared/table-turn'
import type { CombatantId, EncounterRecord } from '../../../src-shared/records'

const id = (n: string) => `combatant:${n}` as CombatantId
const placed = (...keys: [string, number][]) => keys.map(([n, orderKey]) => ({ id: id(n), orderKey }))

describe('whom the table marks while a hidden combatant acts', () => {
  const visible = placed(['vex', 1], ['ash', 3], ['kiro', 5])
  it('the last visible one before it in the order', () => {
    expect(markedDuringHiddenTurn(4, visible, 1)).toBe(id('ash'))
    expect(markedDuringHiddenTurn(6, visible, 3)).toBe(id('kiro'))
  })
  it('opening a later round: the last of the round before', () => {
    expect(markedDuringHiddenTurn(0.5, visible, 2)).toBe(id('kiro'))
  })
  it('opening the first round, when nobody visible has acted yet: the next visible one', () => {
    expect(markedDuringHiddenTurn(0.5, visible, 1)).toBe(id('vex'))
  })
  it('in whatever order the visible come', () => {
    expect(markedDuringHiddenTurn(4, [...visible].reverse(), 1)).toBe(id('ash'))
  })
  it('nobody when nobody is visible', () => {
    expect(markedDuringHiddenTurn(4, [], 2)).toBeNull()
  })
})

describe('the encounter as the table gets it', () => {
  const e: EncounterRecord = {
    typeName: 'encounter',
    id: 'encounter:e',
    name: 'Dock',
    status: 'active',
    round: 2,
    currentCombatantId: id('gunner'),
    turnAnchor: 4,
  }
  const visible = () => placed(['vex', 1], ['ash', 3])
  const hidden = { hidden: true, orderKey: 2 }
  it('a visible one acting is shown as it is, without the GM’s turn anchor', () => {
    expect(tableEncounter({ ...e, currentCombatantId: id('vex') }, { hidden: false, orderKey: 1 }, visible, null)).toEqual({
      ...e,
      currentCombatantId: id('vex'),
      turnAnchor: null,
    })
  })
  it('dims the last one seen by default (and for a projector saved before the setting)', () => {
    for (const projector of [null, {}, { hiddenTurn: 'dim' as const }])
      expect(tableEncounter(e, hidden, visible, projector)).toEqual({
        ...e,
        currentCombatantId: id('vex'),
        turnAnchor: null,
        actingUnseen: true,
      })
  })
  it('holds the last one seen, indistinguishable from its own turn, when the GM says so', () => {
    const held = tableEncounter(e, hidden, visible, { hiddenTurn: 'hold' })
    expect(held).toEqual({ ...e, currentCombatantId: id('vex'), turnAnchor: null })
    expect(held).toEqual(tableEncounter({ ...e, currentCombatantId: id('vex') }, { hidden: false, orderKey: 1 }, visible, null))
  })
  it('never names the hidden one', () => {
    for (const hiddenTurn of ['dim', 'hold'] as const)
      expect(JSON.stringify(tableEncounter(e, hidden, visible, { hiddenTurn }))).not.toContain('gunner')
    expect(tableEncounter(e, hidden, () => [], null).currentCombatantId).toBeNull()
  })
})
