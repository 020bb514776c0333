import { describe, expect, it } from 'vitest'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import { combatant, d10, sheet, typed, withLive } from './d10-fixtures'

const live = (e: { rules: unknown } | null) => (e!.rules as D10Sheet).live

describe('turn and round edges', () => {
  it('D4: its turn starts with it no longer moving; an old sheet’s dodge count is cleared, not charged again (D6)', () => {
    const c = combatant('Bo', withLive(sheet(), { defending: 1, movement: 'fast' }))
    const e = d10.edges!.startOfTurn(c, typed())
    expect(e!.spend).toBeUndefined()
    expect(live(e)).toMatchObject({ defending: 0, movement: 'subtle' })
  })

  it('002 Taking Aim: the aim lapses when the round ends; D3 and D6 round counts clear', () => {
    const c = combatant('Bo', withLive(sheet(), { aim: { targetId: 'combatant:x', name: 'X', count: 1 }, defending: 1, speedRegained: 4 }))
    const e = d10.edges!.startOfRound!(c, typed())
    expect(live(e)).toMatchObject({ aim: null, defending: 0, speedRegained: 0 })
    expect(e!.lines[0]).toContain('lapses with the round')
  })

  it('nothing to change means no edge effects', () => {
    const c = combatant('Bo', sheet())
    expect(d10.edges!.startOfTurn(c, typed())).toBeNull()
    expect(d10.edges!.startOfRound!(c, typed())).toBeNull()
    expect(d10.edges!.endOfEncounter(c)).toBeNull()
  })

  it('the fight’s end clears its state but keeps the effort spent', () => {
    const c = combatant('Bo', withLive(sheet(), { effort: 0, initiativeEffort: 2, movement: 'slow' }))
    expect(live(d10.edges!.endOfEncounter(c))).toMatchObject({ effort: 0, initiativeEffort: 0, movement: 'subtle' })
  })

  it('002 Surprise Round: a surprised combatant has every action closed', () => {
    const c = combatant('Bo', sheet(), {
      conditions: [
        {
          key: 's',
          conditionId: 'surprised',
          label: 'Surprised',
          stacks: 1,
          duration: { kind: 'indefinite' },
          sourceId: null,
          data: null,
          note: '',
        },
      ],
    })
    expect(d10.actions!.list(c).every((a) => a.unavailable?.includes('surprised'))).toBe(true)
  })
})
