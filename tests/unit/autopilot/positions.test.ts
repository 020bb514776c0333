import { describe, expect, it } from 'vitest'
import { gapBetween } from '../../../src-shared/geometry'
import { ok } from '../../../src-shared/result'
import { suggestTurn } from '../../../src-main/core/autopilot/live-autopilot'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import { withinReachOf } from '../../../src-main/rules/kit/positions'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'
import { autopilotCommand, forecastOf } from './fights'
import { fightRecords } from '../../../src-main/core/autopilot/sim-table'

/**
 * Issue 31, the autopilot and the forecast move: a made-up ruleset of brawlers whose only attack
 * is a punch within 1 m (the kit's reach rule), two actions a turn, a walk of 6 m an action. Out
 * of reach, the policy walks (paying as a drag does) before it punches; a simulated fight plays
 * positions the same way; nobody is ever punched from out of reach.
 */

const REACH = 1
/** Every punch the rules resolved, with how far apart the two stood (base to base); null off the map. */
const punches: (number | null)[] = []

const brawl: Ruleset = {
  ...genericRuleset,
  id: 'test-brawl',
  name: 'Brawl',
  economy: () => [{ key: 'actions', label: 'Actions', count: 2, per: 'turn' }],
  movementCost: (_c, metres) => {
    const actions = Math.max(1, Math.ceil(metres / 6 - 1e-9))
    return { spend: [{ pool: 'actions', amount: actions }], label: `${actions} action${actions === 1 ? '' : 's'}` }
  },
  attacks: {
    preview: (_request, a, t) => {
      const reach = withinReachOf(a, t, REACH, 'A punch')
      if (!reach.ok) return reach
      return ok({
        weapons: [{ index: 0, name: 'Fist', modes: ['punch'] }],
        options: [],
        outcomes: [
          { label: 'miss', probability: 0.5 },
          { label: 'hit', probability: 0.5 },
        ],
        risks: [],
        expectedDamage: 5,
        downChance: t.hp <= 10 ? 0.5 : 0,
        damage: [
          { amount: 0, probability: 0.5 },
          { amount: 10, probability: 0.5 },
        ],
        explanation: [],
        blocked: null,
        diceHint: 'd2',
        cost: '1 action',
      })
    },
    resolve: (_request, a, t, dice) => {
      const reach = withinReachOf(a, t, REACH, 'A punch')
      if (!reach.ok) return reach
      punches.push(a.position && t.position ? gapBetween(a.position, t.position) : null)
      const roll = dice.roll({ count: 1, sides: 2, modifier: 0 }, 'punch')
      const hp = roll.total === 2 ? t.hp - 10 : t.hp
      return ok({
        attackerRules: null,
        targetRules: null,
        targetHp: hp,
        summary: `${a.name} punches ${t.name}`,
        detail: [],
        rolls: [roll],
        cost: [{ pool: 'actions', amount: 1 }],
      })
    },
  },
}

/** Two brawlers a side on a 40 m yard, 30 m apart; `onMap` false: nobody has a token. */
async function yard(onMap = true) {
  const h = await CampaignHarness.create('positions', tempDir(), undefined, brawl)
  const sides = [
    ['Hero', 'party', 'pc', 5],
    ['Foe', 'enemy', 'npc', 35],
  ] as const
  h.must('scene/create', { name: 'Yard' })
  const scene = h.campaign.store.ofType('scene')[0]!.id
  for (const [name, side, kind, x] of sides)
    for (let i = 1; i <= 2; i++) {
      h.must('combatant/add', { name: `${name} ${i}`, side, kind, maxHp: 30 })
      if (onMap) h.must('token/place', { sceneId: scene, combatantId: h.combatantId(`${name} ${i}`), x, y: 5 + i * 3 })
    }
  h.must('encounter/start', { name: 'Brawl' })
  h.must('encounter/rollInitiative', {})
  return h
}

describe('the autopilot and the forecast move (issue 31)', () => {
  it('out of reach, the suggestion is a walk towards the nearest opponent, paid as a drag is, then a punch', async () => {
    const h = await yard()
    const store = h.campaign.store
    punches.length = 0
    let walks = 0
    for (let step = 0; step < 60 && punches.length < 3; step++) {
      const s = suggestTurn(store, brawl)
      if (!s.ok) throw new Error(s.error.message)
      if (s.value.command.type === 'token/place') {
        walks++
        expect(s.value.label).toMatch(/^Move \d+(\.\d)? m towards (Hero|Foe) \d$/)
        expect(s.value.reasons[0]).toMatch(/No attack reaches anyone from where it stands/)
      }
      const done = autopilotCommand(h, s.value.command)
      if (!done.ok) throw new Error(`refused ${s.value.label}: ${done.error.message}`)
    }
    expect(walks).toBeGreaterThan(0)
    expect(punches.length).toBeGreaterThan(0)
    // Every punch from within reach (the walk ends touching).
    for (const gap of punches) expect(gap).toBeLessThanOrEqual(REACH + 1e-6)
    // The walks were paid for: the log says what each cost.
    const logs = store.ofType('log').map((l) => l.text)
    expect(logs.some((t) => /moves \d+(\.\d)? m \(\d actions?\)/.test(t))).toBe(true)
  })

  it('off the map it does not walk: the punch is the GM’s call, and it punches', async () => {
    const h = await yard(false)
    const s = suggestTurn(h.campaign.store, brawl)
    expect(s.ok && s.value.command.type).toBe('attack/resolve')
  })

  it('a forecast on the map plays the walks too: fights end with a winner, and no punch is ever thrown out of reach', async () => {
    const h = await yard()
    punches.length = 0
    const [asThings] = forecastOf(brawl, fightRecords(h.campaign.store), 200, 'walks', [], 40)
    expect(punches.length).toBeGreaterThan(200)
    expect(punches.filter((g) => g === null || g > REACH + 1e-6)).toEqual([])
    // Brawlers who close in decide their fights: hardly any is left going at the round cap.
    expect(asThings!.partyWins.count + asThings!.enemyWins.count).toBeGreaterThan(150)
  })
})
