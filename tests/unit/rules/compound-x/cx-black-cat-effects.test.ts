import { describe, expect, it } from 'vitest'
import type { ActionRequest, AttackRequest } from '../../../../src-shared/attack'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant as stored, cx, live, trooper } from './cx-harness'
import { combatant, idOf, must, sheet } from './cx-rules'
import { faces } from './fixtures'

const unlucky = { str: 6, per: 8, fort: 6, cha: 5, int: 5, dex: 6, luck: 1 }

/** A Luck-1 Jinx alone (or with Raider) rolls initiative: d100 40 (Raider 30), then the Black Cat d10 and any Will save. */
async function omen(dice: number[], withRaider = false) {
  const h = await CampaignHarness.create('black-cat', tempDir(), undefined, cx)
  h.must('combatant/add', { name: 'Jinx', side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ stats: unlucky }) })
  if (withRaider) h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
  h.must('encounter/start', { name: 'Bad omen' })
  h.must('encounter/rollInitiative', {}, dice)
  return h
}

const shot: AttackRequest = { attackerId: idOf('Jinx'), targetId: idOf('Raider'), weapon: 0, mode: 'semi', options: { distance: 8 } }
const act = (action: string, options: ActionRequest['options'] = {}): ActionRequest => ({
  actorId: idOf('Jinx'),
  action,
  targetId: null,
  options,
})

describe('CX30 Black Cat 3–4: no critical hits or successes this encounter (SR-CX-86)', () => {
  it('SR-CX-86: a 3 marks the Luck-1 combatant when the fight starts, and the mark ends with the encounter', async () => {
    const h = await omen([40, 30, 3], true)
    expect(live(h, 'Jinx').blackCat.noCriticals).toBe(true)
    expect(
      cx
        .combatantRules!.card(stored(h, 'Jinx').rules)
        .flatMap((s) => s.lines)
        .some((l) => l.label === 'Black Cat'),
    ).toBe(true)
    h.must('encounter/end', {})
    expect(live(h, 'Jinx').blackCat.noCriticals).toBe(false)
  })

  it('SR-CX-86: a natural 10 (Luck 1’s critical band, CX10) rolls no critical d10 while marked; unmarked it does', () => {
    const raider = combatant('Raider', sheet())
    const d10s = (noCriticals: boolean) => {
      const jinx = combatant('Jinx', sheet({ stats: unlucky }, { blackCat: { noCriticals, actionsLost: 0, fear: false } }))
      // Marked, no critical d10 comes, so the same armour d100 follows the accuracy die at once.
      const r = must(cx.attacks!.resolve(shot, jinx, raider, noCriticals ? faces(10, 50, 50) : faces(10, 9, 50, 50)))
      return { d10: r.rolls.filter((x) => x.sides === 10).length, damage: Number(/(\d+) damage/.exec(r.summary)![1]) }
    }
    const [open, marked] = [d10s(false), d10s(true)]
    // The critical's d10 9 (Luck 1–3: 6–10 is a critical) adds 20 damage (CX10) only when criticals are open
    // (40 vs 50 to health: the armour takes its share of the larger hit).
    expect(open.d10).toBe(2)
    expect(marked.d10).toBe(1)
    expect([open.damage, marked.damage]).toEqual([50, 40])
  })

  it('SR-CX-86: the melee odds lose their critical share while marked', () => {
    const raider = combatant('Raider', sheet())
    const strike: AttackRequest = { ...shot, weapon: 1, mode: 'strike', options: { distance: 1 } }
    const preview = (noCriticals: boolean) =>
      must(
        cx.attacks!.preview(
          strike,
          combatant('Jinx', sheet({ stats: unlucky }, { blackCat: { noCriticals, actionsLost: 0, fear: false } })),
          raider,
        ),
      ).outcomes.find((o) => o.label.startsWith('Critical'))?.probability ?? 0
    expect(preview(false)).toBeGreaterThan(0)
    expect(preview(true)).toBe(0)
  })

  it('SR-CX-86: a thrown knife’s odds lose their critical share while marked', () => {
    const raider = combatant('Raider', sheet())
    // Slots: the C25 (0), Unarmed Strike (1), the knives (2).
    const toss: AttackRequest = { ...shot, weapon: 2, mode: 'throw', options: { distance: 10 } }
    const preview = (noCriticals: boolean) =>
      must(
        cx.attacks!.preview(
          toss,
          combatant(
            'Jinx',
            sheet(
              { stats: unlucky, thrown: [{ itemId: 'gurber-throwing-knife', count: 2 }] },
              { blackCat: { noCriticals, actionsLost: 0, fear: false } },
            ),
          ),
          raider,
        ),
      ).outcomes.find((o) => o.label.startsWith('Critical'))?.probability ?? 0
    expect(preview(false)).toBeGreaterThan(0)
    expect(preview(true)).toBe(0)
  })

  it('SR-CX-86: a natural 95 reload is a plain success while marked (2 actions, not the critical’s 1; 000 Reloading)', () => {
    const cost = (noCriticals: boolean) => {
      const jinx = combatant('Jinx', sheet({ stats: unlucky }, { blackCat: { noCriticals, actionsLost: 0, fear: false } }))
      return must(cx.actions!.perform(act('reload', { weapon: '0' }), jinx, null, faces(95))).cost
    }
    expect(cost(false)).toEqual([{ pool: 'actions', amount: 1 }])
    expect(cost(true)).toEqual([{ pool: 'actions', amount: 2 }])
  })
})

describe('CX30 Black Cat 5–6: three actions of the first turn lost (SR-CX-87)', () => {
  it('SR-CX-87: a 5 costs 15 health at once and three of the four actions when its first turn starts', async () => {
    const h = await omen([40, 5])
    expect(stored(h, 'Jinx').hp).toBe(110 - 15)
    expect(stored(h, 'Jinx').spent['actions']).toBe(3)
    expect(live(h, 'Jinx').blackCat.actionsLost).toBe(0)
    expect(h.campaign.store.ofType('log').some((l) => /3 actions of the first turn lost/.test(l.text))).toBe(true)
  })

  it('SR-CX-87: a 9 costs nothing: the first turn has all four actions', async () => {
    const h = await omen([40, 9])
    expect(stored(h, 'Jinx').spent['actions'] ?? 0).toBe(0)
  })
})

describe('CX30 Black Cat 7–8: a failed DC 75 Will save puts Fear of its enemies on (SR-CX-87, 01_05 Fear)', () => {
  it('SR-CX-87: Will 10 + 8 fails: Fear goes on at its first turn; only Move and the shake-off stay open, attacks are refused', async () => {
    const h = await omen([40, 30, 7, 10], true)
    const jinx = stored(h, 'Jinx')
    expect(jinx.conditions.map((c) => c.conditionId)).toEqual(['fear'])
    const list = cx.actions!.list({ ...combatant('Jinx', sheet()), conditions: jinx.conditions })
    expect(list.find((a) => a.key === 'reload')?.unavailable).toMatch(/afraid/)
    expect(list.find((a) => a.key === 'move')?.unavailable).toBeNull()
    expect(list.find((a) => a.key === 'shake-off-fear')?.unavailable).toBeNull()
    const request = { ...shot, attackerId: h.combatantId('Jinx'), targetId: h.combatantId('Raider') }
    const r = h.run('attack/resolve', { request }, [9])
    expect(!r.ok && r.error).toMatchObject({ code: 'attack/cannotAct', message: expect.stringMatching(/afraid/) })
  })

  it('01_05 Fear: the shake-off is a DC 50 Will save for 1 action; 45 + 8 passes and ends the condition, 40 + 8 does not', async () => {
    const h = await omen([40, 30, 8, 10], true)
    const roll = (d100: number) =>
      h.must('action/perform', { request: { actorId: h.combatantId('Jinx'), action: 'shake-off-fear', targetId: null, options: {} } }, [
        d100,
      ])
    roll(40)
    expect(stored(h, 'Jinx').conditions.map((c) => c.conditionId)).toEqual(['fear'])
    roll(45)
    expect(stored(h, 'Jinx').conditions).toEqual([])
    expect(stored(h, 'Jinx').spent['actions']).toBe(2)
  })

  it('SR-CX-86/SR-CX-87: a Fear not shaken off ends with the encounter, like the table’s other marks', async () => {
    const h = await omen([40, 30, 7, 10], true)
    expect(stored(h, 'Jinx').conditions.map((c) => c.conditionId)).toEqual(['fear'])
    h.must('encounter/end', {})
    expect(stored(h, 'Jinx').conditions).toEqual([])
  })

  it('SR-CX-87: a passed Will save (80 + 8) leaves it unafraid', async () => {
    const h = await omen([40, 7, 80])
    expect(stored(h, 'Jinx').conditions).toEqual([])
  })
})
