import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import { performD10Action } from '../../../../src-main/rules/d10-difficulty/d10-actions'
import { d10SheetForm, d10SheetFromForm } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet-form'
import { d10Card } from '../../../../src-main/rules/d10-difficulty/sheet/d10-card'
import { stoppageOf } from '../../../../src-main/rules/d10-difficulty/ranged/malfunction'
import { combatant, d10, sheet, sheetInput, typed } from './d10-fixtures'

/** Ash (DEX +1, PER +1, Firearms 3: d10 + 5) with the test carbine (burst 3, recoil 2) against Bo, 5 m off. */
async function range() {
  const h = await CampaignHarness.create('d10-malfunction', tempDir(), undefined, d10)
  h.must('combatant/add', {
    name: 'Ash',
    side: 'party',
    kind: 'pc',
    maxHp: 20,
    rules: sheetInput({ attributes: { str: 0, dex: 1, con: 0, per: 1 } }),
  })
  h.must('combatant/add', {
    name: 'Bo',
    side: 'enemy',
    kind: 'npc',
    maxHp: 20,
    rules: sheetInput({ attributes: { str: 0, dex: 0, con: 0, per: 1 } }),
  })
  h.must('encounter/start', { name: 'Range' })
  h.must('encounter/rollInitiative', {}, [9, 1])
  const c = (name: string) => h.campaign.store.ofType('combatant').find((x) => x.name === name)!
  const sheetOf = (name: string) => c(name).rules as unknown as D10Sheet
  const burst = { attackerId: c('Ash').id, targetId: c('Bo').id, weapon: 0, mode: 'burst', options: { distance: 5 } }
  const clear = { actorId: c('Ash').id, action: 'clear-weapon', targetId: null, options: { weapon: '0' } }
  /** Bo's turn, then round 2 back to Ash (initiative typed again). */
  const toAshAgain = () => {
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {}, [9, 1])
    expect(h.campaign.store.ofType('encounter')[0]!.currentCombatantId).toBe(c('Ash').id)
  }
  return { h, c, sheetOf, burst, clear, toAshAgain }
}

const snapshot = (h: CampaignHarness) => JSON.stringify(h.campaign.store.toObject())

describe('002 Malfunctions through the engine', () => {
  it('002 Malfunctions, SR-D10-30/31: a natural 1 then an 8 is a stovepipe: the burst stops after its first round, the rest stay loaded', async () => {
    const { h, c, sheetOf, burst } = await range()
    // Difficulty 5 (close medium +1, standing −1); check 1 + 5 = 6 hits round 1; malfunction d10 8 → stovepipe;
    // round 1: zone 3 + 4 = torso, damage 3 + 2 = 5 ×2 = 10. Without the stoppage rounds 2 and 3 (7, 9) would have been fired.
    h.must('attack/resolve', { request: burst }, [1, 8, 3, 4, 3])
    expect(c('Bo').hp).toBe(10)
    const gun = sheetOf('Ash').weapons[0]!
    expect(gun).toMatchObject({ ammo: 29, stoppage: 'stovepipe', clearing: false })
    expect(h.logText()).toMatch(/stovepipe/)
  })

  it('002 Malfunctions, SR-D10-32: a stopped gun is refused (naming the stoppage and its clearing) with nothing changed, until one action clears it; undo brings the stoppage back', async () => {
    const { h, c, sheetOf, burst, clear, toAshAgain } = await range()
    h.must('attack/resolve', { request: burst }, [1, 5, 3, 4, 3])
    expect(sheetOf('Ash').weapons[0]!.stoppage).toBe('failure-to-feed')
    toAshAgain()
    const before = snapshot(h)
    const refused = h.run('attack/resolve', { request: burst }, [9])
    expect(refused.ok).toBe(false)
    expect(refused.ok ? '' : refused.error.message).toMatch(/failure to feed: clear it first: 1 action/)
    expect(snapshot(h)).toBe(before)
    const preview = d10.attacks!.preview(burst, { ...c('Ash'), rules: c('Ash').rules }, c('Bo'))
    expect(preview.ok && preview.value.blocked).toMatch(/failure to feed/)

    h.must('action/perform', { request: clear })
    expect(sheetOf('Ash').weapons[0]!.stoppage).toBeNull()
    expect(c('Ash').spent).toMatchObject({ action: 1 })
    h.must('history/undo', {})
    expect(sheetOf('Ash').weapons[0]!.stoppage).toBe('failure-to-feed')
    expect(c('Ash').spent?.['action'] ?? 0).toBe(0)
  })

  it('SR-D10-32: a squib (natural 1, then 10) fires nothing at the target and takes two clear actions, one a round', async () => {
    const { h, c, sheetOf, burst, clear, toAshAgain } = await range()
    h.must('attack/resolve', { request: burst }, [1, 10])
    expect(c('Bo').hp).toBe(20)
    expect(sheetOf('Ash').weapons[0]).toMatchObject({ ammo: 29, stoppage: 'squib' })
    toAshAgain()
    h.must('action/perform', { request: clear })
    expect(sheetOf('Ash').weapons[0]).toMatchObject({ stoppage: 'squib', clearing: true })
    toAshAgain()
    h.must('action/perform', { request: clear })
    expect(sheetOf('Ash').weapons[0]).toMatchObject({ stoppage: null, clearing: false })
  })

  it('SR-D10-30: any other natural face sets off nothing: the whole burst is fired', async () => {
    const { h, sheetOf, burst } = await range()
    // 2 + 5 = 7: rounds 1 (5) and 2 (7) hit, round 3 (9) misses; two zone and damage rolls, no malfunction die.
    h.must('attack/resolve', { request: burst }, [2, 3, 4, 3, 3, 4, 3])
    expect(sheetOf('Ash').weapons[0]).toMatchObject({ ammo: 27, stoppage: null })
  })
})

describe('002 Malfunctions: the squib fired anyway, the table and the GM override', () => {
  it('SR-D10-30: a firearm’s preview names the one-in-ten chance of a malfunction', () => {
    const ash = combatant('Ash', sheet())
    const bo = combatant('Bo', sheet())
    const p = d10.attacks!.preview({ attackerId: ash.id, targetId: bo.id, weapon: 0, mode: 'single', options: { distance: 5 } }, ash, bo)
    expect(p.ok && p.value.risks).toEqual([{ label: 'malfunction (natural 1, SR-D10-30)', probability: 0.1 }])
  })

  it('SR-D10-30: the malfunction d10 — 1–6 failure to feed, 7–9 stovepipe, 10 squib', () => {
    expect([1, 6, 7, 9, 10].map(stoppageOf)).toEqual(['failure-to-feed', 'failure-to-feed', 'stovepipe', 'stovepipe', 'squib'])
  })

  it('SR-D10-33: firing through a squib wrecks the gun and hurts the shooter (the damage dice to the arms, arm DR counts)', () => {
    const s = sheet({ dr: { head: 0, torso: 0, arms: 1, legs: 0 } })
    const squibbed = { ...s, weapons: s.weapons.map((w, i) => (i === 0 ? { ...w, stoppage: 'squib' as const } : w)) }
    const ash = combatant('Ash', squibbed)
    expect(d10.actions!.list(ash).some((a) => a.key === 'fire-through-squib')).toBe(true)
    // 1d6+2: 4 + 2 = 6 − DR 1 = 5 ×1.
    const r = performD10Action({ actorId: ash.id, action: 'fire-through-squib', targetId: null, options: {} }, ash, null, typed(4))
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.actorHp).toBe(15)
    expect((r.value.actorRules as unknown as D10Sheet).weapons[0]).toMatchObject({ stoppage: 'wrecked', ammo: 29 })
    const again = performD10Action(
      { actorId: ash.id, action: 'clear-weapon', targetId: null, options: { weapon: '0' } },
      combatant('Ash', r.value.actorRules as unknown as D10Sheet),
      null,
      typed(),
    )
    expect(again.ok ? '' : again.error.code).toBe('clear/wrecked')
  })

  it('SR-D10-34: the GM sets and lifts a stoppage on the sheet form; the card shows it; an old sheet without one still parses', () => {
    const s = sheet()
    expect(s.weapons[0]).toMatchObject({ stoppage: null, clearing: false })
    const field = d10SheetForm(s).find((f) => f.key === 'weapons.0.stoppage')
    expect(field?.kind).toBe('choice')
    const stopped = d10.combatantRules!.parse(d10SheetFromForm({ 'weapons.0.stoppage': 'stovepipe' }, s))
    expect(stopped.ok).toBe(true)
    const after = (stopped.ok ? stopped.value.data : null) as unknown as D10Sheet
    expect(after.weapons[0]!.stoppage).toBe('stovepipe')
    const card = d10Card(after).flatMap((x) => x.lines)
    expect(card.find((l) => l.label.includes('stoppage'))?.value).toMatch(/stovepipe.*1 action/)
    const lifted = d10SheetFromForm({ 'weapons.0.stoppage': '' }, after)
    expect(lifted.weapons?.[0]?.stoppage).toBeNull()
  })
})
