import { describe, expect, it } from 'vitest'
import { DiceRoller } from '../../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../../src-main/core/dice/random-source'
import { cx } from './cx-harness'
import { faces } from './fixtures'
import { combatant, cxOf, instance, must, sheet, withRules } from './cx-rules'

const startOfTurn = cx.edges!.startOfTurn

describe('hit the dirt costs the first action of the next turn (CX21)', () => {
  it('CX21: shot at standing in the open and still up, the target goes prone, and its next turn starts one action down', () => {
    const vex = combatant('Vex', sheet())
    const raider = combatant('Raider', sheet())
    const request = { attackerId: vex.id, targetId: raider.id, weapon: 0, mode: 'semi', options: { distance: 12, cover: 'none' } }
    // d10 2 misses: being shot at is enough.
    const shot = must(cx.attacks!.resolve(request, vex, raider, faces(2)))
    const dived = withRules(raider, shot.targetRules)
    expect(cxOf(dived).live).toMatchObject({ stance: 'prone', loseFirstAction: true })
    const edge = startOfTurn(dived, faces())!
    expect(edge.spend).toEqual([{ pool: 'actions', amount: 1 }])
    expect(edge.lines).toContain('the first action goes to hitting the dirt (CX21)')
    // Spent once: the flag is cleared for the turn after.
    const after = withRules(dived, edge.rules)
    expect(cxOf(after).live.loseFirstAction).toBe(false)
    expect(startOfTurn(after, faces())?.spend).toBeUndefined()
  })

  it('CX21: a target in cover does not dive and loses nothing', () => {
    const vex = combatant('Vex', sheet())
    const raider = combatant('Raider', sheet())
    const shot = must(
      cx.attacks!.resolve(
        { attackerId: vex.id, targetId: raider.id, weapon: 0, mode: 'semi', options: { distance: 12, cover: 'partial' } },
        vex,
        raider,
        faces(2),
      ),
    )
    expect(cxOf(withRules(raider, shot.targetRules)).live.loseFirstAction).toBe(false)
  })
})

describe('damaging conditions tick at the start of the bearer’s turn (01_05 Conditions)', () => {
  const cases = [
    {
      id: 'bleeding',
      stacks: 2,
      dice: [7, 4],
      damage: 3 + 1 + (2 + 1),
      line: 'bleeding ×2: 7 damage (01_05 Bleeding: floor(d10 / 2) + 1 per stack)',
    },
    { id: 'burning', stacks: 1, dice: [3, 6], damage: 9, line: 'burning: 9 damage (01_05 Burning: 2d10)' },
    { id: 'frozen', stacks: 1, dice: [4], damage: 4, line: 'frozen: 4 damage (01_05 Frozen: d10)' },
    { id: 'necrosis', stacks: 1, dice: [2, 3], damage: 10, line: 'necrosis: 10 damage (01_05 Necrosis: 2d10 + 5)' },
    { id: 'poisoned', stacks: 1, dice: [8], damage: 8, line: 'poisoned: 8 damage (01_05 Poisoned: d10)' },
  ]
  for (const c of cases) {
    it(`${c.id}: ${c.damage} damage from typed dice ${c.dice.join(', ')}, straight to health, one log line`, () => {
      const bearer = combatant('Vex', sheet(), { hp: 100, conditions: [instance('c1', c.id, { stacks: c.stacks })] })
      const edge = startOfTurn(bearer, faces(...c.dice))!
      expect(edge.hp).toBe(100 - c.damage)
      expect(edge.lines.filter((l) => l.includes('damage'))).toEqual([c.line])
      // Armour and shields stay as they were: the condition is in the body.
      expect(cxOf(withRules(bearer, edge.rules)).live.armourPoints).toBe(40)
    })
  }

  it('ticks with seeded dice: every condition in order, each roll recorded with its purpose', () => {
    const conditions = [
      instance('a', 'bleeding', { stacks: 3 }),
      instance('b', 'prone'),
      instance('c', 'necrosis'),
      instance('d', 'suppressed'),
    ]
    const bearer = combatant('Vex', sheet(), { hp: 110, conditions })
    const edge = startOfTurn(bearer, new DiceRoller(seededSource('ticks'), undefined))!
    expect(edge.rolls.map((r) => r.purpose)).toEqual(['bleeding: floor(d10 / 2) + 1 per stack', 'necrosis'])
    const [bleed, necrosis] = edge.rolls
    const expected = bleed!.faces.reduce((t, f) => t + Math.floor(f / 2) + 1, 0) + necrosis!.total
    expect(bleed!.faces).toHaveLength(3)
    expect(edge.hp).toBe(110 - expected)
    expect(edge.lines.filter((l) => l.includes('damage'))).toHaveLength(2)
  })

  it('CX27: a tick that takes health below 1 sets it to 0 and downs the bearer', () => {
    const bearer = combatant('Vex', sheet(), { hp: 5, conditions: [instance('c1', 'burning')] })
    const edge = startOfTurn(bearer, faces(6, 6))!
    expect(edge.hp).toBe(0)
    expect(cxOf(withRules(bearer, edge.rules)).live.dying.condition).toEqual({ kind: 'downed', failures: 0, successes: 0 })
    expect(edge.lines.some((l) => /^downed: .*\(CX27, CX28\)$/.test(l))).toBe(true)
  })

  it('CX27: a downed bearer rolls its death save first, then the tick takes health further below 0', () => {
    const downed = sheet(
      {},
      {
        dying: {
          condition: { kind: 'downed', failures: 0, successes: 0 },
          capacity: 3,
          failedThisEncounter: false,
          revivalsThisEncounter: 0,
        },
      },
    )
    const bearer = combatant('Vex', downed, { hp: 0, conditions: [instance('c1', 'frozen')] })
    const edge = startOfTurn(bearer, faces(70, 3))!
    expect(edge.rolls.map((r) => r.purpose)).toEqual(['death saving throw', 'frozen'])
    expect(edge.hp).toBe(-3)
  })
})
