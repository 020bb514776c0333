import { describe, expect, it } from 'vitest'
import type { CombatantId, ConditionInstance } from '../../../../src-shared/records'
import type { JsonValue } from '../../../../src-shared/json'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { cxSheets, type CxCombatant } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { registry } from '../../autopilot/fights'

/**
 * Issue 35: `actions.offer(actor, key)` is `actions.list(actor).find((d) => d.key === key)` without
 * building the rest. For every ready-made NPC of the pack, as it is and changed the ways that change
 * the list (down, afraid, grappled, pinned, a jammed or empty gun, out of turn, on the map), every
 * key of the list gives the very definition the list gives, keys are unique (the policy looks acts
 * up in a map by key), and a key the list lacks gives nothing.
 */

const ruleset = (await registry.load('compound-x'))!
const condition = (conditionId: string, sourceId: string | null = null, data: JsonValue | null = null): ConditionInstance => ({
  key: `${conditionId}-1`,
  conditionId,
  label: conditionId,
  stacks: 1,
  duration: { kind: 'indefinite' },
  sourceId: sourceId as CombatantId | null,
  data,
  note: '',
})

function variants(base: RulesCombatant): [string, RulesCombatant][] {
  const sheet = cxSheets.of(base)!
  const withGun = (jammed: boolean, ammo: number) =>
    cxSheets.store({
      ...sheet,
      weapons: sheet.weapons.map((w) => (w.kind === 'ranged' ? { ...w, jammed, ammo } : w)),
    } satisfies CxCombatant)
  const other = 'combatant:other'
  return [
    ['as it is', base],
    ['acting', { ...base, acting: true }],
    ['out of its turn', { ...base, acting: false }],
    ['at 0 health', { ...base, hp: 0, acting: true }],
    ['afraid', { ...base, acting: true, conditions: [condition('fear')] }],
    ['grappled', { ...base, acting: true, conditions: [condition('grappled', other, { control: false })] }],
    ['pinned', { ...base, acting: true, conditions: [condition('pinned', other)] }],
    ['afraid and grappled', { ...base, acting: true, conditions: [condition('fear'), condition('grappled', other, { control: true })] }],
    ['jammed', { ...base, acting: true, rules: withGun(true, 10) }],
    ['empty', { ...base, acting: true, rules: withGun(false, 0) }],
    ['on the map', { ...base, acting: true, position: { x: 3, y: 4, radius: 0.75 } }],
  ]
}

describe('Compound X: one act by its key is the list’s (issue 35)', () => {
  const actions = ruleset.actions!
  it('offers the lookup', () => {
    expect(actions.offer).toBeTypeOf('function')
  })
  for (const npc of ruleset.quickNpcs!) {
    it(`${npc.name}: every key, in every state that changes the list`, () => {
      const base: RulesCombatant = {
        id: 'combatant:npc' as CombatantId,
        name: npc.name,
        hp: npc.maxHp,
        maxHp: npc.maxHp,
        rules: npc.rules,
        conditions: [],
      }
      let judged = 0
      for (const [how, actor] of variants(base)) {
        const list = actions.list(actor)
        const keys = list.map((d) => d.key)
        expect(new Set(keys).size, `${npc.name} ${how}: keys unique`).toBe(keys.length)
        for (const key of keys) {
          expect(actions.offer!(actor, key), `${npc.name} ${how}: ${key}`).toEqual(list.find((d) => d.key === key))
          judged++
        }
        expect(actions.offer!(actor, 'no-such-act')).toBeUndefined()
      }
      // Not vacuous: some acts were open and some were not.
      expect(judged).toBeGreaterThan(50)
    })
  }
  it('the states above do change what is open', () => {
    const npc = ruleset.quickNpcs![0]!
    const base: RulesCombatant = {
      id: 'combatant:npc' as CombatantId,
      name: npc.name,
      hp: npc.maxHp,
      maxHp: npc.maxHp,
      rules: npc.rules,
      conditions: [],
    }
    const open = (rc: RulesCombatant) => actions.list(rc).filter((d) => d.unavailable === null).length
    const all = variants(base).map(([, rc]) => open(rc))
    expect(new Set(all).size).toBeGreaterThan(3)
  })
})
