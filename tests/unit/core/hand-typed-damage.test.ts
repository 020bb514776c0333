import { describe, expect, it } from 'vitest'
import { RulesRequests } from '../../../src-main/core/app/rules-requests'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { fail, ok } from '../../../src-shared/result'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

/**
 * Issue 14, E1: hand-typed damage goes through the ruleset with a type (`combatant/damage`);
 * setting health directly stays the GM's correction. The made-up ruleset below doubles fire,
 * rolls a d6 "scorch" for it, keeps a count in its data and ends a "dazed" condition on damage.
 */
const seen: { amount: number; type: string; hp: number }[] = []

const scorching: Ruleset = {
  ...genericRuleset,
  conditions: [{ id: 'dazed', label: 'Dazed', summary: 'ends on damage', source: 'test', stacks: false }],
  damage: {
    types: [
      { key: 'kinetic', label: 'Kinetic' },
      { key: 'fire', label: 'Fire' },
      { key: 'void', label: 'Void' },
    ],
    apply: (c, amount, type, dice) => {
      seen.push({ amount, type, hp: c.hp })
      if (type === 'void') return fail('damage/immune', `${c.name} cannot be harmed by the void.`)
      const doubled = type === 'fire' ? amount * 2 : amount
      const scorch = dice.roll({ count: 1, sides: 6, modifier: 0 }, 'scorch')
      return ok({
        rules: { hits: 1 },
        hp: c.hp - doubled - scorch.total,
        lines: [`${type === 'fire' ? 'fire doubles' : 'kinetic'}: ${doubled}`, `scorch ${scorch.total}`],
        rolls: [scorch],
        conditions: c.conditions.filter((x) => x.conditionId !== 'dazed'),
      })
    },
  },
}

async function table(ruleset: Ruleset = genericRuleset) {
  const h = await CampaignHarness.create('damage-seed', tempDir(), undefined, ruleset)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
  return h
}

const hpOf = (h: CampaignHarness, name: string) => h.campaign.store.ofType('combatant').find((c) => c.name === name)!.hp
const lastLog = (h: CampaignHarness) =>
  h.campaign.store
    .ofType('log')
    .sort((a, b) => a.seq - b.seq)
    .at(-1)!
const snapshot = (h: CampaignHarness) => JSON.stringify(h.campaign.store.toObject())

describe('combatant/damage without a ruleset damage hook (plain damage)', () => {
  it('lowers health by the amount, below 0 if need be, and logs it as damage with the GM note', async () => {
    const h = await table()
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 12, damageType: 'untyped', note: 'frag grenade' })
    expect(hpOf(h, 'Raider')).toBe(28)
    expect(lastLog(h).text).toBe('Raider takes 12 damage (frag grenade) (HP 40 → 28)')
    expect(lastLog(h).visibility).toBe('gm')
    expect(lastLog(h).subjects).toEqual([h.combatantId('Raider')])
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 30, damageType: 'untyped' })
    expect(hpOf(h, 'Raider')).toBe(-2)
  })

  it('the setup request offers plain damage as the only type', async () => {
    const h = await table()
    const setup = new RulesRequests(h.campaign.store, h.engine.ruleset).rulesetSetup()
    expect(setup.ok && setup.value.damageTypes).toEqual([{ key: 'untyped', label: 'Damage' }])
  })
})

describe('combatant/damage refusals change nothing', () => {
  it('an unknown combatant, or a type the ruleset does not list, is refused by name', async () => {
    const h = await table()
    const before = snapshot(h)
    const nobody = h.run('combatant/damage', { combatantId: 'combatant:nobody', amount: 5, damageType: 'untyped' })
    expect(!nobody.ok && nobody.error.code).toBe('combatant/notFound')
    const fire = h.run('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 5, damageType: 'fire' })
    expect(!fire.ok && fire.error.code).toBe('damage/unknownType')
    expect(!fire.ok && fire.error.message).toMatch(/no damage type "fire" \(it has: untyped\)/)
    expect(snapshot(h)).toBe(before)
  })

  it('an amount of 0, below 0, fractional or absurdly large is refused before any rule runs', async () => {
    const h = await table(scorching)
    const before = snapshot(h)
    seen.length = 0
    for (const amount of [0, -4, 2.5, 100_001, Number.POSITIVE_INFINITY]) {
      const r = h.run('combatant/damage', { combatantId: h.combatantId('Raider'), amount, damageType: 'kinetic' })
      expect(!r.ok && r.error.code, String(amount)).toBe('command/invalid')
      expect(!r.ok && r.error.message, String(amount)).toMatch(/amount/)
    }
    expect(seen).toEqual([])
    expect(snapshot(h)).toBe(before)
  })

  it('a refusal from the ruleset itself changes nothing and draws no die', async () => {
    const h = await table(scorching)
    const before = snapshot(h)
    const r = h.run('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 5, damageType: 'void' })
    expect(!r.ok && r.error.code).toBe('damage/immune')
    expect(snapshot(h)).toBe(before)
  })
})

describe('combatant/damage through a ruleset damage hook', () => {
  it('asks the hook with the amount and type; its health, data, conditions, rolls and lines become events and one log entry', async () => {
    const h = await table(scorching)
    const raider = h.combatantId('Raider')
    h.must('condition/add', { combatantId: raider, condition: 'dazed', duration: { kind: 'indefinite' } })
    seen.length = 0
    h.must('combatant/damage', { combatantId: raider, amount: 7, damageType: 'fire' }, [4])
    expect(seen).toEqual([{ amount: 7, type: 'fire', hp: 40 }])
    const c = h.campaign.store.get(raider)
    expect(c?.typeName === 'combatant' && [c.hp, c.rules, c.conditions]).toEqual([22, { hits: 1 }, []])
    const log = lastLog(h)
    expect(log.text).toBe('Raider takes 7 fire damage (HP 40 → 22): fire doubles: 14; scorch 4')
    expect(log.rolls.map((r) => [r.purpose, r.total])).toEqual([['scorch', 4]])
  })

  it('the setup request lists the ruleset’s types in its order', async () => {
    const h = await table(scorching)
    const setup = new RulesRequests(h.campaign.store, h.engine.ruleset).rulesetSetup()
    expect(setup.ok && setup.value.damageTypes.map((t) => t.key)).toEqual(['kinetic', 'fire', 'void'])
  })

  it('plain "untyped" is refused where the ruleset lists its own types', async () => {
    const h = await table(scorching)
    const r = h.run('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 5, damageType: 'untyped' })
    expect(!r.ok && r.error.code).toBe('damage/unknownType')
  })

  it('undo takes the whole damage back (health, data, conditions, log, dice); redo puts it back', async () => {
    const h = await table(scorching)
    const raider = h.combatantId('Raider')
    h.must('condition/add', { combatantId: raider, condition: 'dazed', duration: { kind: 'indefinite' } })
    const before = h.campaign.store.toObject()
    h.must('combatant/damage', { combatantId: raider, amount: 3, damageType: 'kinetic' })
    const { history: _a, ...after } = h.campaign.store.toObject()
    h.must('history/undo', {})
    const { history: _b, ...undone } = h.campaign.store.toObject()
    const { history: _c, ...beforeRest } = before
    expect(JSON.parse(JSON.stringify(undone))).toEqual(JSON.parse(JSON.stringify(beforeRest)))
    h.must('history/redo', {})
    const { history: _d, ...redone } = h.campaign.store.toObject()
    expect(JSON.parse(JSON.stringify(redone))).toEqual(JSON.parse(JSON.stringify(after)))
    expect(hpOf(h, 'Raider')).toBeLessThan(40)
  })
})

describe('combatant/setHp stays a direct correction', () => {
  it('asks no damage rule, and the log calls it a correction', async () => {
    const h = await table(scorching)
    seen.length = 0
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 10 })
    expect(seen).toEqual([])
    expect(hpOf(h, 'Raider')).toBe(10)
    expect(lastLog(h).text).toBe('Raider: HP corrected 40 → 10')
  })
})
