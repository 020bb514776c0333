import { describe, expect, it } from 'vitest'
import { blockedDamage, meleeOdds, meleeOutcome, type Defence } from '../../../../src-main/rules/d10-difficulty/melee/melee'
import { combatant, condition, d10, sheet, typed } from './d10-fixtures'

const knife = { attackerId: 'combatant:ash' as const, targetId: 'combatant:bo' as const, weapon: 1, mode: 'strike' }

describe('D6 melee: Dodge with an action left, Block without, neither against surprise', () => {
  it.each([
    [12, 0, 'dodge', 13, 'dodged'],
    [12, 0, 'dodge', 12, 'hit'],
    [12, 0, 'block', 13, 'blocked'],
    [12, 0, 'block', 12, 'hit'],
    [12, 0, 'surprise', null, 'hit'],
    [7, 8, 'dodge', 3, 'miss'],
  ] as const)(
    'D6: attack %i (difficulty %i) against %s %s → %s (the defence must exceed)',
    (attack, difficulty, defence, total, outcome) => {
      expect(meleeOutcome(attack, difficulty, defence, total)).toBe(outcome)
    },
  )

  it.each([
    [3, 0, 'dodge', 2],
    [5, 0, 'block', 4],
    [2, 6, 'dodge', 3],
    [4, 0, 'surprise', 0],
    [1, 3, 'none', 0],
  ] as const)(
    'D6: exact odds for attack %+i, difficulty %i, %s %+i match brute force',
    (attackBonus, difficulty, defence, defenceBonus) => {
      const brute = { miss: 0, dodged: 0, blocked: 0, hit: 0 }
      for (let a = 1; a <= 10; a++) {
        for (let d = 1; d <= 10; d++) {
          const A = a + attackBonus
          const D = d + defenceBonus
          const k =
            A < difficulty
              ? 'miss'
              : (defence === 'dodge' || defence === 'block') && D > A
                ? defence === 'dodge'
                  ? 'dodged'
                  : 'blocked'
                : 'hit'
          brute[k] += 0.01
        }
      }
      const exact = meleeOdds({ attackBonus, difficulty, defence: defence as Defence, defenceBonus })
      for (const k of ['miss', 'dodged', 'blocked', 'hit'] as const) expect(exact[k]).toBeCloseTo(brute[k], 12)
    },
  )

  it.each([
    [9, 4],
    [8, 4],
    [1, 0],
  ])('D6: a successful block halves %i damage to %i (rounded down)', (d, half) => {
    expect(blockedDamage(d)).toBe(half)
  })

  const ash = combatant('Ash', sheet(), { acting: true })

  it('D6: with an action left the defender is offered Dodge by default, and its odds sum to 1', () => {
    const bo = combatant('Bo', sheet(), { spent: {} })
    const p = d10.attacks!.preview({ ...knife, options: {} }, ash, bo)
    expect(p.ok && p.value.blocked).toBeNull()
    const defence = p.ok ? p.value.options.find((o) => o.key === 'defence') : undefined
    expect(defence?.kind === 'choice' && defence.value).toBe('dodge')
    expect(defence?.kind === 'choice' && defence.choices.map((c) => c.value)).toEqual(['dodge', 'none', 'surprise'])
    const total = p.ok ? p.value.outcomes.reduce((t, o) => t + o.probability, 0) : 0
    expect(total).toBeCloseTo(1, 12)
    // Attack: STR 0 + DEX 1 + Melee 2 = +3; Dodge: DEX 1 + PER 1 + Dodge 1 = +3.
    const odds = meleeOdds({ attackBonus: 3, difficulty: 0, defence: 'dodge', defenceBonus: 3 })
    expect(p.ok && p.value.outcomes.find((o) => o.label === 'Dodged')!.probability).toBeCloseTo(odds.dodged, 12)
  })

  it('D6: with no action left only Block is open, and asking to dodge is refused with the reason', () => {
    const bo = combatant('Bo', sheet(), { spent: { action: 1 } })
    const p = d10.attacks!.preview({ ...knife, options: {} }, ash, bo)
    const defence = p.ok ? p.value.options.find((o) => o.key === 'defence') : undefined
    expect(defence?.kind === 'choice' && defence.value).toBe('block')
    const dodge = d10.attacks!.preview({ ...knife, options: { defence: 'dodge' } }, ash, bo)
    expect(dodge.ok && dodge.value.blocked).toContain('no action left')
  })

  it('D6: a surprised defender can neither dodge nor block', () => {
    const bo = combatant('Bo', sheet(), { conditions: [condition('surprised')] })
    const p = d10.attacks!.preview({ ...knife, options: {} }, ash, bo)
    const defence = p.ok ? p.value.options.find((o) => o.key === 'defence') : undefined
    expect(defence?.kind === 'choice' && defence.value).toBe('surprise')
    expect(p.ok && p.value.outcomes.find((o) => o.label === 'Hit')!.probability).toBe(1)
    const dodge = d10.attacks!.preview({ ...knife, options: { defence: 'dodge' } }, ash, bo)
    expect(dodge.ok && dodge.value.blocked).toContain('surprised')
  })

  it('D6: a dodge that works spends the defender’s action for the round, off its own pool', () => {
    const bo = combatant('Bo', sheet(), { spent: {} })
    // Attack d10 4 + 3 = 7; Dodge d10 6 + 3 = 9 exceeds it: no damage, no zone or damage roll.
    const r = d10.attacks!.resolve({ ...knife, options: {} }, ash, bo, typed(4, 6))
    expect(r.ok && r.value.summary).toContain('dodged')
    expect(r.ok && r.value.targetHp).toBe(20)
    expect(r.ok && r.value.othersSpend).toEqual([{ combatantId: bo.id, pool: 'action', amount: 1 }])
    expect(r.ok && r.value.cost).toEqual([{ pool: 'action', amount: 1 }])
    const after = combatant('Bo', sheet(), { spent: { action: 1 } })
    const again = d10.attacks!.preview({ ...knife, options: {} }, ash, after)
    const defence = again.ok ? again.value.options.find((o) => o.key === 'defence') : undefined
    expect(defence?.kind === 'choice' && defence.value).toBe('block')
  })

  it('D6 and D7: a blocked knife lands on a zone and takes half; the log carries the working', () => {
    const bo = combatant('Bo', sheet(), { spent: { action: 1 } })
    // Attack 5 + 3 = 8; Block 7 + 0 = 7 does not exceed: hit. Zone 2d6 3+3 = torso; d4 3 + 1 = 4 → ×2 = 8.
    const hit = d10.attacks!.resolve({ ...knife, options: {} }, ash, bo, typed(5, 7, 3, 3, 3))
    expect(hit.ok && hit.value.targetHp).toBe(12)
    // Attack 5 + 3 = 8; Block 9 exceeds: same hit halved to 4.
    const blocked = d10.attacks!.resolve({ ...knife, options: {} }, ash, bo, typed(5, 9, 3, 3, 3))
    expect(blocked.ok && blocked.value.targetHp).toBe(16)
    expect(blocked.ok && blocked.value.summary).toContain('blocked (half damage), 4 damage')
  })
})
