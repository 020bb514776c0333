import { describe, expect, it } from 'vitest'
import type { CxCombatant } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant, cx, live, trooper, SHIELD_RIGS } from './cx-harness'

const rulesOf = (h: CampaignHarness, name: string) => combatant(h, name).rules as unknown as CxCombatant
const encounter = (h: CampaignHarness) => h.campaign.store.ofType('encounter')[0]!

/** Vex and Raider with initiative typed so Vex acts first (Raider rolls first: name order). */
async function duel(raider = trooper(), vex = trooper()) {
  const h = await CampaignHarness.create('edges', tempDir(), undefined, cx)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: vex })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: raider })
  h.must('encounter/start', { name: 'Duel' })
  h.must('encounter/rollInitiative', {}, [10, 90])
  expect(encounter(h).currentCombatantId).toBe(h.combatantId('Vex'))
  return h
}

const shoot = (h: CampaignHarness, dice: number[]) =>
  h.must(
    'attack/resolve',
    {
      request: {
        attackerId: h.combatantId('Vex'),
        targetId: h.combatantId('Raider'),
        weapon: 0,
        mode: 'semi',
        options: { distance: 12, cover: 'partial' },
      },
    },
    dice,
  )

describe('turn-start effects through the pipeline', () => {
  it('CX12: armour points drained by a hit refill at the start of the wearer’s turn', async () => {
    const h = await duel()
    shoot(h, [9, 10])
    expect(live(h, 'Raider').armourPoints).toBe(0)
    h.must('encounter/nextTurn', {})
    expect(live(h, 'Raider').armourPoints).toBe(40)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/Raider: armour points refill 0 → 40 \(CX12\)/)
  })

  it('CX14: a broken shield restarts at its recharge rate after its restart time; a dented one recharges', async () => {
    const shielded = trooper({ shieldId: 'a-class-electron-shield', armour: SHIELD_RIGS })
    const h = await duel({ ...shielded, live: { ...blankLive(), shieldStrength: 0, shieldDownTurns: 1 } } as never)
    h.must('encounter/nextTurn', {})
    expect(live(h, 'Raider')).toMatchObject({ shieldStrength: 50, shieldDownTurns: null })
    h.must('encounter/nextTurn', {}) // Vex
    h.must('encounter/nextTurn', {}) // Raider again: 50 → 100
    expect(live(h, 'Raider').shieldStrength).toBe(100)
  })

  it('CX22: nanites regenerate 3 per own turn up to class attribute × 10', async () => {
    const h = await duel(trooper(), { ...trooper(), live: { ...blankLive(), nanites: 10, armourPoints: 40 } } as never)
    // Vex started the fight: its first turn already ran at initiative.
    expect(live(h, 'Vex').nanites).toBe(13)
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    expect(live(h, 'Vex').nanites).toBe(16)
  })
})

describe('dying through the pipeline', () => {
  it('CX27: a combatant dropped below 1 is at 0 and downed; each of its turns starts with a DST (d100 > 50)', async () => {
    const h = await duel()
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 30 })
    // 80 damage; d100 70 misses the chest rig's 40% coverage and is ≥ 50: half, 40 > 30 (CX11).
    shoot(h, [9, 70])
    expect(combatant(h, 'Raider').hp).toBe(0)
    expect(rulesOf(h, 'Raider').live.dying.condition).toEqual({ kind: 'downed', failures: 0, successes: 0 })
    h.must('encounter/nextTurn', {}, [50])
    expect(rulesOf(h, 'Raider').live.dying.condition).toEqual({ kind: 'downed', failures: 1, successes: 0 })
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/DST d100 50 vs DC 50: fail \(CX27\)/)
  })

  it('CX27/CX28: death comes when failures reach the capacity', async () => {
    const h = await duel()
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 30 })
    shoot(h, [9, 70])
    for (let i = 0; i < 3; i++) {
      h.must('encounter/nextTurn', {}, [12]) // Raider: DST fails
      h.must('encounter/nextTurn', {}) // Vex
    }
    expect(rulesOf(h, 'Raider').live.dying.condition).toEqual({ kind: 'dead' })
  })

  it('CX28: an encounter without a failed DST restores one capacity at its end', async () => {
    const worn = {
      ...trooper(),
      live: {
        ...blankLive(),
        armourPoints: 40,
        dying: { condition: { kind: 'up' }, capacity: 2, failedThisEncounter: false, revivalsThisEncounter: 0 },
      },
    }
    const h = await duel(trooper(), worn as never)
    h.must('encounter/end', {})
    expect(rulesOf(h, 'Vex').live.dying.capacity).toBe(3)
  })

  it('CX30: a Luck-1 combatant rolls on the Black Cat table when the fight starts', async () => {
    const h = await CampaignHarness.create('cat', tempDir(), undefined, cx)
    h.must('combatant/add', {
      name: 'Jinx',
      side: 'party',
      kind: 'pc',
      maxHp: 1,
      rules: trooper({ stats: { str: 6, per: 8, fort: 6, cha: 5, int: 5, dex: 6, luck: 1 } }),
    })
    h.must('encounter/start', { name: 'Bad omen' })
    // Initiative d100 40, then the Black Cat d10 5: a stumble, 15 damage.
    h.must('encounter/rollInitiative', {}, [40, 5])
    expect(combatant(h, 'Jinx').hp).toBe(110 - 15)
    expect(h.campaign.store.ofType('log').some((l) => /Black Cat d10 5: .*\(CX30\)/.test(l.text))).toBe(true)
  })
})

function blankLive() {
  return {
    armourPoints: 40,
    shieldStrength: 0,
    shieldDownTurns: null,
    nanites: 60,
    plasmaBurn: 0,
    stance: 'standing',
    cover: 'none',
    suppressed: false,
    sprinted: false,
  }
}

describe('plasma burn (CX13, 01_05 Plasma Burn)', () => {
  it('ticks d10 + 1 per stack at the start of each of the next 2 turns, then ends', async () => {
    const burning = { ...trooper(), live: { ...blankLive(), plasmaBurn: 2, plasmaBurnTurns: 2 } }
    const h = await duel(burning as never)
    h.must('encounter/nextTurn', {}, [3, 6]) // Raider: 2d10 + 2 = 11
    expect(combatant(h, 'Raider').hp).toBe(110 - 11) // FORT 6: 110 max (CX23)
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {}, [1, 1]) // second and last tick: 4
    expect(combatant(h, 'Raider').hp).toBe(110 - 15)
    expect(live(h, 'Raider')).toMatchObject({ plasmaBurn: 0, plasmaBurnTurns: 0 })
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    expect(combatant(h, 'Raider').hp).toBe(95)
  })
})
