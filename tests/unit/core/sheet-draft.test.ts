import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import type { CombatantView } from '../../../src-shared/views'
import type { TemplateId } from '../../../src-shared/records'
import { namedField } from '../../../src-main/core/app/sheet-draft'
import { createRulesetRegistry } from '../../../src-main/rules/ruleset-registry'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { trooper } from '../rules/compound-x/cx-harness'

const startCore = coresForTests()

async function cxCampaign(rulesetId = 'compound-x') {
  const { core, gm } = await startCore()
  const player = attachWindow(core, 'player')
  await gm.must('createCampaign', { name: 'Prep', seed: 'sheet-draft', rulesetId })
  await gm.command('combatant/add', {
    name: 'Vex',
    side: 'party',
    kind: 'pc',
    maxHp: 30,
    rules: rulesetId === 'compound-x' ? trooper() : undefined,
  })
  const snap = await gm.must('snapshot', undefined)
  const vex = snap.records.find((r): r is CombatantView => r.typeName === 'combatant')!
  return { gm, player, vex }
}

describe('the sheetDraft request: a sheet being edited, worked out without changing the campaign (issue 16)', () => {
  it('derives Compound X health from FORT live, for a blank sheet and over a combatant’s own', async () => {
    const { gm, vex } = await cxCampaign()
    const blank = await gm.must('sheetDraft', { values: null })
    expect(blank.problem).toBeNull()
    const base = blank.derived!.maxHp!
    expect(base).toBeGreaterThan(0)
    const tougher = await gm.must('sheetDraft', { values: { fort: 14 } })
    expect(tougher.derived!.maxHp!).toBeGreaterThan(base)
    // Over Vex's sheet: the fields start from it and the draft changes only what it names.
    const own = await gm.must('sheetDraft', { combatantId: vex.id, values: null })
    expect(own.fields.find((f) => f.key === 'fort')?.value).toBe((trooper() as { stats: { fort: number } }).stats.fort)
    expect(own.derived!.sections.length).toBeGreaterThan(0)
    const raised = await gm.must('sheetDraft', { combatantId: vex.id, values: { fort: 20 } })
    expect(raised.derived!.maxHp!).toBeGreaterThan(own.derived!.maxHp!)
  })

  it('changes nothing: no diff is sent, no journal line, the card keeps its health', async () => {
    const { gm, vex } = await cxCampaign()
    const before = await gm.must('snapshot', undefined)
    const sent = gm.messages.length
    await gm.must('sheetDraft', { combatantId: vex.id, values: { fort: 20, str: 3 } })
    expect(gm.messages.length).toBe(sent)
    const after = await gm.must('snapshot', undefined)
    expect(after.version).toBe(before.version)
    expect(after.records.find((r) => r.id === vex.id)).toEqual(before.records.find((r) => r.id === vex.id))
  })

  it('names the field a refused draft is wrong in, with the ruleset’s words', async () => {
    const { gm } = await cxCampaign()
    const r = await gm.must('sheetDraft', { values: { str: 999 } })
    expect(r.derived).toBeNull()
    expect(r.problem?.field).toBe('str')
    expect(r.problem?.message).toMatch(/str/)
    expect(r.fields.some((f) => f.key === 'str')).toBe(true)
  })

  it('says a d20 sheet leaves max health to the GM, and Compound X does not', async () => {
    const d20 = await cxCampaign('d20-two-action')
    expect((await d20.gm.must('rulesetSetup', undefined)).derivesMaxHp).toBe(false)
    expect((await d20.gm.must('sheetDraft', { values: null })).derived!.maxHp).toBeNull()
    const cx = await cxCampaign()
    expect((await cx.gm.must('rulesetSetup', undefined)).derivesMaxHp).toBe(true)
  })

  it('reads a roster entry’s sheet, and refuses one that is gone', async () => {
    const { gm } = await cxCampaign()
    await gm.command('template/save', { name: 'Trooper', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
    const t = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'template')!
    const r = await gm.must('sheetDraft', { templateId: t.id as TemplateId, values: null })
    expect(r.derived!.maxHp).toBe((await gm.must('rosterTemplate', { templateId: t.id as TemplateId })).maxHp)
    const gone = await gm.request('sheetDraft', { templateId: 'template:nope' as TemplateId, values: null })
    expect(gone.ok ? null : gone.error.code).toBe('template/notFound')
  })

  it('bounds its input like setSheet, and takes one source at most', async () => {
    const { gm, vex } = await cxCampaign()
    const many = Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`k${i}`, 1]))
    const tooMany = await gm.request('sheetDraft', { values: many })
    expect(tooMany.ok ? null : tooMany.error.code).toBe('request/invalid')
    const long = await gm.request('sheetDraft', { values: { weapon: 'x'.repeat(81) } })
    expect(long.ok ? null : long.error.code).toBe('request/invalid')
    const both = await gm.request('sheetDraft', { combatantId: vex.id, templateId: 'template:a' as TemplateId, values: null })
    expect(both.ok ? null : both.error.code).toBe('request/invalid')
  })

  it('is refused to a player window', async () => {
    const { player } = await cxCampaign()
    const r = await player.request('sheetDraft', { values: null })
    expect(r.ok ? null : r.error.code).toBe('request/forbidden')
  })
})

describe('a ruleset that says it derives max health does so for every sheet', async () => {
  const registry = createRulesetRegistry(resolve('resources'))
  for (const { id } of registry.list()) {
    // Rulesets other than the flagship load on demand.
    const rules = (await registry.load(id))!.combatantRules
    if (!rules) continue
    it(`${id}: derivesMaxHp matches what parse returns`, () => {
      const parsed = rules.parse(rules.fromForm({}, null))
      expect(parsed.ok).toBe(true)
      if (parsed.ok) expect(parsed.value.maxHp !== null).toBe(rules.derivesMaxHp === true)
    })
  }
})

describe('namedField', () => {
  const fields = [
    { key: 'str', label: 'STR', kind: 'number', value: 6 },
    { key: 'weapon.0', label: 'Weapon', kind: 'choice', value: '', choices: [] },
    { key: 'grenades.0.count', label: 'Grenades', kind: 'number', value: 0 },
    { key: 'skill.Medicine', label: 'Medicine', kind: 'number', value: 0 },
  ] as const
  it('matches the path a ruleset names to the form key it came from', () => {
    expect(namedField('Compound X sheet: stats.str Too big', fields)).toBe('str')
    expect(namedField('Compound X sheet: grenades.0.count must be', fields)).toBe('grenades.0.count')
    expect(namedField('Compound X sheet: skills.Medicine Too big', fields)).toBe('skill.Medicine')
    expect(namedField('Compound X sheet: thrown.0 unknown item', fields)).toBeNull()
    expect(namedField('no path here', fields)).toBeNull()
  })
})
