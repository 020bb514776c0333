import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../src-shared/json'
import { suggestTurn } from '../../../src-main/core/autopilot/live-autopilot'
import { SimTable } from '../../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../../src-main/core/dice/random-source'
import { fightingRulesets } from './fights'

/**
 * SR-CORE-33: a move is one straight walk and a wall stops it. Two d20 duellists with blades, a
 * wall between them open to the south: the autopilot walks each round the wall's end, every move it
 * suggests is accepted by the core, and within a few turns one is striking the other.
 */
describe('the autopilot walks round a wall (SR-CORE-33)', async () => {
  const d20 = (await fightingRulesets()).find((r) => r.id === 'd20-two-action')!

  it('d20: duellists on either side of a wall meet round its end, every suggested move accepted', () => {
    const t = new SimTable([], d20, seededSource('walk-round'))
    const must = (r: ReturnType<typeof t.run>) => {
      if (!r.ok) throw new Error(r.error.message)
    }
    must(t.run('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } }))
    const scene = t.store.ofType('scene')[0]!.id
    must(
      t.run('wall/add', {
        sceneId: scene,
        kind: 'wall',
        points: [
          { x: 12, y: 0 },
          { x: 12, y: 9 },
        ],
      }),
    )
    const duelist = d20.quickNpcs!.find((n) => n.name === 'Duelist')!
    for (const [name, side, x] of [
      ['Ana', 'party', 9],
      ['Bo', 'enemy', 15],
    ] as const) {
      must(
        t.run('combatant/add', {
          name,
          side,
          kind: 'npc',
          maxHp: duelist.maxHp,
          hidden: false,
          rules: duelist.rules as JsonValue,
        } as never),
      )
      const id = t.store.ofType('combatant').find((c) => c.name === name)!.id
      must(t.run('token/place', { sceneId: scene, combatantId: id, x, y: 3 }))
    }
    must(t.run('encounter/start', { name: 'Yard' }))
    must(t.run('encounter/rollInitiative', { groupByTemplate: false }))
    let moves = 0
    let attacks = 0
    for (let step = 0; step < 40 && attacks === 0; step++) {
      const s = suggestTurn(t.store, d20)
      if (!s.ok) throw new Error(s.error.message)
      const c = s.value.command
      if (c.type === 'encounter/nextTurn') {
        must(t.run('encounter/nextTurn', {}))
        continue
      }
      const r = t.run(c.type as never, c.payload as never)
      expect(r.ok ? null : r.error.message).toBeNull()
      if (c.type === 'token/place') moves++
      if (c.type === 'attack/resolve') attacks++
      if (!r.ok) break
    }
    expect(moves).toBeGreaterThan(0)
    expect(attacks).toBe(1)
  })
})
