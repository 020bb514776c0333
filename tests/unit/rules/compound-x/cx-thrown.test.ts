import { describe, expect, it } from 'vitest'
import { cxSheetForm, cxSheetFromForm, THROWN_KEYS } from '../../../../src-main/rules/compound-x/sheet/cx-sheet-form'
import { cxCard } from '../../../../src-main/rules/compound-x/cx-card'
import { attack, brawl, lastLog, preview, request, sheetOf, spent, swingAndMiss, prompts, type H } from './cx-brawl'
import { fileURLToPath } from 'node:url'
import { ContentLibrary } from '../../../../src-main/rules/compound-x/content/content-library'
import { loadContentPack } from '../../../../src-main/rules/compound-x/content/content-pack'
import { folderPackReader } from '../../../../src-main/rules/compound-x/content/pack-files'
import { stealthDoubling, withStealthDoubling } from '../../../../src-main/rules/compound-x/melee/stealth-attack'
import { combatant, cx } from './cx-harness'
import { RulesRequests } from '../../../../src-main/core/app/rules-requests'

const PACK_DIR = fileURLToPath(new URL('../../../../resources/content-packs/compound-x', import.meta.url))

function shippedLibrary(): ContentLibrary {
  const r = loadContentPack(folderPackReader(PACK_DIR))
  if (!r.ok) throw new Error(r.error.message)
  return new ContentLibrary([r.value])
}

/**
 * Issue 14, CX1: a knife thrown at one target from the Attack panel (`000` Thrown Weapons), through
 * the real engine. Vex (PER 8: combat modifier 1; DEX 6: DEX bonus 4; Luck 5: criticals on a
 * natural 10) carries two Gurber Throwing Knives (34 + 2 × DEX bonus, APL 2; "Miss 5 to 7 m, 6 to
 * 15 m"). Its slots: the C25 (0), Unarmed Strike (1), the knives (2). The panel's distance is 10 m:
 * bracket 6 − PER 1 = miss chance 5, so a natural 6+ hits and 8+ (3 over) goes past armour.
 */
const KNIFE = 'gurber-throwing-knife'
const THROWN = 2
const bare = { rigIds: [], materialId: null }
const knives = (count = 2) => [{ itemId: KNIFE, count }]

const hpOf = (h: H, name: string) => combatant(h, name).hp
const knivesLeft = (h: H) => sheetOf(h, 'Vex').thrown[0]?.count
const raiderBare = { armour: bare }

describe('000 Thrown Weapons: a knife thrown at one target from the Attack panel', () => {
  it('000 Thrown Weapons / SR-CX-51: bracket 6 − PER 1 = miss chance 5; d10 6 hits for 34 + 2 × 4 = 42; one knife leaves the hand (SR-CX-50), 1 action', async () => {
    const h = await brawl({ vex: { thrown: knives() }, raider: raiderBare })
    const before = hpOf(h, 'Raider')
    const p = preview(h, request(h, 'Vex', 'Raider', THROWN, 'throw'))
    expect(p.weapons.find((w) => w.index === THROWN)).toEqual({
      index: THROWN,
      name: 'Gurber Throwing Knife (thrown, 2 left)',
      modes: ['throw'],
    })
    // d10 6 > 5: a hit, not 3 over; the unarmoured body's CX11 d100 10: full damage.
    const r = attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw'), [6, 10])
    expect(r.ok).toBe(true)
    expect(hpOf(h, 'Raider')).toBe(before - 42)
    expect(knivesLeft(h)).toBe(1)
    expect(spent(h, 'Vex', 'actions')).toBe(1)
    expect(lastLog(h, 'throws the Gurber')).toMatch(/hit, 42 damage to health \(d10 6 vs miss chance 5\); 1 left \(SR-CX-50\)/)
  })

  it('000 Thrown Weapons: the preview gives exact odds — hit 5/10, past armour 3/10 (8, 9, 10), critical and extra-critical 1/20 each', async () => {
    const h = await brawl({ vex: { thrown: knives() } })
    const p = preview(h, request(h, 'Vex', 'Raider', THROWN, 'throw'))
    expect(p.blocked).toBeNull()
    const out = Object.fromEntries(p.outcomes.map((o) => [o.label, o.probability]))
    expect(out['Miss']).toBeCloseTo(0.5, 12)
    expect(out['Critical (+20)']).toBeCloseTo(0.05, 12)
    expect(out['Extra-critical (+30)']).toBeCloseTo(0.05, 12)
    expect(p.risks[0]!.probability).toBeCloseTo(0.3, 12)
    expect(p.damage.reduce((t, d) => t + d.probability, 0)).toBeCloseTo(1, 12)
    expect(p.cost).toMatch(/1 action/)
  })

  it('000 Thrown Weapons: "3+ above your Miss Chance" — d10 8 on an armoured target: 42 straight to health, no armour die, armour points kept', async () => {
    const h = await brawl({ vex: { thrown: knives() } })
    const before = hpOf(h, 'Raider')
    const ap = sheetOf(h, 'Raider').live.armourPoints
    expect(attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw'), [8]).ok).toBe(true)
    expect(hpOf(h, 'Raider')).toBe(before - 42)
    expect(sheetOf(h, 'Raider').live.armourPoints).toBe(ap)
    expect(lastLog(h, 'throws the Gurber')).toMatch(/past the armour \(000 Thrown Weapons\)/)
  })

  it('000 Thrown Weapons: "a critical hit … ignore the target\'s armor" — d10 10 then 3: critical, 42 + 20 = 62 to health past the armour', async () => {
    const h = await brawl({ vex: { thrown: knives() } })
    const before = hpOf(h, 'Raider')
    expect(attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw'), [10, 3]).ok).toBe(true)
    expect(hpOf(h, 'Raider')).toBe(before - 62)
  })

  it('000 Thrown Weapons / SR-CX-55: half the base bonus of the Unarmed Combat feats — Training and Expertise (+20 each) add 20: 62 on a plain hit', async () => {
    const h = await brawl({
      vex: { thrown: knives(), feats: ['Unarmed Combat Training', 'unarmed combat expertise', 'Fight Fiercely First'] },
      raider: raiderBare,
    })
    const before = hpOf(h, 'Raider')
    expect(attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw'), [6, 10]).ok).toBe(true)
    expect(hpOf(h, 'Raider')).toBe(before - 62)
  })

  it('000 Thrown Weapons / SR-CX-54: DEX 5 cannot throw the Carbide Kunai (DEX 6); Weapons - Thrown 20 lowers the requirement to 5', async () => {
    const kunai = [{ itemId: 'carbide-kunai', count: 3 }]
    const dex5 = { str: 6, per: 8, fort: 6, cha: 5, int: 5, dex: 5, luck: 5 }
    const h = await brawl({ vex: { stats: dex5, thrown: kunai } })
    const before = JSON.stringify(h.campaign.store.toObject())
    expect(preview(h, request(h, 'Vex', 'Raider', THROWN, 'throw')).blocked).toMatch(/needs DEX 6; the thrower has 5 \(SR-CX-54\)/)
    const r = attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw'), [6, 10])
    expect(r.ok ? null : r.error.code).toBe('attack/impossible')
    expect(JSON.stringify(h.campaign.store.toObject())).toBe(before)
    const skilled = await brawl({ vex: { stats: dex5, thrown: kunai, skills: { 'Weapons - Thrown': 20 } } })
    expect(preview(skilled, request(skilled, 'Vex', 'Raider', THROWN, 'throw')).blocked).toBeNull()
  })

  it('SR-CX-50: with none left the throw is refused by name and nothing changes; past the last bracket it cannot hit', async () => {
    const h = await brawl({ vex: { thrown: knives(0) } })
    const before = JSON.stringify(h.campaign.store.toObject())
    const r = attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw'), [6, 10])
    expect(r.ok ? null : r.error.code).toBe('attack/noneLeft')
    expect(JSON.stringify(h.campaign.store.toObject())).toBe(before)
    const far = await brawl({ vex: { thrown: knives() } })
    expect(preview(far, request(far, 'Vex', 'Raider', THROWN, 'throw', { distance: 16 })).blocked).toMatch(
      /beyond the throw's longest range \(15 m\)/,
    )
  })

  it('SR-CX-56: proficiency by melee size — the knife is Light, which a Soldier has; the preview names it', async () => {
    const h = await brawl({ vex: { thrown: knives() } })
    const lines = preview(h, request(h, 'Vex', 'Raider', THROWN, 'throw')).explanation.flatMap((s) => s.lines.map((l) => l.label))
    expect(lines).toContain('light size: proficient')
  })

  it('000 Melee Combat: a throw from inside a melee prompts an opportunity attack (a thrown weapon is no CQB gun)', async () => {
    const h = await brawl({ vex: { thrown: knives() } })
    swingAndMiss(h, 'Vex', 'Brute')
    expect(attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw'), [1]).ok).toBe(true)
    const prompt = prompts(h).find((p) => p.text.includes('throws the Gurber Throwing Knife'))
    expect(prompt).toMatchObject({ reactorId: h.combatantId('Brute'), targetId: h.combatantId('Vex') })
  })
})

/*
 * Issue 31 / SR-CX-150: on the map the knife flies the distance between the two tokens, centre to
 * centre, through the desk's own reads (the Attack panel's preview, the map's out-of-reach marks)
 * and the command; off it, or with positions set aside by the GM, the typed distance stands.
 */
describe('issue 31 / SR-CX-150: a knife thrown on the map flies the distance between the tokens', () => {
  async function onDock(metres: number) {
    const h = await brawl({ vex: { thrown: knives() }, raider: raiderBare })
    h.must('scene/create', { name: 'Dock' })
    const sceneId = h.campaign.store.ofType('scene').find((s) => s.name === 'Dock')!.id
    h.must('token/place', { sceneId, combatantId: h.combatantId('Vex'), x: 2, y: 2, free: true })
    h.must('token/place', { sceneId, combatantId: h.combatantId('Raider'), x: 2 + metres, y: 2, free: true })
    const desk = new RulesRequests(h.campaign.store, cx)
    const panel = (options: Record<string, number | boolean> = {}) => {
      const p = desk.previewAttack(request(h, 'Vex', 'Raider', THROWN, 'throw', options))
      if (!p.ok) throw new Error(p.error.message)
      return p.value
    }
    const mark = async () => {
      const r = await desk.previewReach({ attackerId: h.combatantId('Vex'), weapon: THROWN, mode: 'throw' })
      if (!r.ok) throw new Error(r.error.message)
      return r.value.targets.find((t) => t.targetId === h.combatantId('Raider'))?.blocked
    }
    return { h, panel, mark }
  }

  it('SR-CX-150: 6 m apart, the 5-to-7 m bracket: miss chance 5 − PER 1 = 4 (not the panel’s 10 m and 5), with no distance to type; d10 5 hits for 42', async () => {
    const { h, panel, mark } = await onDock(6)
    const p = panel()
    expect(p.headline).toBe('6 m · misses on 1–4')
    expect(p.options.map((o) => o.key)).not.toContain('distance')
    expect(await mark()).toBeNull()
    const before = hpOf(h, 'Raider')
    // d10 5 > 4: a hit (2 over, not past armour); the unarmoured body's CX11 d100 10: full damage.
    expect(attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw'), [5, 10]).ok).toBe(true)
    expect(hpOf(h, 'Raider')).toBe(before - 42)
    expect(lastLog(h, 'throws the Gurber')).toMatch(/hit, 42 damage to health \(d10 5 vs miss chance 4\)/)
  })

  it('SR-CX-150: 18 m apart, past the longest bracket (15 m): the panel, the map’s mark and the throw refuse it with the distance, and nothing changes; the GM may set positions aside and throw at a typed 10 m', async () => {
    const { h, panel, mark } = await onDock(18)
    const far = "Raider is 18 m from Vex, beyond the Gurber Throwing Knife's longest throw (15 m) (CX7, SR-CX-150)."
    expect(panel().blocked).toBe(far)
    expect(await mark()).toBe(far)
    const before = JSON.stringify(h.campaign.store.toObject())
    const r = attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw'), [6, 10])
    expect(r.ok ? null : [r.error.code, r.error.message]).toEqual(['position/outOfRange', far])
    expect(JSON.stringify(h.campaign.store.toObject())).toBe(before)
    // The GM's override, logged by the core: the typed 10 m (bracket 6 − 1 = 5) stands.
    expect(attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw', { ignorePositions: true, distance: 10 }), [6, 10]).ok).toBe(true)
    expect(lastLog(h, 'throws the Gurber')).toMatch(/\(d10 6 vs miss chance 5\)/)
    expect(lastLog(h, 'Positions set aside')).toMatch(/distance typed: 10 m; 18 m on the map/)
  })
})

describe('001 Stealth Attacks: 2 × base damage with Weapons - Melee ≥ 10 (SR-CX-52, SR-CX-53)', () => {
  it('001 Stealth Attacks / SR-CX-53: a stealth throw at Weapons - Melee 10 deals 2 × 34 + 8 = 76; at 9 the plain 42', async () => {
    const h = await brawl({ vex: { thrown: knives(), skills: { 'Weapons - Melee': 10 } }, raider: raiderBare })
    const before = hpOf(h, 'Raider')
    // d10 6 hit, body d100 10 (full); 76 over 70: the CX15 Shock save d100 100 (+8) holds.
    expect(attack(h, request(h, 'Vex', 'Raider', THROWN, 'throw', { stealth: true }), [6, 10, 100]).ok).toBe(true)
    expect(hpOf(h, 'Raider')).toBe(before - 76)
    const low = await brawl({ vex: { thrown: knives(), skills: { 'Weapons - Melee': 9 } }, raider: raiderBare })
    const lowBefore = hpOf(low, 'Raider')
    expect(attack(low, request(low, 'Vex', 'Raider', THROWN, 'throw', { stealth: true }), [6, 10]).ok).toBe(true)
    expect(hpOf(low, 'Raider')).toBe(lowBefore - 42)
  })

  it('001 Stealth Attacks / SR-CX-53: a melee stealth strike with a combat knife at Weapons - Melee 10: Guard 0, 3+ over, 2 × 34 + 8 = 76 to health', async () => {
    const knife = { kind: 'melee' as const, itemId: 'gurber-g1-combat-knife', attachmentIds: [], ammo: 0, spareMagazines: 0 }
    const strike = async (skill: number, dice: number[]) => {
      const h = await brawl({ vex: { weapons: [knife], skills: { 'Weapons - Melee': skill } } })
      const before = hpOf(h, 'Raider')
      expect(attack(h, request(h, 'Vex', 'Raider', 0, 'strike', { stealth: true }), dice).ok).toBe(true)
      return before - hpOf(h, 'Raider')
    }
    // Accuracy 2 (STR 0.5 + DEX 0.5 + knife 1) + d10 5 = 7 against Guard 0: past the armour, no
    // armour die; 76 over 70 rolls the Shock save (d100 100 holds), 42 does not.
    expect(await strike(10, [5, 100])).toBe(76)
    expect(await strike(0, [5])).toBe(42)
  })
})

describe('001 Stealth Attacks / SR-CX-53: the cap on the doubled base', () => {
  const step = { title: 'Damage', modifiers: [], total: 100 }
  it('001 Stealth Attacks: 2 × base 90 is capped at 150 below level 10 and 200 from level 10; stat and critical terms stay on top', () => {
    const at = (level: number) => stealthDoubling({ skills: { 'Weapons - Melee': 12 }, level }, true, true)
    expect(at(9)).toEqual({ cap: 150 })
    expect(at(10)).toEqual({ cap: 200 })
    // Damage 100 of which base 90: doubled 180, capped 150 → +60; at level 10, +90.
    expect(withStealthDoubling(step, 90, at(9)).total).toBe(160)
    expect(withStealthDoubling(step, 90, at(10)).total).toBe(190)
  })
  it('001 Stealth Attacks: no doubling when not declared unseen, below 10 melee skill, or bare-handed (Unarmed Strike is not a weapon)', () => {
    const skilled = { skills: { 'Weapons - Melee': 10 }, level: 1 }
    expect(stealthDoubling(skilled, false, true)).toBeNull()
    expect(stealthDoubling({ skills: { 'Weapons - Melee': 9 }, level: 1 }, true, true)).toBeNull()
    expect(stealthDoubling(skilled, true, false)).toBeNull()
    expect(withStealthDoubling(step, 90, null)).toBe(step)
  })
})

describe('SR-CX-50: the sheet form and the card carry the thrown weapons', () => {
  it('the form edits the first thrown line (item and count) and the Unarmed Combat feats, and the card lists the line with its brackets', async () => {
    const h = await brawl({ vex: { thrown: knives(3) } })
    const current = sheetOf(h, 'Vex')
    const library = shippedLibrary()
    const form = cxSheetForm(current, library)
    expect(form.find((f) => f.key === THROWN_KEYS.item)?.value).toBe(KNIFE)
    expect(form.find((f) => f.key === THROWN_KEYS.count)?.value).toBe(3)
    // SR-CX-55: each Unarmed Combat feat is a toggle on the form (the form has no free text).
    expect(form.find((f) => f.key === 'feat.unarmed-combat-mastery')?.label).toBe(
      'Feat: Unarmed Combat Mastery (+10 thrown weapon base, SR-CX-55)',
    )
    expect(cxSheetFromForm({ 'feat.unarmed-combat-mastery': true }, current, library).feats).toEqual(['Unarmed Combat Mastery'])
    expect(cxSheetFromForm({ [THROWN_KEYS.item]: 'eal-tactical-throwing-axe' }, current, library).thrown).toEqual([
      { itemId: 'eal-tactical-throwing-axe', count: 1 },
    ])
    const lines = cxCard(current, library).flatMap((s) => s.lines)
    expect(lines).toContainEqual({
      label: 'Gurber Throwing Knife',
      value: '3 to throw · miss 5 / 6 (to 7/15 m)',
      source: '000 Thrown Weapons',
    })
  })
})
