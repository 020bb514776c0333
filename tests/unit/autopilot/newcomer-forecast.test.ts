import { describe, expect, it } from 'vitest'
import { fightRecords } from '../../../src-main/core/autopilot/sim-table'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'
import { cx, trooper } from '../rules/compound-x/cx-harness'
import { forecastOf, watched, type Blow } from './fights'

/**
 * Issue 31: the newcomer's evening forecast "Party wins 0% (±2)" in round 2 with two PCs unhurt,
 * because a hidden Gunner 41 m away punched PCs down. With positions deciding reach and range, the
 * same line-up — three PCs with pack sheets, a squad of three Raiders at about 20 m and a hidden
 * Gunner about 41 m off, on a 1 m grid — is a real fight: the party has a
 * plausible chance, and nobody is struck with fists from across the yard.
 */

const layout = [
  ['Vex', 'party', 5, 10],
  ['Ash', 'party', 6, 13],
  ['Kiro', 'party', 4, 16],
  ['Raider 1', 'enemy', 24, 9],
  ['Raider 2', 'enemy', 25, 13],
  ['Raider 3', 'enemy', 23, 17],
  ['Gunner', 'enemy', 45, 12],
] as const

async function newcomersFight() {
  const h = await CampaignHarness.create('newcomer', tempDir(), undefined, cx)
  const npc = (name: string) => cx.quickNpcs!.find((n) => n.name === name)!
  const sheets: Record<string, { rules: unknown; hidden: boolean }> = {
    Vex: { rules: trooper(), hidden: false },
    Ash: {
      rules: trooper({ weapons: [{ kind: 'ranged', itemId: 'nfa-combat-7-shotgun', attachmentIds: [], ammo: 7, spareMagazines: 3 }] }),
      hidden: false,
    },
    Kiro: {
      rules: trooper({ weapons: [{ kind: 'ranged', itemId: 'ecsc-mk8-mp', attachmentIds: [], ammo: 30, spareMagazines: 3 }] }),
      hidden: false,
    },
    'Raider 1': { rules: npc('Raider').rules, hidden: false },
    'Raider 2': { rules: npc('Raider').rules, hidden: false },
    'Raider 3': { rules: npc('Raider').rules, hidden: false },
    Gunner: { rules: npc('Gunner').rules, hidden: true },
  }
  h.must('scene/create', { name: 'Yard' })
  const scene = h.campaign.store.ofType('scene')[0]!.id
  for (const [name, side, x, y] of layout) {
    const s = sheets[name]!
    h.must('combatant/add', { name, side, kind: side === 'party' ? 'pc' : 'npc', maxHp: 1, hidden: s.hidden, rules: s.rules as never })
    h.must('token/place', { sceneId: scene, combatantId: h.combatantId(name), x, y })
  }
  h.must('encounter/start', { name: 'Newcomer' })
  h.must('encounter/rollInitiative', {})
  return h
}

describe("the newcomer's fight, forecast with real distances (issue 31)", () => {
  it('gives the party a plausible chance: neither side wins (nearly) every fight', async () => {
    const h = await newcomersFight()
    const blows: Blow[] = []
    const [asThings] = forecastOf(watched(cx, blows), fightRecords(h.campaign.store), 300, 'newcomer', [], 30)
    const { partyWins, enemyWins } = asThings!
    const played = 300
    // 000 Melee Combat: fists reach 1 m; the hidden Gunner 41 m away does not punch anyone.
    expect(blows.filter((b) => b.weapon === 'Unarmed Strike' && (b.gap === null || b.gap > 1.011)).length).toBe(0)
    expect(partyWins.count / played).toBeGreaterThan(0.1)
    expect(enemyWins.count / played).toBeGreaterThan(0.1)
  }, 120_000)
})
