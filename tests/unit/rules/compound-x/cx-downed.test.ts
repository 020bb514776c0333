import { describe, expect, it } from 'vitest'
import { afterDamage } from '../../../../src-main/rules/compound-x/cx-edges'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant, cx, live, trooper } from './cx-harness'
import { sheet } from './cx-rules'

const encounter = (h: CampaignHarness) => h.campaign.store.ofType('encounter')[0]!
const conditionIds = (h: CampaignHarness, name: string) => combatant(h, name).conditions.map((x) => x.conditionId)

/** Vex acts first (Raider rolls first: name order), as in cx-edges.test.ts. */
async function duel(raider = trooper()) {
  const h = await CampaignHarness.create('downed', tempDir(), undefined, cx)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: raider })
  h.must('encounter/start', { name: 'Duel' })
  h.must('encounter/rollInitiative', {}, [10, 90])
  expect(encounter(h).currentCombatantId).toBe(h.combatantId('Vex'))
  return h
}

const afflict = (h: CampaignHarness, name: string, condition: string, stacks = 1) =>
  h.must('condition/add', { combatantId: h.combatantId(name), condition, duration: { kind: 'indefinite' }, stacks })

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

describe('CX27 / 000 Downed and Stabilize: the downed fall prone, bleeds and burns fall off', () => {
  it('CX27: afterDamage that downs sets the stance prone and clears the plasma burn (SR-CX-10)', () => {
    const c = sheet({}, { stance: 'crouching', plasmaBurn: 2, plasmaBurnTurns: 2 })
    const r = afterDamage(c, 10, 0, false)
    expect(r.combatant.live.dying.condition.kind).toBe('downed')
    expect(r.combatant.live).toMatchObject({ stance: 'prone', plasmaBurn: 0, plasmaBurnTurns: 0 })
    expect(r.persistentDamageFallsOff).toBe(true)
  })

  it('CX27: damage that does not down changes neither stance nor burn', () => {
    const c = sheet({}, { stance: 'crouching', plasmaBurn: 2, plasmaBurnTurns: 2 })
    const r = afterDamage(c, 30, 5, false)
    expect(r.combatant.live).toMatchObject({ stance: 'crouching', plasmaBurn: 2, plasmaBurnTurns: 2 })
    expect(r.persistentDamageFallsOff).toBe(false)
  })

  it('CX27: damage on one already downed is no new downing: nothing falls off again', () => {
    const c = afterDamage(sheet(), 10, 0, false).combatant
    const again = afterDamage({ ...c, live: { ...c.live, plasmaBurn: 1, plasmaBurnTurns: 2 } }, 0, -5, false)
    expect(again.persistentDamageFallsOff).toBe(false)
    expect(again.combatant.live.plasmaBurn).toBe(1)
  })

  it('CX27 attack path: a shot that downs takes off bleeding and burning, keeps poison, and leaves the target prone', async () => {
    const h = await duel()
    afflict(h, 'Raider', 'bleeding', 2)
    afflict(h, 'Raider', 'burning')
    afflict(h, 'Raider', 'poisoned')
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 30 })
    // As cx-edges.test.ts: 80 damage, half through the rig (CX11), 40 > 30 downs.
    shoot(h, [9, 70])
    expect(combatant(h, 'Raider').hp).toBe(0)
    expect(live(h, 'Raider').stance).toBe('prone')
    expect(conditionIds(h, 'Raider')).toEqual(['poisoned'])
  })

  it('CX27 attack path: a shot that does not down leaves the bleeds on', async () => {
    const h = await duel()
    afflict(h, 'Raider', 'bleeding')
    shoot(h, [9, 70])
    expect(combatant(h, 'Raider').hp).toBeGreaterThan(0)
    expect(conditionIds(h, 'Raider')).toEqual(['bleeding'])
    expect(live(h, 'Raider').stance).not.toBe('prone')
  })

  it('CX27 edge path: a bleed that downs at turn start ends, and the burn after it neither ticks nor stays', async () => {
    const h = await duel()
    afflict(h, 'Raider', 'bleeding')
    afflict(h, 'Raider', 'burning')
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 2 })
    // Raider's turn: bleeding d10 6 → 4 damage, down; the burning 2d10 is never rolled.
    h.must('encounter/nextTurn', {}, [6])
    expect(combatant(h, 'Raider').hp).toBe(0)
    expect(live(h, 'Raider').stance).toBe('prone')
    expect(conditionIds(h, 'Raider')).toEqual([])
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/bleeds and burns fall off \(000 Stabilize, SR-CX-10\)/)
    expect(h.campaign.store.ofType('log').at(-1)!.text).not.toMatch(/burning: \d+ damage/)
  })

  it('CX27 edge path: a plasma burn that downs is cleared at once', async () => {
    const burning = { ...trooper(), live: { ...sheet().live, plasmaBurn: 1, plasmaBurnTurns: 2 } }
    const h = await duel(burning)
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 3 })
    h.must('encounter/nextTurn', {}, [5]) // d10 5 + 1 = 6 ≥ 3
    expect(live(h, 'Raider')).toMatchObject({ plasmaBurn: 0, plasmaBurnTurns: 0, stance: 'prone' })
  })
})
