import { describe, expect, it } from 'vitest'
import type { CommandInput } from '../../../src-shared/commands'
import type { CombatantRecord, TemplateId } from '../../../src-shared/records'
import { d20TwoActionRuleset } from '../../../src-main/rules/d20-two-action/d20-ruleset'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

const RAIDER = { name: 'Raider', side: 'enemy' as const, kind: 'npc' as const, maxHp: 40, initiativeModifier: 3, faction: 'Red Hand' }
const SNIPER = { name: 'Sniper', side: 'enemy' as const, kind: 'npc' as const, maxHp: 30, initiativeModifier: 8, faction: '' }

const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true })
const names = (h: CampaignHarness) =>
  h.campaign.store
    .ofType('combatant')
    .map((c) => c.name)
    .sort(byNumber)
const combatant = (h: CampaignHarness, name: string): CombatantRecord => h.campaign.store.ofType('combatant').find((c) => c.name === name)!
const undoLabel = (h: CampaignHarness) => {
  const history = h.campaign.store.get('history')
  return history?.typeName === 'history' ? history.undo.at(-1)?.label : undefined
}
const errorOf = (r: ReturnType<CampaignHarness['run']>) => (r.ok ? null : r.error)
/** Everything but the undo history, which a refused command never reaches anyway. */
const everything = (h: CampaignHarness) => JSON.stringify(h.campaign.store.toObject())

function templateId(h: CampaignHarness, name: string): TemplateId {
  const t = h.campaign.store.ofType('template').find((x) => x.name === name)
  if (!t) throw new Error(`no roster entry named ${name}`)
  return t.id
}

async function roster(seed = 'squad-seed') {
  const h = await CampaignHarness.create(seed)
  h.must('template/save', RAIDER)
  h.must('template/save', SNIPER)
  return { h, raider: templateId(h, 'Raider'), sniper: templateId(h, 'Sniper') }
}

type Squad = CommandInput<'squad/add'>
const line = (templateId: TemplateId, count: number) => ({ kind: 'template' as const, templateId, count })

describe('squad/add', () => {
  it('adds every line numbered after the names in use, on one side, hidden, in one undo step', async () => {
    const { h, raider, sniper } = await roster()
    h.must('template/spawn', { templateId: raider, count: 2 })
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
    h.must('squad/add', { entries: [line(raider, 2), line(sniper, 1), line(raider, 1)], side: 'ally', hidden: true })
    expect(names(h)).toEqual(['Raider 1', 'Raider 2', 'Raider 3', 'Raider 4', 'Raider 5', 'Sniper 1', 'Vex'])
    for (const n of ['Raider 3', 'Raider 4', 'Raider 5', 'Sniper 1']) expect(combatant(h, n)).toMatchObject({ side: 'ally', hidden: true })
    expect(combatant(h, 'Raider 1')).toMatchObject({ side: 'enemy', hidden: false })
    expect(combatant(h, 'Sniper 1')).toMatchObject({ templateId: sniper, hp: 30, maxHp: 30, initiativeModifier: 8 })
    expect(undoLabel(h)).toBe('Add squad Raider 3 and Raider 4, Sniper 1, Raider 5')
    const log = h.campaign.store.ofType('log').find((l) => l.text.startsWith('Added squad'))!
    expect(log).toMatchObject({ visibility: 'gm', text: 'Added squad: Raider 3 and Raider 4, Sniper 1, Raider 5 (hidden)' })

    h.must('history/undo', {})
    expect(names(h)).toEqual(['Raider 1', 'Raider 2', 'Vex'])
    h.must('history/redo', {})
    expect(names(h)).toHaveLength(7)
  })

  it('refuses a gone roster entry or an unknown ready-made NPC by its line, and changes nothing', async () => {
    const h = await CampaignHarness.create('squad-seed', tempDir(), undefined, d20TwoActionRuleset)
    h.must('template/save', { ...RAIDER, maxHp: 12, initiativeModifier: 1 })
    const raider = templateId(h, 'Raider')
    const before = everything(h)
    // The ready-made Brute would join the roster first: the refusal later on must take that back too.
    const gone = errorOf(
      h.run('squad/add', {
        entries: [{ kind: 'quickNpc', name: 'Brute', count: 1 }, line(raider, 2), line('template:deleted', 1)],
      }),
    )
    expect(gone).toEqual({
      code: 'squad/missingEntry',
      message: 'Entry 3 of the squad (template:deleted): that roster entry is gone. Pick another.',
    })
    const unknown = errorOf(h.run('squad/add', { entries: [line(raider, 1), { kind: 'quickNpc', name: 'Gobbo', count: 2 }] }))
    expect(unknown?.code).toBe('squad/unknownQuickNpc')
    expect(unknown?.message).toBe(
      `Entry 2 of the squad (Gobbo): the ${d20TwoActionRuleset.name} ruleset has no ready-made NPC of that name.`,
    )
    expect(everything(h)).toBe(before)
  })

  it('names the line whose numbered names would not fit', async () => {
    const { h, raider } = await roster()
    const long = 'L'.repeat(58)
    h.must('template/save', { ...RAIDER, name: long })
    const r = errorOf(h.run('squad/add', { entries: [line(raider, 1), line(templateId(h, long), 10)] }))
    expect(r?.code).toBe('template/nameTooLong')
    expect(r?.message).toMatch(/^Entry 2 of the squad \(L+\): Spawning 10 L+s would need names longer than 60 characters/)
    expect(names(h)).toEqual([])
  })

  it('is bounded: entries, counts, the squad size and names are checked before any decider runs', async () => {
    const { h, raider } = await roster()
    const cases: unknown[] = [
      { entries: [] },
      { entries: Array.from({ length: 21 }, () => line(raider, 1)) },
      { entries: [line(raider, 30), line(raider, 21)] },
      { entries: [line(raider, 0)] },
      { entries: [line(raider, 51)] },
      { entries: [{ kind: 'quickNpc', name: 'x'.repeat(61), count: 1 }] },
      { entries: [{ kind: 'quickNpc', name: 'Thug', templateId: raider, count: 1 }] },
      { entries: [line(raider, 1)], side: 'martians' },
      { entries: [line(raider, 1)], saveAs: '  ' },
    ]
    for (const [i, payload] of cases.entries()) {
      const r = h.engine.execute({ type: 'squad/add', payload, meta: { commandId: `bad-squad-${i}` } })
      expect(r.ok ? 'accepted' : r.error.code, JSON.stringify(payload).slice(0, 80)).toBe('command/invalid')
    }
    // The largest squad allowed goes through: 20 lines, 50 combatants.
    const most: Squad = { entries: Array.from({ length: 20 }, (_, i) => line(raider, i < 10 ? 3 : 2)) }
    h.must('squad/add', most)
    expect(names(h)).toHaveLength(50)
    expect(names(h).at(-1)).toBe('Raider 50')
  })

  it('with one initiative roll, a squad joining a running fight rolls once and acts together', async () => {
    const { h, raider, sniper } = await roster()
    for (const name of ['Ann', 'Bea']) h.must('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 30 })
    h.must('encounter/start', { name: 'Ambush' })
    h.must('encounter/rollInitiative', {}, [90, 20])
    h.must('squad/add', { entries: [line(raider, 2), line(sniper, 1)], oneInitiativeRoll: true }, [47]) // 47 + 3, the first member's modifier
    const order = h.campaign.store
      .ofType('combatant')
      .sort((a, b) => a.orderKey! - b.orderKey!)
      .map((c) => c.name)
    expect(order).toEqual(['Ann', 'Raider 1', 'Raider 2', 'Sniper 1', 'Bea'])
    const squad = ['Raider 1', 'Raider 2', 'Sniper 1'].map((n) => combatant(h, n))
    expect(squad.every((c) => c.initiative!.total === 50)).toBe(true)
    const lines = h.campaign.store.ofType('log').filter((l) => l.text.includes('join the fight'))
    expect(lines.map((l) => l.text)).toEqual(['Raider 1, Raider 2 and Sniper 1 join the fight, initiative: 50'])
    expect(lines[0]!.rolls).toHaveLength(1)

    // Without it, each rolls for itself.
    h.must('squad/add', { entries: [line(raider, 2), line(sniper, 1)] })
    expect(h.campaign.store.ofType('log').filter((l) => l.text.includes('joins the fight'))).toHaveLength(3)
  })

  it('puts a ready-made NPC in the roster once, with its sheet, and spawns from that entry after', async () => {
    const h = await CampaignHarness.create('squad-seed', tempDir(), undefined, d20TwoActionRuleset)
    const brute = d20TwoActionRuleset.quickNpcs!.find((n) => n.name === 'Brute')!
    h.must('squad/add', { entries: [{ kind: 'quickNpc', name: 'Brute', count: 2 }], side: 'enemy' })
    const entries = h.campaign.store.ofType('template')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ name: 'Brute', kind: 'npc', side: 'enemy', maxHp: brute.maxHp, tags: brute.tags })
    expect(entries[0]!.rules).not.toBeNull()
    expect(names(h)).toEqual(['Brute 1', 'Brute 2'])
    expect(combatant(h, 'Brute 2')).toMatchObject({ templateId: entries[0]!.id, rules: entries[0]!.rules })

    h.must('squad/add', { entries: [{ kind: 'quickNpc', name: 'Brute', count: 1 }] })
    expect(h.campaign.store.ofType('template')).toHaveLength(1)
    expect(names(h)).toEqual(['Brute 1', 'Brute 2', 'Brute 3'])
    // Undo takes the first squad's roster entry back with it.
    h.must('history/undo', {})
    h.must('history/undo', {})
    expect(h.campaign.store.ofType('template')).toEqual([])
  })

  it('saves the squad as an encounter in the same step, with one roll per group', async () => {
    const h = await CampaignHarness.create('squad-seed', tempDir(), undefined, d20TwoActionRuleset)
    h.must('template/save', { ...RAIDER, maxHp: 12 })
    const raider = templateId(h, 'Raider')
    h.must('squad/add', {
      entries: [line(raider, 2), { kind: 'quickNpc', name: 'Brute', count: 1 }, line(raider, 1)],
      hidden: true,
      oneInitiativeRoll: true,
      saveAs: 'Dockside ambush',
    })
    const [plan] = h.campaign.store.ofType('plan')
    expect(plan).toMatchObject({
      name: 'Dockside ambush',
      groupInitiative: true,
      entries: [
        { templateId: raider, count: 3, hidden: true },
        { templateId: templateId(h, 'Brute'), count: 1, hidden: true },
      ],
    })
    h.must('history/undo', {})
    expect(h.campaign.store.ofType('plan')).toEqual([])
    expect(names(h)).toEqual([])
  })
})

describe('saved encounters keep their numbering', () => {
  async function foughtOnce() {
    const { h, raider, sniper } = await roster()
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
    h.must('squad/add', { entries: [line(raider, 3), line(sniper, 1)], saveAs: 'Dockside ambush' })
    h.must('combatant/adjustHp', { combatantId: h.combatantId('Raider 2'), delta: -40 })
    return { h, raider, sniper, plan: h.campaign.store.ofType('plan')[0]! }
  }

  it('started again, it is Raider 1–3 again at full health; the last fight’s copies go, undoably', async () => {
    const { h, plan } = await foughtOnce()
    const old = h.campaign.store.ofType('combatant').filter((c) => c.templateId !== null)
    h.must('plan/start', { planId: plan.id })
    h.must('encounter/end', {})
    h.must('plan/start', { planId: plan.id })
    expect(names(h)).toEqual(['Raider 1', 'Raider 2', 'Raider 3', 'Sniper 1', 'Vex'])
    expect(combatant(h, 'Raider 2').hp).toBe(40)
    expect(old.some((c) => h.campaign.store.get(c.id))).toBe(false)
    expect(h.logText()).toContain('Cleared Raider 1, Raider 2, Raider 3 and Sniper 1 from the last fight')
    expect(h.campaign.store.ofType('encounter').filter((e) => e.status === 'active')).toHaveLength(1)

    h.must('history/undo', {})
    h.must('history/undo', {})
    expect(combatant(h, 'Raider 2').hp).toBe(40) // the first start's fresh copies are back
    h.must('history/undo', {})
    // Before any start: the squad as it was fought, hurt Raider 2 and all.
    expect(combatant(h, 'Raider 2').hp).toBe(0)
    expect(names(h)).toEqual(['Raider 1', 'Raider 2', 'Raider 3', 'Sniper 1', 'Vex'])
  })

  it('keeps what is not its own: hand-added combatants and other entries’ copies stay, and new numbers go around them', async () => {
    const { h, plan } = await foughtOnce()
    h.must('template/save', { ...RAIDER, name: 'Drone' })
    h.must('template/spawn', { templateId: templateId(h, 'Drone'), count: 1 })
    h.must('combatant/add', { name: 'Raider 1', side: 'enemy', kind: 'npc', maxHp: 5 }) // a hand-made namesake is not a copy
    h.must('plan/start', { planId: plan.id })
    expect(names(h)).toEqual(['Drone 1', 'Raider 1', 'Raider 2', 'Raider 3', 'Raider 4', 'Sniper 1', 'Vex'])
  })

  it('resumed with some removed, a new copy continues after the highest number: never a second Raider 2', async () => {
    const { h, raider } = await foughtOnce()
    h.must('combatant/remove', { combatantId: h.combatantId('Raider 1') })
    const reopened = await h.reopen()
    expect(reopened.ok).toBe(true)
    h.must('squad/add', { entries: [line(raider, 1)] })
    h.must('template/spawn', { templateId: raider, count: 1 })
    expect(names(h)).toEqual(['Raider 2', 'Raider 3', 'Raider 4', 'Raider 5', 'Sniper 1', 'Vex'])
  })
})
