import { describe, expect, it } from 'vitest'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { combatant, faces, must, reacted, sheet, twod6, idOf } from './harness'

/** Ana: all 7s (DM 0), Medic 2; Electronics untrained (−3). */
const ana = (over: Partial<Omit<RulesCombatant, 'rules'>> = {}) => combatant('Ana', sheet({ skills: { Medic: 2, 'Gun Combat': 1 } }), over)
const act = (c: RulesCombatant, options: Record<string, string | number>, target: RulesCombatant | null = null, ...dice: number[]) =>
  twod6.actions!.perform({ actorId: c.id, action: 'skill-act', targetId: target?.id ?? null, options }, c, target, faces(...dice))

describe('004 Significant Action, Miscellaneous: skill acts (SR-2D6-12)', () => {
  it('004 the action lists the document’s acts, a skill, and a significant/minor choice (GM’s discretion)', () => {
    const def = twod6.actions!.list(ana()).find((d) => d.key === 'skill-act')!
    expect(def.cost).toBe('significant or minor action (GM’s call)')
    const byKey = Object.fromEntries(def.options.map((o) => [o.key, o]))
    const acts = byKey['act']!
    expect(acts.kind === 'choice' && acts.choices.map((c) => c.value)).toEqual(['check', 'bandage', 'bypass', 'psionics'])
    expect(byKey['size']).toMatchObject({ kind: 'choice', value: 'significant' })
    const skills = byKey['skill']!
    expect(skills.kind === 'choice' && skills.choices.map((c) => c.value)).toContain('skill:Medic')
  })

  it('004 applying a bandage rolls the 2d6 Medic check (T1: 4 + 3 + Medic 2 = 9 vs 8, effect 1) and costs the significant action', () => {
    const bo = combatant('Bo', sheet())
    const r = must(act(ana(), { act: 'bandage', skill: 'usual', size: 'significant' }, bo, 4, 3))
    expect(r.cost).toEqual([{ pool: 'significant', amount: 2 }])
    expect(r.summary).toBe(
      'Ana applies a bandage on Bo (significant action, 004 Significant Action (Miscellaneous)): Medic check 9 vs 8, success, effect 1 (T1)',
    )
    expect(r.rolls).toHaveLength(1)
    expect(r.rolls[0]!.faces).toEqual([4, 3])
  })

  it('004 "GM’s discretion as to what skill checks are significant and minor": as a minor act it costs the minor action', () => {
    const r = must(act(ana(), { act: 'bypass', skill: 'usual', size: 'minor' }, null, 6, 5))
    expect(r.cost).toEqual([{ pool: 'minor', amount: 1 }])
    // Electronics untrained: 11 − 3 = 8 succeeds with effect 0.
    expect(r.summary).toMatch(/tries to bypass a security system \(minor action, .*\): Electronics check 8 vs 8, success, effect 0 \(T1\)$/)
  })

  it('T1 any skill check: the skill the GM picks, a difficulty DM, and the reaction DMs (T3) all count', () => {
    const c = ana({ conditions: [reacted(idOf('Ana'), 1)] })
    const r = must(act(c, { act: 'check', skill: 'skill:Gun Combat', size: 'significant', dm: -2 }, null, 5, 5))
    // 10 + Gun Combat 1 + DEX 0 − 1 (reacted) − 2 (GM) = 8.
    expect(r.summary).toMatch(/Gun Combat check 8 vs 8, success, effect 0/)
    const plain = act(ana(), { act: 'check', skill: 'usual' })
    expect(!plain.ok && plain.error.message).toMatch(/Pick the skill/)
  })

  it('T3 a significant skill act is refused once half the significant action went on a minor act; a minor one still fits', () => {
    const c = ana({ spent: { minor: 1, significant: 1 } })
    const big = act(c, { act: 'psionics', skill: 'usual', size: 'significant' }, null, 3, 3)
    expect(!big.ok && big.error.message).toMatch(/cannot use a psionic power as a significant action: .*T3/)
    expect(must(act(c, { act: 'psionics', skill: 'usual', size: 'minor' }, null, 3, 3)).cost).toEqual([{ pool: 'significant', amount: 1 }])
  })

  it('T3 out of its turn a skill act waits for its turn', () => {
    const r = act(ana({ acting: false }), { act: 'bandage', skill: 'usual', size: 'minor' }, null, 3, 3)
    expect(r.ok).toBe(false)
  })
})
