import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant as stored, cx, live, trooper, troopStats } from './cx-harness'
import { combatant, idOf, must, sheet } from './cx-rules'
import { faces } from './fixtures'

const FFF = 'feat.fight-fiercely-first'
const stats = troopStats
const parse = (over: Parameters<typeof trooper>[0]) => cx.combatantRules!.parse(trooper(over))

describe('001 Leveling-Up table: feats by level and INT 9+ (SR-CX-80, SR-CX-81)', () => {
  it('001 Leveling Up (SR-CX-80): level 2 allows 2 feats, a third is flagged on the card, not refused; INT 9 at level 4 allows 4', () => {
    const featLine = (over: Parameters<typeof trooper>[0]) =>
      cx
        .combatantRules!.card(must(parse(over)).data)
        .flatMap((s) => s.lines)
        .find((l) => l.source === '001 Leveling-Up table')?.value
    expect(featLine({ level: 2, feats: ['Fight Fiercely First', 'Quick Draw'] })).toBe('2/2 feats at level 2')
    expect(featLine({ level: 2, feats: ['Fight Fiercely First', 'Quick Draw', 'Kata'] })).toBe(
      '3/2 feats at level 2 — more than the table gives (SR-CX-80)',
    )
    expect(featLine({ level: 1, feats: ['Kata'] })).toMatch(/^1\/0 feats at level 1 — more than/)
    const four = ['A', 'B', 'C', 'D']
    expect(featLine({ level: 4, feats: four })).toMatch(/^4\/3 .* more than/)
    expect(featLine({ level: 4, feats: four, stats: stats({ int: 9 }) })).toBe('4/4 feats at level 4 (INT 9+)')
    expect(featLine({ level: 20, feats: Array.from({ length: 16 }, (_, i) => `F${i}`), stats: stats({ int: 9 }) })).toBe(
      '16/16 feats at level 20 (INT 9+)',
    )
  })

  it('001 Primary Stat Details (SR-CX-81): Lucky, Will to Survive and Positional Mastermind are free and do not count', () => {
    const free = parse({ level: 0, feats: ['Lucky', 'Will to Survive', 'Positional Mastermind'], stats: stats({ cha: 9, luck: 6 }) })
    expect(free.ok).toBe(true)
    const pm = parse({ level: 2, feats: ['Positional Mastermind'], stats: stats({ cha: 8 }) })
    expect(!pm.ok && pm.error.message).toMatch(/Positional Mastermind needs CHA 9/)
  })

  it('SR-CX-80: the form says how many feats the level allows and flags a feat past it; the GM may still grant it', async () => {
    const h = await CampaignHarness.create('feat-level', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ level: 1 }) })
    const form = () => cx.combatantRules!.form(stored(h, 'Ash').rules)
    expect(form().find((f) => f.key === FFF)).toMatchObject({ hint: '0 of 0 feats at level 1 (001 Leveling-Up table)' })
    h.must('combatant/setSheet', { combatantId: h.combatantId('Ash'), values: { [FFF]: true } })
    expect((stored(h, 'Ash').rules as { feats: string[] }).feats).toEqual(['Fight Fiercely First'])
    expect(form().find((f) => f.key === FFF)).toMatchObject({
      hint: '1 of 0 feats at level 1 (001 Leveling-Up table) — more than the table gives',
    })
    h.must('combatant/setSheet', { combatantId: h.combatantId('Ash'), values: { level: 2 } })
    expect(form().find((f) => f.key === FFF)).toMatchObject({ hint: '1 of 2 feats at level 2 (001 Leveling-Up table)' })
  })

  it('SR-CX-81: the form’s CHA feat choice names Positional Mastermind at CHA 9 and Will to Survive takes it off', async () => {
    const h = await CampaignHarness.create('feat-cha', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ stats: stats({ cha: 9 }) }) })
    const id = h.combatantId('Ash')
    h.must('combatant/setSheet', { combatantId: id, values: { 'feat.charisma': 'Positional Mastermind' } })
    expect((stored(h, 'Ash').rules as { feats: string[] }).feats).toEqual(['Positional Mastermind'])
    expect(cx.combatantRules!.form(stored(h, 'Ash').rules).find((f) => f.key === 'feat.charisma')?.value).toBe('Positional Mastermind')
    h.must('combatant/setSheet', { combatantId: id, values: { 'feat.charisma': 'Will to Survive' } })
    expect((stored(h, 'Ash').rules as { feats: string[] }).feats).toEqual([])
  })
})

describe('the card’s feats (SR-CX-80, SR-CX-81)', () => {
  it('SR-CX-81: the card shows the free feats with their uses left, and the bought ones against the allowance', () => {
    const c = sheet({ level: 4, stats: stats({ cha: 8, luck: 7 }), feats: ['Upgrade'] }, { luckyUsed: 1 })
    const lines = cx.combatantRules!.card(c as never).find((s) => s.title === 'Feats')!.lines
    expect(lines.map((l) => [l.label, l.value])).toEqual([
      ['Upgrade', '1/3 feats at level 4'],
      ['Lucky (LUCK 7)', '1/2 rerolls left this long rest'],
      ['Will to Survive (CHA 8)', '2/2 left this encounter'],
    ])
  })
})

describe('001 Nanites: feats that raise the maximum (03_Feats Upgrade, SR-CX-82)', () => {
  it('SR-CX-82: each Upgrade adds (INT/5 rounded up + 1) × 5 nanites to the maximum: STR 6 Soldier, INT 5 → 60 + 10 per taking', () => {
    expect(sheet({ level: 2 }).live.nanites).toBe(60)
    expect(sheet({ level: 2, feats: ['Upgrade'] }).live.nanites).toBe(70)
    expect(sheet({ level: 2, feats: ['Upgrade', 'Upgrade'] }).live.nanites).toBe(80)
    expect(sheet({ level: 2, feats: ['Upgrade'], stats: stats({ int: 6 }) }).live.nanites).toBe(75)
    expect(parse({ level: 4, feats: ['Upgrade', 'Upgrade', 'Upgrade'] }).ok).toBe(false)
  })

  it('SR-CX-82: the form’s Upgrade count sets the feat, and turn starts regenerate up to the raised maximum (CX22)', async () => {
    const h = await CampaignHarness.create('upgrade', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ level: 2 }) })
    h.must('combatant/setSheet', { combatantId: h.combatantId('Ash'), values: { 'feat.upgrade': 2, 'live.nanites': 78 } })
    expect((stored(h, 'Ash').rules as { feats: string[] }).feats).toEqual(['Upgrade', 'Upgrade'])
    h.must('encounter/start', { name: 'Regen' })
    h.must('encounter/rollInitiative', {}, [40])
    expect(live(h, 'Ash').nanites).toBe(80)
    const card = cx.combatantRules!.card(stored(h, 'Ash').rules)
    expect(card.flatMap((s) => s.lines).find((l) => l.label === 'Nanites')?.value).toBe('80/80')
  })
})

describe('03_Feats Positional Mastermind in the ranged attack (SR-CX-85)', () => {
  const shot = (cover: string): AttackRequest => ({
    attackerId: idOf('Raider'),
    targetId: idOf('Ash'),
    weapon: 0,
    mode: 'semi',
    options: { distance: 8, cover },
  })
  const missChance = (target: ReturnType<typeof sheet>, shooter = sheet(), cover = 'partial') => {
    const p = must(cx.attacks!.preview(shot(cover), combatant('Raider', shooter), combatant('Ash', target)))
    return Number(/miss chance (\d+)/.exec(p.headline ?? '')![1])
  }
  const plain = sheet({ stats: stats({ cha: 9 }) })
  const mastermind = sheet({ stats: stats({ cha: 9 }), feats: ['Positional Mastermind'] })
  const drone = sheet({ speciesId: 'detachment-a-security-drone' })

  it('SR-CX-85: a living shooter takes +1 miss chance against a CHA 9 holder in cover, none out of cover', () => {
    expect(missChance(mastermind)).toBe(missChance(plain) + 1)
    expect(missChance(mastermind, sheet(), 'none')).toBe(missChance(plain, sheet(), 'none'))
  })

  it('SR-CX-85: a mechanical shooter is spared at CHA 9–11 but not at CHA 12; the resolution rolls against the same number', () => {
    expect(missChance(mastermind, drone)).toBe(missChance(plain, drone))
    const twelve = sheet({ stats: stats({ cha: 12 }), feats: ['Positional Mastermind'] })
    expect(missChance(twelve, drone)).toBe(missChance(plain, drone) + 1)
    const base = missChance(plain)
    // A natural equal to the raised miss chance misses only because of the feat.
    const resolve = (target: ReturnType<typeof sheet>) =>
      must(cx.attacks!.resolve(shot('partial'), combatant('Raider', sheet()), combatant('Ash', target), faces(base + 1, 50, 50)))
    expect(resolve(plain).summary).not.toMatch(/miss/)
    expect(resolve(mastermind).summary).toMatch(/miss/)
  })
})
