import { describe, expect, it } from 'vitest'
import type { AttackPreview } from '../../../../src-shared/attack'
import type { LogEntryRecord } from '../../../../src-shared/records'
import { NOBODY_HIDDEN_NOW, tableFact } from '../../../../src-shared/story-redaction'
import { coresForTests } from '../../helpers/core-window'
import type { CampaignHarness } from '../../helpers/campaign-harness'
import { gridTable, square } from '../../helpers/grid-table'
import { ammo, combatant, fight, trooper } from './cx-harness'
import { act, attack, brawl, logOf, pistol, request } from './cx-brawl'

/*
 * `000` Firing into Melee Combat: "Before rolling accuracy, roll a DC 50 Luck check ... On
 * failure, you hit a randomly chosen character engaged in Melee Combat with your intended target.
 * In either case your attack then proceeds as normal." The core draws the one hit with the seeded
 * dice among those engaged with the target (SR-CX-180: only those the shooter has a line of fire
 * to; SR-CX-181: none, and the shot hits no one) and resolves the shot on it in the same command.
 */

const RAIDER_STATS = { str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 5, luck: 5 }

const storyLines = (h: CampaignHarness) => {
  const story = h.campaign.store.get('story')
  return story?.typeName === 'story' ? story.lines : []
}

/** Vex shoots at Raider, who is in melee with Brute and Thug (each has swung at it). */
async function melee() {
  const h = await fight()
  for (const name of ['Brute', 'Thug'])
    h.must('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ stats: RAIDER_STATS }) })
  const strike = (who: string) => ({
    attackerId: h.combatantId(who),
    targetId: h.combatantId('Raider'),
    weapon: 1,
    mode: 'strike',
    options: {},
  })
  // Unarmed Strikes that miss: the attempt alone starts the melee (000 Melee Combat).
  h.must('attack/resolve', { request: strike('Brute') }, [1, 10])
  h.must('attack/resolve', { request: strike('Thug') }, [1, 10])
  const shot = {
    attackerId: h.combatantId('Vex'),
    targetId: h.combatantId('Raider'),
    weapon: 0,
    mode: 'semi',
    options: { distance: 12, aim: 'aimed' },
  }
  return { h, shot }
}

describe('000 Firing into Melee Combat: the stray shot draws its victim', () => {
  it('000 Firing into Melee: on a failed Luck check the dice draw among those engaged with the target, and the shot is resolved on the one drawn', async () => {
    const { h, shot } = await melee()
    const hp = (name: string) => combatant(h, name).hp
    const before = { raider: hp('Raider'), brute: hp('Brute'), thug: hp('Thug') }
    const journal = h.campaign.store.ofType('log').length
    const people = () => JSON.stringify(h.campaign.store.ofType('combatant'))
    const stored = people()
    // Luck d100 40 + 10 aimed = 50 does not beat 50; d2 → 2: Thug, the second to engage Raider.
    // Then Thug's own shot: d10 9 hits (miss chance 2 at 12 m), d100 10 hits the 40% armour.
    h.must('attack/resolve', { request: shot }, [40, 2, 9, 10])
    expect(hp('Raider')).toBe(before.raider)
    expect(hp('Brute')).toBe(before.brute)
    // C25: 80 ballistic, APL 2 over armour APL 1: 40 to armour, 40 to health.
    expect(hp('Thug')).toBe(before.thug - 40)
    expect(ammo(h, 'Vex')).toBe(24)
    const text = h.campaign.store
      .ofType('log')
      .slice(journal)
      .map((e) => e.text)
      .join('\n')
    expect(text).toMatch(
      /^Vex fires the Anvil Arms C25 at Raider, but the shot strays \(Luck check 50 vs DC 50\): stray: d2 → 2, Thug is hit \(000 Firing into Melee\) — Vex fires the Anvil Arms C25 at Thug: hit, 40 damage to health/,
    )
    const rolls = h.campaign.store
      .ofType('log')
      .slice(journal)
      .flatMap((e) => e.rolls ?? [])
    expect(rolls.map((r) => r.purpose)).toEqual(['firing into melee: luck check', 'stray shot: who is hit', 'accuracy', 'armour'])
    // The table's story names the one hit: "Vex → Thug: hit".
    expect(storyLines(h).at(-1)?.fact).toMatchObject({ kind: 'attack', actor: { name: 'Vex' }, target: { name: 'Thug' } })
    // One command, one undo: everyone back as they were.
    h.must('history/undo', {})
    expect(people()).toBe(stored)
    expect(h.campaign.store.ofType('log').length).toBe(journal)
  })

  it('000 Firing into Melee: the draw is the campaign’s seeded dice, the same after an undo (no fishing)', async () => {
    const { h, shot } = await melee()
    const texts = () => h.campaign.store.ofType('log').at(-1)!.text
    // Untyped: the Luck check and the draw come from the seeded generator.
    let first = ''
    for (let i = 0; i < 30; i++) {
      h.must('attack/resolve', { request: shot })
      if (/stray: d2 → \d/.test(texts())) {
        first = texts()
        break
      }
    }
    expect(first).toMatch(/stray: d2 → [12], (Brute|Thug) is hit/)
    h.must('history/undo', {})
    h.must('attack/resolve', { request: shot })
    expect(texts()).toBe(first)
  })

  it('000 Firing into Melee: a stray that hits a hidden combatant stays with the GM; the table’s story never names it', async () => {
    const { h, shot } = await melee()
    h.must('combatant/setHidden', { combatantId: h.combatantId('Thug'), hidden: true })
    const toldBefore = Math.max(0, ...storyLines(h).map((l) => l.n ?? 0))
    h.must('attack/resolve', { request: shot }, [40, 2, 9, 10])
    const entry = h.campaign.store.ofType('log').find((e) => /Thug is hit/.test(e.text))!
    expect(entry.visibility).toBe('gm')
    // The table is told nothing that names Thug: not the shot, not its harm.
    const told = storyLines(h).filter((l) => l.n !== null && l.n > toldBefore)
    expect(JSON.stringify(told.map((l) => tableFact(l.fact, NOBODY_HIDDEN_NOW)))).not.toMatch(/Thug/)
  })

  it('SR-CX-181: a stray with no one else engaged with the target hits no one, the round still spent', async () => {
    const h = await fight()
    const shot = {
      attackerId: h.combatantId('Vex'),
      targetId: h.combatantId('Raider'),
      weapon: 0,
      mode: 'semi',
      options: { distance: 12, aim: 'aimed', stray: 'into-melee' },
    }
    h.must('attack/resolve', { request: shot }, [40])
    expect(combatant(h, 'Raider').hp).toBe(100)
    expect(ammo(h, 'Vex')).toBe(24)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(
      /no one else is in melee with Raider, so it hits no one \(000 Firing into Melee, SR-CX-181\)/,
    )
  })
})

const startCore = coresForTests()

describe('000 Firing into Melee on the map: walls decide whom a stray can reach (SR-CX-180)', () => {
  /**
   * 1.5 m squares: Vex in C3, Raider in I3 (9 m east), Brute beside Raider in J3, Thug below it
   * in I4. A wall along y = 4.5 m, drawn once the melee began, stands between Vex and Thug only.
   */
  async function yard() {
    const t = await gridTable(startCore, 'compound-x', [
      { name: 'Vex', side: 'party', rules: trooper(), at: square(2, 2) },
      { name: 'Raider', side: 'enemy', rules: trooper({ stats: RAIDER_STATS }), at: square(8, 2) },
      { name: 'Brute', side: 'party', rules: trooper({ stats: RAIDER_STATS }), at: square(9, 2) },
      { name: 'Thug', side: 'party', rules: trooper({ stats: RAIDER_STATS }), at: square(8, 3) },
    ])
    for (const who of ['Brute', 'Thug']) {
      const r = await t.attack(who, 'Raider', 1, {}, [1, 10], 'strike')
      if (!r.ok) throw new Error(r.error.message)
    }
    const wall = await t.send('wall/add', {
      sceneId: t.sceneId,
      kind: 'wall',
      points: [
        { x: 3, y: 4.5 },
        { x: 14, y: 4.5 },
      ],
    })
    if (!wall.ok) throw new Error(wall.error.message)
    await t.turnOf('Vex')
    return t
  }

  it('SR-CX-180: the odds show the stray’s chance and who it could hit; one behind a wall is named as out of it', async () => {
    const t = await yard()
    const r = await t.preview('Vex', 'Raider', 0, { aim: 'aimed' }, 'semi')
    if (!r.ok) throw new Error(r.error.message)
    const p = r.value as AttackPreview
    // LUCK 5, aimed +10: d100 41–100 reaches Raider (60%); the other 40% strays, all of it to Brute.
    expect(p.outcomes[0]).toEqual({ label: 'Strays to Brute', probability: expect.closeTo(0.4, 10) })
    expect(p.outcomes.some((o) => /Thug/.test(o.label))).toBe(false)
    const lines = p.explanation.flatMap((s) => s.lines.map((l) => `${l.label}: ${l.value}`))
    expect(lines).toContain('Brute: the only one')
    expect(lines).toContainEqual(expect.stringMatching(/^Thug: cannot be hit: Vex cannot see Thug: a wall stands between them/))
  })

  it('SR-CX-180: a stray reaches only one the shooter has a line of fire to, judged at its own place on the map', async () => {
    const t = await yard()
    const before = { raider: await t.hpOf('Raider'), thug: await t.hpOf('Thug'), brute: await t.hpOf('Brute') }
    const r = await t.attack('Vex', 'Raider', 0, { aim: 'aimed' }, [40, 9, 10], 'semi')
    if (!r.ok) throw new Error(r.error.message)
    const logs = await t.logs()
    expect(logs.join('\n')).toMatch(
      /Vex fires the Anvil Arms C25 at Raider, but the shot strays \(Luck check 50 vs DC 50\): stray: only Brute can be hit, and is \(000 Firing into Melee\) — Vex fires the Anvil Arms C25 at Brute: hit/,
    )
    expect(await t.hpOf('Raider')).toBe(before.raider)
    expect(await t.hpOf('Thug')).toBe(before.thug)
    expect(await t.hpOf('Brute')).toBeLessThan(before.brute!)
    const records = (await t.gm.must('snapshot', undefined)).records
    const entry = records.filter((x): x is LogEntryRecord => x.typeName === 'log').find((e) => /stray: only Brute/.test(e.text))!
    // Brute is judged where it stands: Raider, between, hides part of it (SR-CORE-31).
    expect((entry.detail ?? []).flatMap((s) => s.lines.map((l) => l.label))).toContainEqual(expect.stringMatching(/^Someone between at /))
  })
})

describe('000 Grappling: a shot at a grappled target that does not reach it hits the other (SR-CX-180)', () => {
  it('000 Grappling: a d100 over 50 + LUCK sends the shot to the other grappler, resolved on it in the same command', async () => {
    const bare = { rigIds: [], materialId: null }
    const h = await brawl({ vex: { armour: bare }, raider: { armour: bare }, brute: { weapons: [pistol] } })
    const grapple = act(h, 'Vex', 'grapple', 'Raider', {}, [50, 40])
    if (!grapple.ok) throw new Error(grapple.error.message)
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    const before = { vex: combatant(h, 'Vex').hp, raider: combatant(h, 'Raider').hp }
    // LUCK 5: d100 99 is over 50, so the shot goes to Vex; then Vex's d10 8 (a hit) and the armour d100 50.
    const r = attack(h, request(h, 'Brute', 'Raider', 0, 'semi', { distance: 5 }), [99, 8, 50])
    expect(r.ok ? '' : r.error.message).toBe('')
    expect(combatant(h, 'Raider').hp).toBe(before.raider)
    expect(combatant(h, 'Vex').hp).toBeLessThan(before.vex)
    expect(logOf(h, 'Brute fires')).toMatch(
      /the shot strays \(d100 99 over 50\): stray: only Vex can be hit, and is \(000 Grappling\) — Brute fires the G&W 10mm Auto at Vex: hit/,
    )
  })
})
