import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isWideEffect, shareOf } from '../../../../src-main/rules/compound-x/ranged/stray-shot'
import { act, attack, brawl, logOf, preview, prompts, request, sheetOf, spent, type H } from './cx-brawl'
import { combatant } from './cx-harness'

/**
 * `000` Grappling: "With wide-effect weapons like flamethrowers or buckshot, the attack may be made
 * against either target but the damage is divided evenly among the grappled characters." Brute
 * fires a Matthews Model 2x12 (buckshot, 140 to 10 m) at Raider (100 health, no armour), who is
 * grappled with Vex (110 health) or not. Dice: accuracy d10 8 (a hit), armour d100 50.
 */
const buckshot = { kind: 'ranged' as const, itemId: 'matthews-model-2x12', attachmentIds: [], ammo: 2, spareMagazines: 0 }
const bare = { rigIds: [], materialId: null }

async function brutesTurn(grappled: boolean): Promise<H> {
  const h = await brawl({ vex: { armour: bare }, raider: { armour: bare }, brute: { weapons: [buckshot] } })
  if (grappled) {
    const r = act(h, 'Vex', 'grapple', 'Raider', {}, [50, 40])
    if (!r.ok) throw new Error(r.error.message)
  }
  h.must('encounter/nextTurn', {})
  h.must('encounter/nextTurn', {})
  return h
}
const shot = (h: H) => request(h, 'Brute', 'Raider', 0, 'semi', { distance: 5 })
const hp = (h: H, name: string) => combatant(h, name).hp
const sharePrompt = (h: H) => prompts(h).find((p) => p.text.includes('takes the other half'))

describe('000 Grappling: flamethrowers and buckshot divide their damage among the grappled (SR-CX-64)', () => {
  it('SR-CX-64: buckshot at a grappled pair takes no stray roll; the target takes half (35 where alone it takes 70)', async () => {
    const alone = await brutesTurn(false)
    expect(attack(alone, shot(alone), [8, 50]).ok).toBe(true)
    expect(hp(alone, 'Raider')).toBe(30)
    expect(sharePrompt(alone)).toBeUndefined()

    const h = await brutesTurn(true)
    // Two dice, as alone: no "who is hit" d100 before the accuracy roll.
    expect(attack(h, shot(h), [8, 50]).ok).toBe(true)
    expect(hp(h, 'Raider')).toBe(65)
    expect(logOf(h, 'Brute fires')).toMatch(/hit, 35 damage to health/)
    expect(logOf(h, 'Brute fires')).toMatch(/no stray roll, each hit halved; the other share waits in the reactions for the GM/)
    expect(sharePrompt(h)?.targetId).toBe(h.combatantId('Vex'))
  })

  it('SR-CX-64: the prompt puts the same hit, halved, on the partner through its own protection; no shell and no action more', async () => {
    const h = await brutesTurn(true)
    expect(attack(h, shot(h), [8, 50]).ok).toBe(true)
    const p = sharePrompt(h)!
    expect(p.resolve).toMatchObject({ kind: 'attack', request: { options: { wideShare: 'normal', stray: 'none' } } })
    expect(p.odds).toBe('no roll to hit: a hit, halved, through its own armour (SR-CX-64)')
    // Only the partner's armour die: the hit itself is not rolled again.
    const r = h.run('prompt/resolve', { promptId: p.id }, [50])
    expect(r.ok ? '' : r.error.message).toBe('')
    expect(hp(h, 'Vex')).toBe(75)
    expect(logOf(h, 'Brute fires the Matthews Model 2x12 at Vex')).toMatch(/the other grappler's share of a wide-effect firing/)
    expect(spent(h, 'Brute', 'actions')).toBe(1)
    expect(sheetOf(h, 'Brute').weapons[0]!.ammo).toBe(1)
  })

  it('SR-CX-64: a share option that is no list of hits is refused by name, nothing fired', async () => {
    const h = await brutesTurn(true)
    const r = attack(h, request(h, 'Brute', 'Vex', 0, 'semi', { distance: 5, wideShare: 'all of it' }), [8, 50])
    expect(r.ok ? '' : r.error.code).toBe('attack/badShare')
    expect([hp(h, 'Vex'), sheetOf(h, 'Brute').weapons[0]!.ammo, spent(h, 'Brute', 'actions')]).toEqual([110, 2, 0])
  })

  it('SR-CX-64: a forged share is refused: on a target in no grapple, or with a gun that is no wide-effect weapon', async () => {
    const alone = await brutesTurn(false)
    const r = attack(alone, request(alone, 'Brute', 'Raider', 0, 'semi', { distance: 5, wideShare: 'extra-critical' }), [50])
    expect(r.ok ? '' : r.error.message).toMatch(/Raider is in no grapple/)
    expect([hp(alone, 'Raider'), sheetOf(alone, 'Brute').weapons[0]!.ammo]).toEqual([100, 2])
    const rifle = await brawl({
      brute: { weapons: [{ kind: 'ranged', itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 25, spareMagazines: 0 }] },
    })
    const g = act(rifle, 'Vex', 'grapple', 'Raider', {}, [50, 40])
    if (!g.ok) throw new Error(g.error.message)
    rifle.must('encounter/nextTurn', {})
    rifle.must('encounter/nextTurn', {})
    const before = hp(rifle, 'Raider')
    const forged = attack(rifle, request(rifle, 'Brute', 'Raider', 0, 'semi', { distance: 5, wideShare: 'extra-critical' }), [50])
    expect(forged.ok ? '' : forged.error.message).toMatch(/no flamethrower or buckshot/)
    expect(hp(rifle, 'Raider')).toBe(before)
  })

  it('SR-CX-64: from inside a melee the firing draws its opportunity attack once; the share draws none', async () => {
    const h = await brutesTurn(true)
    // Brute is in melee with Raider (set by hand): firing 5 m away from inside it provokes Raider.
    h.must('condition/add', {
      combatantId: h.combatantId('Brute'),
      condition: 'engaged',
      duration: { kind: 'indefinite' },
      stacks: 1,
      sourceId: h.combatantId('Raider'),
    })
    expect(attack(h, shot(h), [8, 50]).ok).toBe(true)
    const opportunities = () => prompts(h).filter((p) => p.text.includes('opportunity attack')).length
    expect(opportunities()).toBe(1)
    expect(h.run('prompt/resolve', { promptId: sharePrompt(h)!.id }, [50]).ok).toBe(true)
    expect(opportunities()).toBe(1)
  })

  it('SR-CX-64: a miss leaves no share to hand on', async () => {
    const h = await brutesTurn(true)
    expect(attack(h, shot(h), [1, 5]).ok).toBe(true)
    expect(hp(h, 'Raider')).toBe(100)
    expect(sharePrompt(h)).toBeUndefined()
  })

  it('SR-CX-64: the preview agrees — no stray outcome, the worst hit halved (an extra-critical 170 → 85)', async () => {
    const h = await brutesTurn(true)
    const p = preview(h, shot(h))
    expect(p.outcomes.map((o) => o.label)).not.toContain('Strays to someone else')
    expect(Math.max(...p.damage.map((d) => d.amount))).toBe(85)
    const lone = await brutesTurn(false)
    expect(Math.max(...preview(lone, shot(lone)).damage.map((d) => d.amount))).toBe(170)
  })

  it('SR-CX-64: which guns are wide-effect — the flamethrower and buckshot shotguns; a slug-only shotgun and a laser are not', () => {
    type Gun = Parameters<typeof isWideEffect>[0] & { id: string }
    const pack = (f: string) =>
      (JSON.parse(readFileSync(`resources/content-packs/compound-x/${f}.json`, 'utf8')) as { entries: Gun[] }).entries
    const byId = new Map([...pack('ranged-pistols-smgs-shotguns'), ...pack('ranged-heavy')].map((e) => [e.id, e]))
    const wide = (id: string) => isWideEffect(byId.get(id)!)
    expect(wide('frontier-flame-thrower-flmr')).toBe(true)
    expect(wide('matthews-model-2x12')).toBe(true)
    expect(wide('rmm-auto-12')).toBe(true)
    expect(wide('matthews-model-2287-short')).toBe(false)
    expect(wide('partix-la10-b-cq')).toBe(false)
    expect(wide('anvil-arms-xm-50-microgun')).toBe(false)
    expect([shareOf(145, 2), shareOf(145, undefined)]).toEqual([72, 145])
  })
})
