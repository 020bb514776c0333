import { describe, expect, it, vi } from 'vitest'
import type { JsonValue } from '../../../src-shared/json'
import { lineOfFire, WallIndex } from '../../../src-shared/wall-geometry'
import { suggestTurn } from '../../../src-main/core/autopilot/live-autopilot'
import { fightRecords, SimTable } from '../../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../../src-main/core/dice/random-source'
import type { RulesCombatant, Ruleset } from '../../../src-main/rules/ruleset'
import { starterWeapon } from '../../../src-main/rules/d20-two-action/sheet/starter-items'
import { fightingRulesets, forecastOf } from './fights'

/**
 * Issue 34, "autopilot and forecast obey it": on a yard split by a wall (north half), two shooters a
 * side. The two northern ones cannot see each other, nor the other side's southern one; the southern
 * pair can. The autopilot never suggests a shot through the wall, and a forecast plays to its end
 * with no act refused for want of a line of fire (SR-CORE-30), every shot the rules resolved having one.
 */

const WALL = [
  { x: 12, y: 0 },
  { x: 12, y: 14 },
]
const SPOTS = {
  'Hero 1': { side: 'party', x: 6, y: 4 },
  'Hero 2': { side: 'party', x: 6, y: 20 },
  'Foe 1': { side: 'enemy', x: 18, y: 4 },
  'Foe 2': { side: 'enemy', x: 18, y: 20 },
} as const

/** A shooter of each ruleset: Compound X's Raider carries a C25; the d20 Duelist is given a carbine. */
const SHOOTERS: Readonly<Record<string, (r: Ruleset) => JsonValue>> = {
  'compound-x': (r) => r.quickNpcs!.find((n) => n.name === 'Raider')!.rules as JsonValue,
  'd20-two-action': (r) =>
    ({ ...(r.quickNpcs!.find((n) => n.name === 'Duelist')!.rules as object), weapons: [starterWeapon('auto-carbine')] }) as JsonValue,
}

function yard(ruleset: Ruleset, seed: string) {
  const t = new SimTable([], ruleset, seededSource(seed))
  const must = (r: ReturnType<typeof t.run>) => {
    if (!r.ok) throw new Error(r.error.message)
  }
  must(t.run('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } }))
  const scene = t.store.ofType('scene')[0]!.id
  must(t.run('wall/add', { sceneId: scene, kind: 'wall', points: WALL }))
  const npc = ruleset.quickNpcs![0]!
  for (const [name, spot] of Object.entries(SPOTS)) {
    must(
      t.run('combatant/add', {
        name,
        side: spot.side,
        kind: spot.side === 'party' ? 'pc' : 'npc',
        maxHp: npc.maxHp,
        hidden: false,
        rules: SHOOTERS[ruleset.id]!(ruleset),
      } as never),
    )
    const id = t.store.ofType('combatant').find((c) => c.name === name)!.id
    must(t.run('token/place', { sceneId: scene, combatantId: id, x: spot.x, y: spot.y }))
  }
  return t
}

/** The wall as the test knows it, for judging from outside the rules whether a shot had a line. */
const walls = new WallIndex([{ typeName: 'wall', id: 'wall:test', sceneId: 'scene:test', kind: 'wall', points: WALL }])

describe('the autopilot and the forecast on a map with walls (issue 34, SR-CORE-30)', async () => {
  const rulesets = (await fightingRulesets()).filter((r) => r.id === 'compound-x' || r.id === 'd20-two-action')

  for (const ruleset of rulesets) {
    it(`${ruleset.name}: the autopilot never suggests a shot through the wall`, () => {
      const t = yard(ruleset, `${ruleset.id}-suggest`)
      expect(t.run('encounter/start', { name: 'Yard' }).ok).toBe(true)
      expect(t.run('encounter/rollInitiative', { groupByTemplate: false }).ok).toBe(true)
      const blocked = new Set(['Hero 1>Foe 1', 'Hero 1>Foe 2', 'Hero 2>Foe 1', 'Foe 1>Hero 1', 'Foe 1>Hero 2', 'Foe 2>Hero 1'])
      const name = (id: string) => (t.store.get(id) as { name: string }).name
      for (let turn = 0; turn < 4; turn++) {
        const s = suggestTurn(t.store, ruleset)
        expect(s.ok).toBe(true)
        if (!s.ok) return
        const all = [s.value.command, ...s.value.alternatives.map((a) => a.command)]
        for (const c of all) {
          if (c.type !== 'attack/resolve') continue
          const r = (c.payload as { request: { attackerId: string; targetId: string } }).request
          expect(blocked.has(`${name(r.attackerId)}>${name(r.targetId)}`)).toBe(false)
        }
        expect(t.run('encounter/nextTurn', {}).ok).toBe(true)
      }
    })

    it(`${ruleset.name}: a forecast plays to its end with no act refused for want of a line of fire`, () => {
      const refused: string[] = []
      const shots: { from: RulesCombatant; to: RulesCombatant }[] = []
      const run = vi.spyOn(SimTable.prototype, 'run')
      const attacks = ruleset.attacks!
      const watched: Ruleset = {
        ...ruleset,
        attacks: {
          ...attacks,
          resolve(request, a, t, dice, everyone) {
            const done = attacks.resolve(request, a, t, dice, everyone)
            if (done.ok) shots.push({ from: a, to: t })
            return done
          },
        },
      }
      try {
        const records = fightRecords(yard(ruleset, `${ruleset.id}-forecast`).store)
        const [variant] = forecastOf(watched, records, 40, `walls-${ruleset.id}`, [], 12)
        for (const r of run.mock.results)
          if (r.type === 'return' && !r.value.ok && r.value.error.code === 'position/noLineOfFire') refused.push(r.value.error.message)
        expect(variant!.partyWins.count + variant!.enemyWins.count + variant!.undecided.count).toBe(40)
      } finally {
        run.mockRestore()
      }
      expect(refused).toEqual([])
      // The southern pair did shoot, and no shot the rules resolved crossed the wall.
      expect(shots.length).toBeGreaterThan(40)
      expect(shots.filter((s) => !lineOfFire(walls, s.from.position!, s.to.position!))).toEqual([])
    }, 120_000)
  }
})
