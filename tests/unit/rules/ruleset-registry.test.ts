import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createRulesetRegistry, DEFAULT_RULESET_ID, LATER_RULESETS } from '../../../src-main/rules/ruleset-registry'

describe('the ruleset registry', () => {
  it('lists every ruleset by the id and name its own module gives, without loading the later ones', async () => {
    const registry = createRulesetRegistry(resolve('resources'))
    const listed = registry.list()
    expect(listed[0]!.id).toBe(DEFAULT_RULESET_ID)
    for (const later of LATER_RULESETS) expect(registry.find(later.id)).toBeUndefined()
    const all = await registry.all()
    expect(all.map((r) => ({ id: r.id, name: r.name }))).toEqual(listed)
    expect(new Set(listed.map((r) => r.id)).size).toBe(listed.length)
  })

  it('loads a later ruleset once, however many ask at once, and finds it after', async () => {
    const registry = createRulesetRegistry(resolve('resources'))
    const id = LATER_RULESETS[0]!.id
    const [a, b] = await Promise.all([registry.load(id), registry.load(id)])
    expect(a).toBeDefined()
    expect(a).toBe(b)
    expect(registry.find(id)).toBe(a)
  })

  it('has Compound X and the generic ruleset at once, and nothing for an id it does not know', async () => {
    const registry = createRulesetRegistry(resolve('resources'))
    expect(registry.find(DEFAULT_RULESET_ID)?.id).toBe(DEFAULT_RULESET_ID)
    expect(await registry.load(DEFAULT_RULESET_ID)).toBe(registry.find(DEFAULT_RULESET_ID))
    expect(await registry.load('no-such-rules')).toBeUndefined()
    expect(registry.find('no-such-rules')).toBeUndefined()
  })
})
