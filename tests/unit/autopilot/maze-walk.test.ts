import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../src-shared/json'
import { basesOverlap, footprintRadius } from '../../../src-shared/geometry'
import { suggestTurn } from '../../../src-main/core/autopilot/live-autopilot'
import { SimTable } from '../../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../../src-main/core/dice/random-source'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { fightingRulesets } from './fights'

/**
 * The autopilot walks a real path (issue 34): round a maze of walls (SR-CORE-33) and round tokens
 * standing in the way (SR-CORE-34), every move it suggests accepted by the core, until it strikes.
 */

type Wall = readonly (readonly [number, number])[]

function yard(d20: Ruleset, seed: string, walls: readonly Wall[], fighters: readonly [string, 'party' | 'enemy', number, number][]) {
  const t = new SimTable([], d20, seededSource(seed))
  const must = (r: ReturnType<typeof t.run>) => {
    if (!r.ok) throw new Error(r.error.message)
  }
  const grid = { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } as const
  must(t.run('scene/create', { name: 'Maze', grid }))
  const scene = t.store.ofType('scene')[0]!.id
  for (const w of walls) must(t.run('wall/add', { sceneId: scene, kind: 'wall', points: w.map(([x, y]) => ({ x, y })) }))
  const duelist = d20.quickNpcs!.find((n) => n.name === 'Duelist')!
  for (const [name, side, x, y] of fighters) {
    must(
      t.run('combatant/add', { name, side, kind: 'npc', maxHp: duelist.maxHp, hidden: false, rules: duelist.rules as JsonValue } as never),
    )
    const id = t.store.ofType('combatant').find((c) => c.name === name)!.id
    must(t.run('token/place', { sceneId: scene, combatantId: id, x, y }))
  }
  must(t.run('encounter/start', { name: 'Maze' }))
  must(t.run('encounter/rollInitiative', { groupByTemplate: false }))
  /** Plays the autopilot's suggestions (for `who`, or everyone) until someone strikes; every one must be accepted. */
  const play = (steps: number, who: (name: string) => boolean = () => true) => {
    const tally = { moves: 0, attacks: 0, refused: [] as string[], overlaps: 0 }
    for (let step = 0; step < steps && tally.attacks === 0; step++) {
      const acting = t.store.ofType('encounter')[0]!.currentCombatantId
      const name = t.store.ofType('combatant').find((c) => c.id === acting)?.name ?? ''
      const s = suggestTurn(t.store, d20)
      if (!s.ok) throw new Error(s.error.message)
      const c = s.value.command
      if (c.type === 'encounter/nextTurn' || !who(name)) {
        must(t.run('encounter/nextTurn', {}))
        continue
      }
      const r = t.run(c.type as never, c.payload as never)
      if (!r.ok) {
        tally.refused.push(r.error.message)
        must(t.run('encounter/nextTurn', {}))
        continue
      }
      if (c.type === 'token/place') {
        tally.moves++
        const radius = footprintRadius(grid)
        const bases = t.store.ofType('token').map((k) => ({ x: k.x, y: k.y, radius }))
        for (const [i, a] of bases.entries()) for (const b of bases.slice(i + 1)) if (basesOverlap(a, b)) tally.overlaps++
      }
      if (c.type === 'attack/resolve') tally.attacks++
    }
    return tally
  }
  return { t, play }
}

describe('the autopilot walks a shortest path round walls and tokens (SR-CORE-33, SR-CORE-34)', async () => {
  const d20 = (await fightingRulesets()).find((r) => r.id === 'd20-two-action')!

  it('d20: a serpentine maze (four walls, each open at the far end from the last) is walked through to the foe over several turns, every move accepted', () => {
    // A 30 × 15 m walled yard; the inner walls leave a gap at the bottom, the top, the bottom, the top.
    const { play } = yard(
      d20,
      'maze',
      [
        [
          [0, 0],
          [30, 0],
          [30, 15],
          [0, 15],
          [0, 0],
        ],
        [
          [6, 0],
          [6, 12],
        ],
        [
          [12, 3],
          [12, 15],
        ],
        [
          [18, 0],
          [18, 12],
        ],
        [
          [24, 3],
          [24, 15],
        ],
      ],
      [
        ['Ana', 'party', 3, 7.5],
        ['Bo', 'enemy', 27, 7.5],
      ],
    )
    const tally = play(200)
    expect(tally.refused).toEqual([])
    // One wall-to-wall walk each way is more than one move: it took several.
    expect(tally.moves).toBeGreaterThan(4)
    expect(tally.attacks).toBe(1)
  })

  it('d20: a walk to a foe goes round an ally standing in the straight line, and never ends on anyone', () => {
    // Ana at B6, her ally Cy at E6 right in her way, Bo at I6. Only Ana acts.
    const at = (col: number) => (col + 0.5) * 1.5
    const { play } = yard(
      d20,
      'round-cy',
      [],
      [
        ['Ana', 'party', at(1), at(5)],
        ['Cy', 'party', at(4), at(5)],
        ['Bo', 'enemy', at(8), at(5)],
      ],
    )
    const tally = play(40, (name) => name === 'Ana')
    expect(tally.refused).toEqual([])
    expect(tally.overlaps).toBe(0)
    expect(tally.moves).toBeGreaterThan(0)
    expect(tally.attacks).toBe(1)
  })
})
