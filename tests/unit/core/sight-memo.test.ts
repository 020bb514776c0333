import { describe, expect, it } from 'vitest'
import { sightBetween } from '../../../src-main/core/geometry/line-of-fire'
import { SimTable } from '../../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../../src-main/core/dice/random-source'
import { placedRulesCombatant } from '../../../src-main/core/state/rules-combatants'
import { fightingRulesets } from '../autopilot/fights'

/**
 * Issue 36: the bases standing between two combatants are read from a copy kept while the store's
 * `revision` stands (with a spatial index past 64 bases), so a preview at 3,000 combatants does not
 * walk them all. The copy must follow every change: someone who steps into the line, out of it,
 * and back, or falls, is seen at once (SR-CORE-31).
 */
describe('who stands between, kept per revision (issue 36, SR-CORE-31)', async () => {
  const d20 = (await fightingRulesets()).find((r) => r.id === 'd20-two-action')!

  it('follows the bystander in and out of the line, with 70 others on the map', () => {
    const t = new SimTable([], d20, seededSource('sight-memo'))
    const must = (r: ReturnType<typeof t.run>) => {
      if (!r.ok) throw new Error(r.error.message)
    }
    must(t.run('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } }))
    const scene = t.store.ofType('scene')[0]!.id
    const npc = d20.quickNpcs![0]!
    const place = (name: string, x: number, y: number) => {
      const id = t.store.ofType('combatant').find((c) => c.name === name)!.id
      must(t.run('token/place', { sceneId: scene, combatantId: id, x, y }))
      return id
    }
    const add = (name: string, side: 'party' | 'enemy', x: number, y: number) => {
      must(t.run('combatant/add', { name, side, kind: 'npc', maxHp: npc.maxHp, hidden: false, rules: npc.rules } as never))
      return place(name, x, y)
    }
    const shooter = add('Shooter', 'party', 2, 5)
    const target = add('Target', 'enemy', 14, 5)
    const between = add('Between', 'party', 8, 5)
    for (let i = 0; i < 70; i++) add(`Crowd ${i}`, 'enemy', 2 + (i % 10) * 2, 20 + Math.floor(i / 10) * 2)
    const cover = () => {
      const c = (id: string) => placedRulesCombatant(t.store, t.store.get(id) as never)
      const s = sightBetween(t.store, c(shooter), c(target))
      return s?.kind === 'clear' ? (s.cover?.by ?? null) : 'blocked'
    }
    expect(cover()).toBe('combatant')
    expect(cover()).toBe('combatant')
    place('Between', 8, 12)
    expect(cover()).toBeNull()
    place('Between', 8, 5.2)
    expect(cover()).toBe('combatant')
    must(t.run('combatant/adjustHp', { combatantId: between, delta: -1000 }))
    expect(cover()).toBeNull()
  })
})
