import { describe, expect, it, vi } from 'vitest'
import type { JsonValue } from '../../../src-shared/json'
import { coverOf, WallIndex } from '../../../src-shared/wall-geometry'
import { suggestTurn } from '../../../src-main/core/autopilot/live-autopilot'
import { COVER_COUNTS } from '../../../src-main/core/autopilot/policy-cover'
import { fightRecords, SimTable } from '../../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../../src-main/core/dice/random-source'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { starterWeapon } from '../../../src-main/rules/d20-two-action/sheet/starter-items'
import { fightingRulesets, forecastOf } from './fights'

/**
 * Issue 35, "simulated combatants move and take cover under the rules": a shooter standing in the
 * open, 12 m from a shooter of the other side, a low wall 2 m off to its side. Its turn starts
 * with a step behind the wall (a walk the core accepts), the map then hides it from the foe
 * (SR-CORE-31), and it shoots from there. A shooter already behind the wall just shoots.
 */

const LOW_WALL = [
  { x: 9, y: 5 },
  { x: 9, y: 11 },
]
const walls = new WallIndex([{ typeName: 'wall', id: 'wall:test', sceneId: 'scene:test', kind: 'low', points: LOW_WALL }])

/** Each ruleset's ready-made NPCs as shooters might be; d20's Duelist is given a carbine. */
function shooterSheets(r: Ruleset): JsonValue[] {
  const sheets = r.quickNpcs!.map((n) => n.rules as JsonValue)
  if (r.id === 'd20-two-action')
    sheets.unshift({
      ...(r.quickNpcs!.find((n) => n.name === 'Duelist')!.rules as object),
      weapons: [starterWeapon('auto-carbine')],
    } as JsonValue)
  return sheets
}

function table(ruleset: Ruleset, sheet: JsonValue, shooterX: number, withWall: boolean, y = 3, start = true) {
  const t = new SimTable([], ruleset, seededSource(`cover-${ruleset.id}`))
  const must = (r: ReturnType<typeof t.run>) => {
    if (!r.ok) throw new Error(r.error.message)
  }
  must(t.run('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } }))
  const scene = t.store.ofType('scene')[0]!.id
  if (withWall) must(t.run('wall/add', { sceneId: scene, kind: 'low', points: LOW_WALL }))
  const hp = ruleset.quickNpcs![0]!.maxHp
  for (const [name, side, x] of [
    ['Shooter', 'party', shooterX],
    ['Foe', 'enemy', shooterX + 12],
  ] as const) {
    must(t.run('combatant/add', { name, side, kind: 'npc', maxHp: hp, hidden: false, rules: sheet } as never))
    must(t.run('token/place', { sceneId: scene, combatantId: t.store.ofType('combatant').find((c) => c.name === name)!.id, x, y }))
  }
  const shooter = t.store.ofType('combatant').find((c) => c.name === 'Shooter')!
  if (start) {
    must(t.run('encounter/start', { name: 'Yard' }))
    must(t.run('encounter/rollInitiative', { groupByTemplate: false }))
  }
  for (let i = 0; start && i < 3 && t.store.ofType('encounter')[0]!.currentCombatantId !== shooter.id; i++)
    must(t.run('encounter/nextTurn', {}))
  return { t, must, shooter: shooter.id, foe: t.store.ofType('combatant').find((c) => c.name === 'Foe')!.id }
}

const suggested = (t: SimTable, ruleset: Ruleset) => {
  const s = suggestTurn(t.store, ruleset)
  if (!s.ok) throw new Error(s.error.message)
  return s.value.command
}

describe('the autopilot takes cover (issue 35, SR-CORE-31)', async () => {
  for (const ruleset of await fightingRulesets()) {
    // A sheet that shoots the foe from 12 m in the open, without any wall.
    const sheet = shooterSheets(ruleset).find((s) => suggested(table(ruleset, s, 7, false).t, ruleset).type === 'attack/resolve')

    it(`${ruleset.name}: a shooter in the open steps behind low cover, then shoots from there`, () => {
      expect(sheet, 'a ready-made NPC that shoots at 12 m').toBeDefined()
      const { t, must, shooter, foe } = table(ruleset, sheet!, 7, true)
      const base = () => {
        const tok = t.store.ofType('token').find((k) => k.combatantId === shooter)!
        return { x: tok.x, y: tok.y, radius: 0.6 }
      }
      const foeAt = () => {
        const tok = t.store.ofType('token').find((k) => k.combatantId === foe)!
        return { x: tok.x, y: tok.y, radius: 0.6 }
      }
      expect(coverOf(walls, foeAt(), base()).hidden).toBe(0)
      const step = suggested(t, ruleset)
      expect(step.type).toBe('token/place')
      must(t.run(step.type as never, step.payload as never))
      // Behind the wall, not across it; hidden from the foe enough to count in every ruleset.
      expect(base().x).toBeLessThan(9)
      expect(Math.hypot(base().x - 7, base().y - 3)).toBeLessThan(4)
      expect(coverOf(walls, foeAt(), base()).hidden).toBeGreaterThanOrEqual(COVER_COUNTS)
      const shot = suggested(t, ruleset)
      expect(shot.type).toBe('attack/resolve')
      must(t.run(shot.type as never, shot.payload as never))
    })

    it(`${ruleset.name}: a shooter already behind the wall stays and shoots`, () => {
      const { t } = table(ruleset, sheet!, 8.2, true, 7)
      expect(suggested(t, ruleset).type).toBe('attack/resolve')
    })

    it(`${ruleset.name}: in a forecast the simulated shooter steps behind the wall too`, () => {
      const records = fightRecords(table(ruleset, sheet!, 7, true, 3, false).t.store)
      const run = vi.spyOn(SimTable.prototype, 'run')
      try {
        forecastOf(ruleset, records, 20, `cover-${ruleset.id}`, [], 6)
        // Accepted walks of the shooter's side that end behind the wall (its foe never comes near it).
        const behind = run.mock.calls.filter(([type, payload], i) => {
          const p = payload as { x: number; y: number }
          return type === 'token/place' && run.mock.results[i]!.value.ok && p.x < 9 && p.y >= 5 && p.y <= 11
        })
        expect(behind.length).toBeGreaterThanOrEqual(10)
      } finally {
        run.mockRestore()
      }
    })
  }
})
