import { describe, expect, it } from 'vitest'
import type { CombatantRecord, TemplateId } from '../../../src-shared/records'
import type { CxCombatant } from '../../../src-main/rules/compound-x/sheet/cx-sheet'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'
import { cx, trooper } from '../rules/compound-x/cx-harness'

const RAIDER = {
  name: 'Raider',
  side: 'enemy' as const,
  kind: 'npc' as const,
  maxHp: 40,
  initiativeModifier: 3,
  faction: 'Red Hand',
  tags: ['melee'],
}

function templates(h: CampaignHarness) {
  return h.campaign.store.ofType('template').sort((a, b) => a.name.localeCompare(b.name))
}

function templateId(h: CampaignHarness, name: string): TemplateId {
  const t = h.campaign.store.ofType('template').find((x) => x.name === name)
  if (!t) throw new Error(`no roster entry named ${name}`)
  return t.id
}

/** Combatant names in acting order (unplaced ones last, by name). */
function order(h: CampaignHarness): string[] {
  return h.campaign.store
    .ofType('combatant')
    .sort((a, b) => (a.orderKey ?? Infinity) - (b.orderKey ?? Infinity) || a.name.localeCompare(b.name, 'en', { numeric: true }))
    .map((c) => c.name)
}

function names(h: CampaignHarness): string[] {
  return h.campaign.store
    .ofType('combatant')
    .map((c) => c.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
}

const combatant = (h: CampaignHarness, name: string): CombatantRecord => h.campaign.store.ofType('combatant').find((c) => c.name === name)!
const undoLabel = (h: CampaignHarness) => {
  const history = h.campaign.store.get('history')
  return history?.typeName === 'history' ? history.undo.at(-1)?.label : undefined
}
const errorOf = (r: ReturnType<CampaignHarness['run']>) => (r.ok ? null : r.error)

async function withRaider() {
  const h = await CampaignHarness.create('roster-seed')
  h.must('template/save', RAIDER)
  return { h, raider: templateId(h, 'Raider') }
}

describe('roster entries', () => {
  it('saves a new entry and edits it in place, keeping its id', async () => {
    const { h, raider } = await withRaider()
    expect(templates(h)).toEqual([{ typeName: 'template', id: raider, ...RAIDER, rules: null }])
    expect(undoLabel(h)).toBe('Add Raider to the roster')

    h.must('template/save', { templateId: raider, ...RAIDER, name: 'Red Hand raider', maxHp: 45, tags: ['melee', 'Melee', 'fast'] })
    expect(templates(h)).toHaveLength(1)
    expect(templates(h)[0]).toMatchObject({ id: raider, name: 'Red Hand raider', maxHp: 45, tags: ['melee', 'fast'] })
    expect(undoLabel(h)).toBe('Edit roster entry Red Hand raider')
    h.must('history/undo', {})
    expect(templates(h)[0]).toMatchObject({ id: raider, name: 'Raider', maxHp: 40 })
    h.must('history/redo', {})
    expect(templates(h)[0]).toMatchObject({ name: 'Red Hand raider' })
  })

  it('duplicates as "(copy)", then "(copy 2)", and undo takes a copy back', async () => {
    const { h, raider } = await withRaider()
    h.must('template/duplicate', { templateId: raider })
    h.must('template/duplicate', { templateId: raider })
    expect(templates(h).map((t) => t.name)).toEqual(['Raider', 'Raider (copy 2)', 'Raider (copy)'])
    const copy = templates(h).find((t) => t.name === 'Raider (copy)')!
    expect(copy).toMatchObject({ side: 'enemy', maxHp: 40, faction: 'Red Hand', tags: ['melee'] })
    expect(copy.id).not.toBe(raider)
    expect(undoLabel(h)).toBe('Duplicate Raider')
    h.must('history/undo', {})
    expect(templates(h).map((t) => t.name)).toEqual(['Raider', 'Raider (copy)'])
  })

  it('deletes, and undo brings the entry back whole; redo deletes it again', async () => {
    const { h, raider } = await withRaider()
    const before = templates(h)
    h.must('template/remove', { templateId: raider })
    expect(templates(h)).toEqual([])
    expect(undoLabel(h)).toBe('Delete roster entry Raider')
    h.must('history/undo', {})
    expect(templates(h)).toEqual(before)
    h.must('history/redo', {})
    expect(templates(h)).toEqual([])
  })

  it('keeps the roster across a crash and reopen (journal on disk)', async () => {
    const { h, raider } = await withRaider()
    h.must('template/spawn', { templateId: raider, count: 2 })
    const reopened = await h.reopen()
    expect(reopened.ok).toBe(true)
    expect(templates(h).map((t) => t.name)).toEqual(['Raider'])
    expect(names(h)).toEqual(['Raider 1', 'Raider 2'])
  })

  it('makes an entry from a combatant: no number, same side, kind, HP and modifier', async () => {
    const h = await CampaignHarness.create()
    h.must('combatant/add', { name: 'Scav 12', side: 'neutral', kind: 'npc', maxHp: 22, initiativeModifier: -4 })
    h.must('combatant/adjustHp', { combatantId: h.combatantId('Scav 12'), delta: -10 })
    h.must('template/fromCombatant', { combatantId: h.combatantId('Scav 12'), faction: 'Scrappers' })
    expect(templates(h)).toEqual([
      expect.objectContaining({
        name: 'Scav',
        side: 'neutral',
        kind: 'npc',
        maxHp: 22,
        initiativeModifier: -4,
        faction: 'Scrappers',
        rules: null,
        tags: [],
      }),
    ])
    expect(undoLabel(h)).toBe('Save Scav 12 to the roster')
    const log = h.campaign.store.ofType('log').at(-1)!
    expect(log).toMatchObject({ visibility: 'gm', subjects: [h.combatantId('Scav 12')] })
  })

  it('refuses with specific messages', async () => {
    const { h, raider } = await withRaider()
    const missing = 'template:nope' as const
    expect(errorOf(h.run('template/spawn', { templateId: missing, count: 1 }))).toEqual({
      code: 'template/notFound',
      message: 'No roster entry template:nope.',
    })
    expect(errorOf(h.run('template/duplicate', { templateId: missing }))?.message).toBe('No roster entry template:nope.')
    expect(errorOf(h.run('template/remove', { templateId: missing }))?.code).toBe('template/notFound')
    expect(errorOf(h.run('template/save', { templateId: missing, ...RAIDER }))?.code).toBe('template/notFound')
    expect(errorOf(h.run('template/save', { templateId: raider, ...RAIDER }))?.code).toBe('template/noChange')
    expect(errorOf(h.run('template/fromCombatant', { combatantId: 'combatant:ghost' }))?.code).toBe('combatant/notFound')
    expect(errorOf(h.run('plan/start', { planId: 'plan:nope' }))).toEqual({
      code: 'plan/notFound',
      message: 'No saved encounter plan:nope.',
    })
    expect(errorOf(h.run('plan/remove', { planId: 'plan:nope' }))?.code).toBe('plan/notFound')
    // The generic ruleset keeps no sheets: a template with one is refused, not stored blindly.
    expect(errorOf(h.run('template/save', { ...RAIDER, rules: { stats: {} } }))?.code).toBe('rules/unsupported')

    const longName = 'L'.repeat(58)
    h.must('template/save', { ...RAIDER, name: longName })
    const tooLong = errorOf(h.run('template/spawn', { templateId: templateId(h, longName), count: 12 }))
    expect(tooLong?.code).toBe('template/nameTooLong')
    expect(tooLong?.message).toMatch(
      new RegExp(`^Spawning 12 ${longName}s would need names longer than 60 characters \\("${longName} 10"\\)`),
    )
    // Nine copies still fit ("L…L 9" is 60 characters).
    h.must('template/spawn', { templateId: templateId(h, longName), count: 9 })
  })

  it('validates payloads strictly before any decider runs', async () => {
    const { h, raider } = await withRaider()
    const cases: [string, unknown][] = [
      ['template/spawn', { templateId: raider, count: 0 }],
      ['template/spawn', { templateId: raider, count: 51 }],
      ['template/spawn', { templateId: raider, count: 2, extra: true }],
      ['template/save', { ...RAIDER, maxHp: 0 }],
      ['template/save', { ...RAIDER, tags: Array.from({ length: 13 }, (_, i) => `t${i}`) }],
      ['template/save', { ...RAIDER, faction: 'x'.repeat(61) }],
      ['plan/save', { name: '   ' }],
      ['encounter/rollInitiative', { groupByTemplate: 'yes' }],
    ]
    for (const [type, payload] of cases) {
      const r = h.engine.execute({ type, payload, meta: { commandId: `bad-${type.replace('/', '-')}` } })
      expect(r.ok ? 'accepted' : r.error.code, `${type} ${JSON.stringify(payload).slice(0, 60)}`).toBe('command/invalid')
    }
    expect(templates(h)).toHaveLength(1)
  })
})

describe('spawning numbered copies', () => {
  it('names copies 1…N with the entry set on each, hidden if asked, at full health with fresh turn state', async () => {
    const { h, raider } = await withRaider()
    h.must('template/spawn', { templateId: raider, count: 3, hidden: true })
    expect(names(h)).toEqual(['Raider 1', 'Raider 2', 'Raider 3'])
    for (const c of h.campaign.store.ofType('combatant')) {
      expect(c).toMatchObject({ templateId: raider, hidden: true, side: 'enemy', kind: 'npc', hp: 40, maxHp: 40, initiativeModifier: 3 })
      expect(c).toMatchObject({ initiative: null, orderKey: null, conditions: [], spent: {}, delayed: false, held: null })
    }
    expect(h.logText()).toContain('Added Raider 1–3 (hidden)')
  })

  it('continues after the highest number in use, skipping taken ones, and counts a lone name as taken', async () => {
    const { h, raider } = await withRaider()
    h.must('template/spawn', { templateId: raider, count: 6 })
    h.must('template/spawn', { templateId: raider, count: 1 })
    expect(names(h).at(-1)).toBe('Raider 7')
    expect(undoLabel(h)).toBe('Spawn Raider 7')

    // Numbers belong to the name, whoever made the combatant: a hand-added "Raider 12" is taken.
    h.must('combatant/add', { name: 'Raider 12', side: 'enemy', kind: 'npc', maxHp: 5 })
    h.must('template/spawn', { templateId: raider, count: 2 })
    expect(names(h).slice(-3)).toEqual(['Raider 12', 'Raider 13', 'Raider 14'])

    const h2 = await CampaignHarness.create()
    h2.must('combatant/add', { name: 'Drone', side: 'enemy', kind: 'npc', maxHp: 5 })
    h2.must('template/save', { name: 'Drone', side: 'enemy', kind: 'npc', maxHp: 5 })
    h2.must('template/spawn', { templateId: templateId(h2, 'Drone'), count: 2 })
    expect(names(h2)).toEqual(['Drone', 'Drone 2', 'Drone 3'])
    // A name that merely starts the same is someone else.
    h2.must('combatant/add', { name: 'Drone Mk 9', side: 'enemy', kind: 'npc', maxHp: 5 })
    h2.must('template/spawn', { templateId: templateId(h2, 'Drone'), count: 1 })
    expect(names(h2)).toContain('Drone 4')
  })

  it('is one undo step however many copies it makes', async () => {
    const { h, raider } = await withRaider()
    h.must('template/spawn', { templateId: raider, count: 5 })
    expect(undoLabel(h)).toBe('Spawn 5 Raiders')
    h.must('history/undo', {})
    expect(names(h)).toEqual([])
    h.must('history/redo', {})
    expect(names(h)).toEqual(['Raider 1', 'Raider 2', 'Raider 3', 'Raider 4', 'Raider 5'])
    h.must('history/undo', {})
    // Undone numbers are free again.
    h.must('template/spawn', { templateId: raider, count: 1 })
    expect(names(h)).toEqual(['Raider 1'])
  })

  it('slots newcomers into a running fight by their own rolls (seeded dice)', async () => {
    const { h, raider } = await withRaider()
    for (const name of ['Ann', 'Bea', 'Cal', 'Dov']) h.must('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 30 })
    h.must('encounter/start', { name: 'Ambush' })
    h.must('encounter/rollInitiative', {})
    const round = h.campaign.store.ofType('encounter')[0]!
    h.must('template/spawn', { templateId: raider, count: 6 })

    const placed = h.campaign.store.ofType('combatant').sort((a, b) => a.orderKey! - b.orderKey!)
    expect(placed.every((c) => c.initiative !== null && c.orderKey !== null)).toBe(true)
    const totals = placed.map((c) => c.initiative!.total)
    // Acting order never puts a lower roll before a higher one.
    expect(totals).toEqual([...totals].sort((a, b) => b - a))
    // The raiders did roll six separate times (not one shared roll), and the seed spread them out.
    const raiders = placed.filter((c) => c.templateId === raider)
    expect(new Set(raiders.map((c) => c.initiative!.roll.faces.join())).size).toBeGreaterThan(1)
    expect(new Set(placed.map((c) => c.orderKey)).size).toBe(placed.length)
    // Nobody already placed moved, and the turn did not change.
    expect(h.campaign.store.ofType('encounter')[0]).toEqual(round)
    const log = h.campaign.store.ofType('log').filter((l) => l.text.includes('joins the fight'))
    expect(log).toHaveLength(6)
    expect(log.every((l) => l.visibility === 'gm' && l.subjects?.length === 1)).toBe(true)
  })

  it('with group initiative rolls once and places the group together at its roll', async () => {
    const { h, raider } = await withRaider()
    for (const name of ['Ann', 'Bea']) h.must('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 30 })
    h.must('encounter/start', { name: 'Ambush' })
    h.must('encounter/rollInitiative', {}, [90, 20]) // Ann 90, Bea 20
    h.must('template/spawn', { templateId: raider, count: 4, groupInitiative: true }, [47]) // one die: 47 + 3
    expect(order(h)).toEqual(['Ann', 'Raider 1', 'Raider 2', 'Raider 3', 'Raider 4', 'Bea'])
    const raiders = h.campaign.store.ofType('combatant').filter((c) => c.templateId === raider)
    expect(raiders.every((c) => c.initiative!.total === 50)).toBe(true)
    const line = h.campaign.store.ofType('log').find((l) => l.text.startsWith('Raider 1–4 join the fight'))!
    expect(line.text).toBe('Raider 1–4 join the fight, initiative: 50')
    expect(line.rolls).toHaveLength(1)
    expect(line.subjects).toHaveLength(4)
    expect(undoLabel(h)).toBe('Spawn 4 Raiders')
  })

  it('keeps fifty copies landing in one gap well apart', async () => {
    const { h, raider } = await withRaider()
    for (const name of ['Ann', 'Bea']) h.must('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 30 })
    h.must('encounter/start', { name: 'Ambush' })
    h.must('encounter/rollInitiative', {}, [90, 20])
    h.must('template/spawn', { templateId: raider, count: 50, groupInitiative: true }, [47])
    const keys = h.campaign.store
      .ofType('combatant')
      .map((c) => c.orderKey!)
      .sort((a, b) => a - b)
    const gaps = keys.slice(1).map((k, i) => k - keys[i]!)
    expect(Math.min(...gaps)).toBeGreaterThan(1)
  })

  it('does not roll when no turns are running', async () => {
    const { h, raider } = await withRaider()
    h.must('encounter/start', { name: 'Set-up' })
    h.must('template/spawn', { templateId: raider, count: 2 })
    expect(h.campaign.store.ofType('combatant').every((c) => c.initiative === null)).toBe(true)
    // The generator has not moved: it is where a fresh campaign on the same seed starts.
    const fresh = (await CampaignHarness.create('roster-seed')).campaign.store.get('rng')
    expect(h.campaign.store.get('rng')).toMatchObject({ seed: 'roster-seed', state: fresh?.typeName === 'rng' ? fresh.state : null })
  })
})

describe('one initiative roll per group for the whole encounter', () => {
  it('shares a roll among copies of one entry and keeps them together', async () => {
    const { h, raider } = await withRaider()
    h.must('template/save', { name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 30 })
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
    h.must('template/spawn', { templateId: raider, count: 3 })
    h.must('template/spawn', { templateId: templateId(h, 'Sniper'), count: 1 })
    h.must('encounter/start', { name: 'Ambush' })
    // Three rolls, not five, in name order: Raider (group) 40+3, Sniper 1 70, Vex 10.
    h.must('encounter/rollInitiative', { groupByTemplate: true }, [40, 70, 10])
    expect(order(h)).toEqual(['Sniper 1', 'Raider 1', 'Raider 2', 'Raider 3', 'Vex'])
    const raiders = h.campaign.store.ofType('combatant').filter((c) => c.templateId === raider)
    expect(new Set(raiders.map((c) => JSON.stringify(c.initiative)))).toHaveProperty('size', 1)
    expect(h.logText()).toContain('Raider 1–3 roll initiative: 43')
    expect(h.logText()).toContain('Vex rolls initiative: 10')

    // Without the option every copy rolls for itself.
    h.must('encounter/rollInitiative', {}, [1, 2, 3, 4, 5])
    expect(new Set(raiders.map((c) => combatant(h, c.name).initiative!.total)).size).toBe(3)
  })

  it('orders group members by number even past 9, and groups copies of a deleted entry too', async () => {
    const { h, raider } = await withRaider()
    h.must('template/spawn', { templateId: raider, count: 11 })
    h.must('template/remove', { templateId: raider })
    h.must('encounter/start', { name: 'Ambush' })
    h.must('encounter/rollInitiative', { groupByTemplate: true }, [33])
    expect(order(h)).toEqual(Array.from({ length: 11 }, (_, i) => `Raider ${i + 1}`))
    expect(h.logText()).toContain('Raider 1–11 roll initiative: 36')
  })
})

describe('saved encounters', () => {
  async function lineUp() {
    const { h, raider } = await withRaider()
    h.must('template/save', { name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 30 })
    const sniper = templateId(h, 'Sniper')
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
    h.must('encounter/start', { name: 'Ambush' })
    h.must('template/spawn', { templateId: raider, count: 3 })
    h.must('template/spawn', { templateId: sniper, count: 1, hidden: true })
    return { h, raider, sniper }
  }

  it('saves the roster-spawned line-up, grouped by entry with counts and hidden flags', async () => {
    const { h, raider, sniper } = await lineUp()
    h.must('plan/save', { name: 'Dockside ambush', groupInitiative: true })
    const [plan] = h.campaign.store.ofType('plan')
    expect(plan).toMatchObject({
      name: 'Dockside ambush',
      groupInitiative: true,
      entries: [
        { templateId: raider, count: 3, hidden: false },
        { templateId: sniper, count: 1, hidden: true },
      ],
    })
    expect(undoLabel(h)).toBe('Save encounter Dockside ambush')
    expect(h.logText()).toContain('Saved encounter "Dockside ambush": 3 Raiders, 1 Sniper (hidden)')
  })

  it('refuses to save a line-up with nothing from the roster', async () => {
    const h = await CampaignHarness.create()
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
    const r = errorOf(h.run('plan/save', { name: 'Nothing' }))
    expect(r?.code).toBe('plan/empty')
    expect(r?.message).toMatch(/spawned from the roster/)
  })

  it('starts again as a new encounter with fresh copies numbered as the first time, in one undo step', async () => {
    const { h } = await lineUp()
    h.must('plan/save', { name: 'Dockside ambush' })
    const plan = h.campaign.store.ofType('plan')[0]!
    const running = errorOf(h.run('plan/start', { planId: plan.id }))
    expect(running).toEqual({
      code: 'encounter/alreadyRunning',
      message: '"Ambush" is still running. End it before starting a saved encounter.',
    })

    h.must('encounter/end', {})
    const before = names(h)
    const beforeIds = h.campaign.store.ofType('combatant').map((c) => c.id)
    h.must('plan/start', { planId: plan.id })
    const active = h.campaign.store.ofType('encounter').find((e) => e.status === 'active')
    expect(active).toMatchObject({ name: 'Dockside ambush', round: 0 })
    // The last fight's copies made way: the names are those of the first time, the records new.
    expect(names(h)).toEqual(before)
    const fresh = h.campaign.store.ofType('combatant').filter((c) => c.templateId !== null)
    expect(fresh.map((c) => c.id).some((id) => beforeIds.includes(id))).toBe(false)
    expect(combatant(h, 'Sniper 1').hidden).toBe(true)
    expect(combatant(h, 'Raider 3').hidden).toBe(false)
    expect(undoLabel(h)).toBe('Start Dockside ambush')

    h.must('history/undo', {})
    expect(
      h.campaign.store
        .ofType('combatant')
        .map((c) => c.id)
        .sort(),
    ).toEqual([...beforeIds].sort())
    expect(h.campaign.store.ofType('encounter').some((e) => e.status === 'active')).toBe(false)
  })

  it('deleting an entry takes it out of saved encounters (and undo puts it back)', async () => {
    const { h, raider, sniper } = await lineUp()
    h.must('plan/save', { name: 'Dockside ambush' })
    h.must('template/remove', { templateId: sniper })
    expect(h.campaign.store.ofType('plan')[0]!.entries).toEqual([{ templateId: raider, count: 3, hidden: false }])
    h.must('template/remove', { templateId: raider })
    expect(h.campaign.store.ofType('plan')).toEqual([])
    expect(h.logText()).toContain('Roster: deleted Raider; also taken out of "Dockside ambush" (now empty, deleted)')
    h.must('history/undo', {})
    h.must('history/undo', {})
    expect(h.campaign.store.ofType('plan')[0]!.entries).toHaveLength(2)
  })

  it('deletes a saved encounter, undoably', async () => {
    const { h } = await lineUp()
    h.must('plan/save', { name: 'Dockside ambush' })
    const plan = h.campaign.store.ofType('plan')[0]!
    h.must('plan/remove', { planId: plan.id })
    expect(h.campaign.store.ofType('plan')).toEqual([])
    expect(undoLabel(h)).toBe('Delete saved encounter Dockside ambush')
    h.must('history/undo', {})
    expect(h.campaign.store.ofType('plan')).toEqual([plan])
  })
})

describe('Compound X roster entries carry sheets', () => {
  it("spawns copies with the entry's sheet and the health it derives", async () => {
    const h = await CampaignHarness.create('cx-roster', tempDir(), undefined, cx)
    h.must('template/save', { name: 'Trooper', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
    const t = h.campaign.store.ofType('template')[0]!
    // CX23 derives health from the sheet, so the 1 typed in is replaced.
    expect(t.maxHp).toBeGreaterThan(1)
    h.must('template/spawn', { templateId: t.id, count: 2 })
    const copies = h.campaign.store.ofType('combatant')
    expect(copies.map((c) => c.name).sort()).toEqual(['Trooper 1', 'Trooper 2'])
    for (const c of copies) {
      const sheet = c.rules as unknown as CxCombatant
      expect(sheet.classId).toBe('soldier')
      expect(sheet.weapons[0]!.itemId).toBe('anvil-arms-c25')
      expect(c.maxHp).toBe(t.maxHp)
      expect(c.hp).toBe(t.maxHp)
    }
  })

  it("saves a combatant's sheet without the fight's live state, and refuses a bad sheet naming the field", async () => {
    const h = await CampaignHarness.create('cx-roster', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Raider 4', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
    const fresh = (combatant(h, 'Raider 4').rules as unknown as CxCombatant).live
    const battered = { ...fresh, armourPoints: 0, nanites: 0, stance: 'prone', suppressed: true }
    h.must('combatant/setRules', {
      combatantId: h.combatantId('Raider 4'),
      rules: { ...(combatant(h, 'Raider 4').rules as object), live: battered },
    })
    expect((combatant(h, 'Raider 4').rules as unknown as CxCombatant).live.stance).toBe('prone')

    h.must('template/fromCombatant', { combatantId: h.combatantId('Raider 4') })
    const t = h.campaign.store.ofType('template')[0]!
    expect(t.name).toBe('Raider')
    expect((t.rules as unknown as CxCombatant).live).toEqual(fresh)
    expect((t.rules as unknown as CxCombatant).stats).toEqual(trooper().stats)

    // An edit from the roster form (no sheet fields) keeps the sheet.
    h.must('template/save', { templateId: t.id, name: 'Raider', side: 'enemy', kind: 'npc', maxHp: t.maxHp, initiativeModifier: 2 })
    expect(h.campaign.store.ofType('template')[0]!.rules).toEqual(t.rules)

    const bad = errorOf(
      h.run('template/save', { name: 'Broken', side: 'enemy', kind: 'npc', maxHp: 5, rules: trooper({ classId: 'no-such-class' }) }),
    )
    expect(bad?.message).toMatch(/class/i)
    expect(h.campaign.store.ofType('template')).toHaveLength(1)
  })
})
