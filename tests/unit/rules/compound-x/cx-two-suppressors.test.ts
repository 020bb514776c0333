import { describe, expect, it } from 'vitest'
import { combatant, trooper } from './cx-harness'
import { act, brawl } from './cx-brawl'

const suppressedOn = (h: Awaited<ReturnType<typeof brawl>>, name: string) =>
  combatant(h, name)
    .conditions.filter((x) => x.conditionId === 'suppressed')
    .map((x) => [x.sourceId, x.duration])

describe('two suppressors (000 Suppression: "once per target per suppressor\'s turn"; SR-CX-5)', () => {
  it('SR-CX-5: a second suppressor adds its own Suppressed; the first keeps its source and its clock', async () => {
    const h = await brawl({ brute: { weapons: trooper().weapons } })
    const [vex, brute] = [h.combatantId('Vex'), h.combatantId('Brute')]
    const light = { weapon: '0', level: 'light', distance: 20 }
    const done = act(h, 'Vex', 'suppress', 'Raider', light)
    expect(done.ok).toBe(true)
    h.must('encounter/nextTurn', {}) // Raider
    h.must('encounter/nextTurn', {}) // Brute
    expect(act(h, 'Brute', 'suppress', 'Raider', light).ok).toBe(true)
    expect(suppressedOn(h, 'Raider')).toEqual([
      [vex, { kind: 'turnStart', of: vex }],
      [brute, { kind: 'turnStart', of: brute }],
    ])
    // CX25: each zone lasts until its own suppressor's next turn: Vex's goes, Brute's stays.
    h.must('encounter/nextTurn', {}) // Vex, round 2
    expect(suppressedOn(h, 'Raider')).toEqual([[brute, { kind: 'turnStart', of: brute }]])
  })
})
