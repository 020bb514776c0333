import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../src-shared/json'
import { fightRecords, SimTable } from '../../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../../src-main/core/dice/random-source'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { starterWeapon } from '../../../src-main/rules/d20-two-action/sheet/starter-items'
import seedrandom from 'seedrandom'
import { fightingRulesets, forecastOf, watched, type Blow } from './fights'

/**
 * Issue 31, "the autopilot and the forecast move": in each ruleset, a mixed fight of melee
 * fighters and shooters on a battle map is played out by the forecast (the policy choosing every
 * act of both sides, on a copy, through the campaign's own deciders), from ten different line-ups
 * of 100 fights each. Every attack the rules resolve is watched from outside the rules: a melee
 * blow must come from within the reach the documents give (read here from the documents, not from
 * the rules code), base to base. The melee fighters must also have walked up and struck, so the
 * check is not passed by nobody ever swinging.
 */

const LINE_UPS = 10
const FIGHTS_PER_LINE_UP = 100
/** Base-to-base measures are rounded to 1 cm by the rules' messages; a blow at exactly the reach is in. */
const EPSILON = 0.011

interface MapFight {
  /** The melee weapons' names, as the attack panel lists them, and their reach in metres (the documents'). */
  readonly melee: Readonly<Record<string, number>>
  /** Sheets: a melee fighter and a shooter, the ruleset's own input. */
  readonly brawler: (r: Ruleset) => JsonValue
  readonly shooter: (r: Ruleset) => JsonValue
}

const npcRules = (r: Ruleset, name: string) => {
  const npc = r.quickNpcs!.find((n) => n.name === name)
  if (!npc) throw new Error(`${r.id} has no ready-made ${name}`)
  return npc.rules as Record<string, unknown>
}

const FIGHTS: Readonly<Record<string, MapFight>> = {
  // 000 Melee Combat: "melee range (1m)"; the item list gives Unarmed Strike "Range: Adjacent (1m)".
  'compound-x': {
    melee: { 'Unarmed Strike': 1 },
    brawler: (r) => ({ ...npcRules(r, 'Raider'), weapons: [] }) as JsonValue,
    shooter: (r) => npcRules(r, 'Raider') as JsonValue,
  },
  // SR-D10-42: a melee strike reaches 1 m base to base.
  'd10-difficulty': {
    melee: { 'Combat knife': 1 },
    brawler: (r) => {
      const s = npcRules(r, 'Militia rifleman')
      return { ...s, weapons: (s.weapons as { kind: string }[]).filter((w) => w.kind === 'melee') } as JsonValue
    },
    shooter: (r) => {
      const s = npcRules(r, 'Militia rifleman')
      return { ...s, weapons: (s.weapons as { kind: string }[]).filter((w) => w.kind !== 'melee') } as JsonValue
    },
  },
  // SR-D20-34: one 5-foot square, 1.5 m base to base.
  'd20-two-action': {
    melee: { 'Two-handed hammer': 1.5, Cudgel: 1.5, 'Bare hands': 1.5, 'Thin blade': 1.5, Knife: 1.5 },
    brawler: (r) => npcRules(r, 'Brute') as JsonValue,
    shooter: (r) => ({ ...npcRules(r, 'Duelist'), weapons: [starterWeapon('auto-carbine')] }) as JsonValue,
  },
  // SR-2D6-20: 1.5 m base to base.
  '2d6-significant': {
    melee: { 'Boarding blade': 1.5, 'Shock baton': 1.5, Unarmed: 1.5 },
    brawler: (r) => {
      const s = npcRules(r, 'Pirate boarder')
      return { ...s, weapons: [(s.weapons as unknown[])[0]] } as JsonValue
    },
    shooter: (r) => {
      const s = npcRules(r, 'Security guard')
      return { ...s, weapons: [(s.weapons as unknown[])[0]] } as JsonValue
    },
  },
}

/** Two brawlers and a shooter a side, on a 40 × 24 m yard with 1.5 m squares, placed at random from `seed`. */
function lineUp(ruleset: Ruleset, fight: MapFight, seed: string): unknown[] {
  const random = seedrandom(seed)
  const t = new SimTable([], ruleset, seededSource(seed))
  const must = (r: ReturnType<typeof t.run>) => {
    if (!r.ok) throw new Error(r.error.message)
    return r
  }
  must(t.run('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } }))
  const scene = t.store.ofType('scene')[0]!.id
  const sides = [
    ['Hero', 'party', 2, 10],
    ['Foe', 'enemy', 24, 38],
  ] as const
  for (const [name, side, xMin, xMax] of sides) {
    const sheets = [fight.brawler(ruleset), fight.brawler(ruleset), fight.shooter(ruleset)]
    sheets.forEach((rules, i) => {
      must(
        t.run('combatant/add', {
          name: `${name} ${i + 1}`,
          side,
          kind: side === 'party' ? 'pc' : 'npc',
          maxHp: 20,
          hidden: false,
          rules,
        } as never),
      )
      const id = t.store.ofType('combatant').find((c) => c.name === `${name} ${i + 1}`)!.id
      const x = xMin + random() * (xMax - xMin)
      const y = 2 + random() * 20
      must(t.run('token/place', { sceneId: scene, combatantId: id, x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 }))
    })
  }
  return fightRecords(t.store)
}

describe('simulated fights on a map never strike out of reach (issue 31)', async () => {
  const rulesets = await fightingRulesets()
  it('covers every ruleset that resolves attacks', () => {
    expect(rulesets.map((r) => r.id).sort()).toEqual(Object.keys(FIGHTS).sort())
  })
  for (const ruleset of rulesets) {
    it(`${ruleset.name}: ${LINE_UPS * FIGHTS_PER_LINE_UP} fights of brawlers and shooters, every blow from within reach`, () => {
      const fight = FIGHTS[ruleset.id]!
      const blows: Blow[] = []
      const rules = watched(ruleset, blows)
      let decided = 0
      for (let i = 0; i < LINE_UPS; i++) {
        const [asThings] = forecastOf(rules, lineUp(ruleset, fight, `${ruleset.id}-${i}`), FIGHTS_PER_LINE_UP, `map-${i}`, [], 20)
        decided += asThings!.partyWins.count + asThings!.enemyWins.count
      }
      const melee = blows.filter((b) => fight.melee[b.weapon] !== undefined)
      const tooFar = melee.filter((b) => b.gap === null || b.gap > fight.melee[b.weapon]! + EPSILON)
      expect(tooFar.slice(0, 5)).toEqual([])
      // A mixed fight: the brawlers walked up and struck, and the shooters shot.
      expect(melee.length).toBeGreaterThan(LINE_UPS * FIGHTS_PER_LINE_UP)
      expect(blows.length - melee.length).toBeGreaterThan(LINE_UPS * FIGHTS_PER_LINE_UP)
      // Fighters who close in decide most fights within 20 rounds.
      expect(decided).toBeGreaterThan(LINE_UPS * FIGHTS_PER_LINE_UP * 0.5)
    }, 120_000)
  }
})
