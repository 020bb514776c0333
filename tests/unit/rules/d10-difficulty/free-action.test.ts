import { describe, expect, it } from 'vitest'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant, condition, d10, sheet, sheetInput, typed } from './d10-fixtures'

const freeAct = (c: RulesCombatant, act?: string) =>
  d10.actions!.perform({ actorId: c.id, action: 'free-act', targetId: null, options: act ? { act } : {} }, c, null, typed())

describe('002 Actions: the free action (D3), charged by the free acts', () => {
  it.each([
    {
      name: '002 Actions "Talking up to ten words is considered a free action"',
      act: 'talk',
      words: /Ash says up to ten words \(a free action, 002 Actions\)/,
    },
    { name: 'SR-D10-12 dropping an item is a free act', act: 'drop-item', words: /Ash drops an item \(a free action, SR-D10-12\)/ },
    {
      name: 'SR-D10-12 another small act the GM allows is a free act',
      act: 'other',
      words: /takes little to no time \(a free action, SR-D10-12\)/,
    },
  ])('$name', ({ act, words }) => {
    const a = combatant('Ash', sheet())
    const r = freeAct(a, act)
    expect(r.ok && r.value.cost).toEqual([{ pool: 'free', amount: 1 }])
    expect(r.ok && r.value.summary).toMatch(words)
  })

  it('002 Actions "Usually only one free action is allowed": the list marks it spent once the pool is used', () => {
    const fresh = d10.actions!.list(combatant('Ash', sheet())).find((d) => d.key === 'free-act')!
    expect(fresh.cost).toBe('1 free action')
    expect(fresh.unavailable).toBeNull()
    const used = d10.actions!.list(combatant('Ash', sheet(), { spent: { free: 1 } })).find((d) => d.key === 'free-act')!
    expect(used.unavailable).toMatch(/free action this round is spent/)
  })

  it('002 Surprise Round: a surprised combatant has no free action either', () => {
    const a = combatant('Ash', sheet(), { conditions: [condition('surprised')] })
    expect(freeAct(a, 'talk').ok).toBe(false)
  })

  it('D3 through the core: the first free act spends the free pip, a second is refused by the pool, the action stays', async () => {
    const h = await CampaignHarness.create('d10-free', tempDir(), undefined, d10)
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 20, rules: sheetInput() })
    const ash = h.combatantId('Ash')
    h.must('encounter/start', { name: 'Yard' })
    h.must('encounter/rollInitiative', {}, [5])
    const run = (action: string, options: Record<string, string>) =>
      h.run('action/perform', { request: { actorId: ash, action, targetId: null, options } })
    expect(run('free-act', { act: 'talk' }).ok).toBe(true)
    const spent = () => h.campaign.store.ofType('combatant').find((c) => c.name === 'Ash')!.spent
    expect(spent()).toMatchObject({ free: 1 })
    expect(spent()['action'] ?? 0).toBe(0)
    const stow = run('stow', { weapon: '1' })
    expect(!stow.ok && stow.error.message).toMatch(/no free action left this round; this needs 1 free action \(1 per round\)/)
    h.must('encounter/nextTurn', {}, [5])
    expect(spent()['free'] ?? 0).toBe(0)
    expect(run('stow', { weapon: '1' }).ok).toBe(true)
  })
})
