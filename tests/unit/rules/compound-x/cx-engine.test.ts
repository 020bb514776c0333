import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { ammo, combatant, cx, fight, live, trooper } from './cx-harness'

describe('Compound X through the command pipeline', () => {
  it('derives max health from FORT (CX23) and fills armour points from the material', async () => {
    const h = await fight()
    expect(combatant(h, 'Vex')).toMatchObject({ maxHp: 110, hp: 110 })
    expect(live(h, 'Vex').armourPoints).toBe(40)
  })

  it('refuses a sheet naming an item the packs do not have, naming the field', async () => {
    const h = await fight()
    const r = h.run('combatant/setRules', { combatantId: h.combatantId('Vex'), rules: trooper({ shieldId: 'death-star-shield' }) })
    expect(!r.ok && r.error.message).toBe('Compound X sheet: shieldId: no shield "death-star-shield" in the content packs')
    const bad = h.run('combatant/setRules', { combatantId: h.combatantId('Vex'), rules: { ...trooper(), stats: { str: 99 } } })
    expect(!bad.ok && bad.error.message).toMatch(/^Compound X sheet: stats\./)
  })

  it('resolves an attack with typed dice: ammo, armour, health, and a log entry listing every modifier; undo restores all', async () => {
    const h = await fight()
    const before = JSON.stringify(h.campaign.store.toObject())
    const request = {
      attackerId: h.combatantId('Vex'),
      targetId: h.combatantId('Raider'),
      weapon: 0,
      mode: 'semi',
      options: { distance: 12, aim: 'aimed', cover: 'partial' },
    }
    // Miss chance: 3 (bracket 1) + trunc(−1 PER 8) = 2, + partial cover 2 = 4. d10 9 hits; d100 10 hits the 40% armour.
    h.must('attack/resolve', { request }, [9, 10])
    expect(ammo(h, 'Vex')).toBe(24)
    // C25: 80 ballistic, APL 2 ≥ armour APL 1: 40 to armour points, 40 to health.
    expect(live(h, 'Raider').armourPoints).toBe(0)
    expect(combatant(h, 'Raider').hp).toBe(100 - 40)
    const entry = h.campaign.store.ofType('log').at(-1)!
    expect(entry.text).toMatch(/^Vex fires the Anvil Arms C25 at Raider: hit, 40 damage to health/)
    expect(entry.visibility).toBe('gm')
    const lines = entry.detail!.flatMap((s) => s.lines.map((l) => `${l.label} ${l.value} ${l.source ?? ''}`))
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/PER 8 combat modifier −1 CX5/),
        expect.stringMatching(/Cover set by the GM: partial cover \+2 CX6/),
      ]),
    )
    expect(entry.rolls.map((r) => r.faces[0])).toEqual([9, 10])
    expect(entry.rolls.every((r) => r.source === 'typed')).toBe(true)

    h.must('history/undo', {})
    const { history: _a, ...now } = h.campaign.store.toObject()
    const { history: _b, ...then } = JSON.parse(before) as Record<string, unknown>
    expect(JSON.parse(JSON.stringify(now))).toEqual(then)
  })

  it('the same attack re-issued after undo rolls the same seeded dice (no fishing)', async () => {
    const h = await fight()
    const request = {
      attackerId: h.combatantId('Vex'),
      targetId: h.combatantId('Raider'),
      weapon: 0,
      mode: 'burst',
      options: { distance: 20 },
    }
    h.must('attack/resolve', { request })
    const first = h.campaign.store.ofType('log').at(-1)!.rolls
    h.must('history/undo', {})
    h.must('attack/resolve', { request })
    expect(h.campaign.store.ofType('log').at(-1)!.rolls).toEqual(first)
  })

  it('a jammed weapon or an empty magazine is refused with the reason', async () => {
    const h = await fight()
    h.must('combatant/setRules', {
      combatantId: h.combatantId('Vex'),
      rules: trooper({
        weapons: [{ kind: 'ranged', itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 25, spareMagazines: 0, jammed: true }],
      }),
    })
    const request = { attackerId: h.combatantId('Vex'), targetId: h.combatantId('Raider'), weapon: 0, mode: 'semi', options: {} }
    const r = h.run('attack/resolve', { request })
    expect(!r.ok && r.error.message).toMatch(/jammed.*DC 60 \(CX9\)/)
  })
})

describe('the Compound X sheet form', () => {
  it('fits equipment from generic values: full magazine, rigs of the family, armour points from the material', async () => {
    const h = await CampaignHarness.create('form-seed', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 50 })
    const values = {
      str: 6,
      per: 7,
      fort: 8,
      cha: 5,
      int: 5,
      dex: 6,
      luck: 6,
      classId: 'soldier',
      weapon: 'matthews-11-35-carbine',
      // SR-CX-191: the advanced rigs, whose Hard Points the shield is attached to.
      armourFamily: 'medium:advanced',
      materialId: 'standard-l2-carbon-steel-fiber',
      shieldId: 'a-class-electron-shield',
    }
    h.must('combatant/setSheet', { combatantId: h.combatantId('Ash'), values })
    const c = combatant(h, 'Ash')
    expect(c.maxHp).toBe(130)
    const rules = c.rules as {
      weapons: { itemId: string; ammo: number }[]
      armour: { rigIds: string[] }
      live: { armourPoints: number; shieldStrength: number }
    }
    expect(rules.weapons[0]).toMatchObject({ itemId: 'matthews-11-35-carbine', ammo: 18 })
    expect(rules.armour.rigIds).toEqual(['medium-advanced-chest-rig', 'medium-advanced-arm-rig', 'medium-advanced-leg-rig'])
    expect(rules.live).toMatchObject({ armourPoints: 50, shieldStrength: 120 })
    // The form reads back what was set.
    const form = cx.combatantRules!.form(c.rules)
    expect(form.find((f) => f.key === 'armourFamily')?.value).toBe('medium:advanced')
    expect(form.find((f) => f.key === 'fort')?.value).toBe(8)
  })

  it('changing only stats keeps the fight state; bad values are refused with the field', async () => {
    const h = await fight()
    const request = { attackerId: h.combatantId('Vex'), targetId: h.combatantId('Raider'), weapon: 0, mode: 'semi', options: {} }
    h.must('attack/resolve', { request }, [9, 10])
    const values = Object.fromEntries(cx.combatantRules!.form(combatant(h, 'Raider').rules).map((f) => [f.key, f.value]))
    h.must('combatant/setSheet', { combatantId: h.combatantId('Raider'), values: { ...values, luck: 9 } })
    expect(live(h, 'Raider').armourPoints).toBe(0)
    const r = h.run('combatant/setSheet', { combatantId: h.combatantId('Raider'), values: { ...values, str: 40 } })
    expect(!r.ok && r.error.message).toMatch(/stats\.str/)
  })
})

describe('max health from a sheet', () => {
  it('keeps a combatant at full health at full, and keeps a wounded one wounded', async () => {
    const h = await CampaignHarness.create('hp-seed', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Fresh', side: 'party', kind: 'pc', maxHp: 10 })
    h.must('combatant/add', { name: 'Hurt', side: 'party', kind: 'pc', maxHp: 10, hp: 4 })
    for (const name of ['Fresh', 'Hurt']) h.must('combatant/setRules', { combatantId: h.combatantId(name), rules: trooper() })
    expect(combatant(h, 'Fresh')).toMatchObject({ hp: 110, maxHp: 110 })
    expect(combatant(h, 'Hurt')).toMatchObject({ hp: 4, maxHp: 110 })
  })
})

describe('melee through the pipeline', () => {
  it('CX16: an unarmed strike 3+ over Guard goes past the armour, with its working in the log', async () => {
    const h = await fight()
    // Slot 1 is the Unarmed Strike everyone has (after the one carried weapon).
    const request = { attackerId: h.combatantId('Vex'), targetId: h.combatantId('Raider'), weapon: 1, mode: 'strike', options: {} }
    // Accuracy d10 6 + trunc(STR 6 +0.5, DEX 6 +0.5) = 7; Guard d10 5 + trunc(0 + 0 − 1 non-CQB gun) = 4.
    h.must('attack/resolve', { request }, [6, 5])
    // 20 + STR bonus 4 + DEX bonus 4 = 28, straight to health.
    expect(combatant(h, 'Raider').hp).toBe(72)
    expect(live(h, 'Raider').armourPoints).toBe(40)
    const entry = h.campaign.store.ofType('log').find((e) => e.text.startsWith('Vex strikes'))!
    expect(entry.text).toMatch(
      /^Vex strikes Raider with the Unarmed Strike: hit, 28 damage to health \(accuracy 7 vs Guard 4\); past the armour \(CX16\)/,
    )
    expect(JSON.stringify(entry.detail)).toContain('CX16')
  })
})

describe('shots that may reach someone else (000 Firing into Melee, 000 Grappling)', () => {
  const req = (h: CampaignHarness, stray: string) => ({
    attackerId: h.combatantId('Vex'),
    targetId: h.combatantId('Raider'),
    weapon: 0,
    mode: 'semi',
    // Aimed (000 Aiming): the Luck check's +10 is the point of these cases.
    options: { distance: 12, stray, aim: 'aimed' },
  })

  it('firing into melee: a DC 50 Luck check (+10 aimed) decides first; a failure strays, spending the round', async () => {
    const h = await fight()
    // LUCK 5: +0; aimed +10: d100 40 + 10 = 50 does not beat 50.
    h.must('attack/resolve', { request: req(h, 'into-melee') }, [40])
    expect(combatant(h, 'Raider').hp).toBe(100)
    expect(ammo(h, 'Vex')).toBe(24)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(
      /the shot strays \(Luck check 50 vs DC 50\): no one else is in melee with Raider, so it hits no one \(000 Firing into Melee, SR-CX-181\)/,
    )
    // 41 + 10 = 51 reaches Raider: then the usual accuracy and armour dice.
    h.must('attack/resolve', { request: req(h, 'into-melee') }, [41, 9, 10])
    expect(combatant(h, 'Raider').hp).toBe(60)
  })

  it('the odds preview scales every outcome by the chance to reach the target', async () => {
    const h = await fight()
    const vex = combatant(h, 'Vex')
    const raider = combatant(h, 'Raider')
    const as = (c: typeof vex) => ({ id: c.id, name: c.name, hp: c.hp, maxHp: c.maxHp, rules: c.rules, conditions: c.conditions })
    const plain = cx.attacks!.preview(req(h, 'none'), as(vex), as(raider))
    const grappled = cx.attacks!.preview(req(h, 'grappled'), as(vex), as(raider))
    if (!plain.ok || !grappled.ok) throw new Error('preview failed')
    // Grappled, LUCK 5: d100 ≤ 50 reaches the target: exactly half.
    expect(grappled.value.outcomes[0]).toEqual({ label: 'Strays to someone else', probability: 0.5 })
    expect(grappled.value.expectedDamage).toBeCloseTo(plain.value.expectedDamage / 2, 10)
    expect(grappled.value.outcomes.reduce((t, o) => t + o.probability, 0)).toBeCloseTo(1, 10)
  })
})
