import { describe, expect, it } from 'vitest'
import type { PlanRecord, TemplateRecord } from '../../../src-shared/records'
import { describePlan, factionsOf, filterTemplates, hasGroups, parseTags } from '../../../src-renderer/lib/roster/roster-view'

const entry = (id: string, name: string, over: Partial<TemplateRecord> = {}): TemplateRecord => ({
  typeName: 'template',
  id: `template:${id}`,
  name,
  side: 'enemy',
  kind: 'npc',
  maxHp: 10,
  initiativeModifier: 0,
  rules: null,
  faction: '',
  tags: [],
  ...over,
})

const roster = [
  entry('a', 'Raider', { faction: 'Red Hand', tags: ['melee', 'fodder'] }),
  entry('b', 'Raider Boss', { faction: 'Red Hand', tags: ['leader'] }),
  entry('c', 'Medic', { side: 'ally', faction: 'Harbour Watch' }),
  entry('d', 'Drone'),
]
const names = (t: readonly TemplateRecord[]) => t.map((x) => x.name)

describe('roster search and filters', () => {
  it('matches every word anywhere in name, faction, side or tags, in any case', () => {
    expect(names(filterTemplates(roster, { text: 'raider', side: '', faction: '' }))).toEqual(['Raider', 'Raider Boss'])
    expect(names(filterTemplates(roster, { text: 'RED leader', side: '', faction: '' }))).toEqual(['Raider Boss'])
    expect(names(filterTemplates(roster, { text: '  fodder  ', side: '', faction: '' }))).toEqual(['Raider'])
    expect(names(filterTemplates(roster, { text: 'ally', side: '', faction: '' }))).toEqual(['Medic'])
    expect(names(filterTemplates(roster, { text: 'nobody', side: '', faction: '' }))).toEqual([])
  })

  it('filters by side and by faction, together with the search', () => {
    expect(names(filterTemplates(roster, { text: '', side: 'ally', faction: '' }))).toEqual(['Medic'])
    expect(names(filterTemplates(roster, { text: '', side: '', faction: 'Red Hand' }))).toEqual(['Raider', 'Raider Boss'])
    expect(names(filterTemplates(roster, { text: 'boss', side: 'enemy', faction: 'Red Hand' }))).toEqual(['Raider Boss'])
    expect(names(filterTemplates(roster, { text: '', side: 'party', faction: '' }))).toEqual([])
  })

  it('lists the factions in use once each, and reads tags as the form types them', () => {
    expect(factionsOf(roster)).toEqual(['Harbour Watch', 'Red Hand'])
    expect(parseTags(' melee, , fast ,')).toEqual(['melee', 'fast'])
  })

  it('describes a saved encounter, naming a deleted entry as such', () => {
    const plan: PlanRecord = {
      typeName: 'plan',
      id: 'plan:p',
      name: 'Ambush',
      groupInitiative: false,
      entries: [
        { templateId: 'template:a', count: 3, hidden: false },
        { templateId: 'template:zz', count: 1, hidden: true },
      ],
    }
    expect(describePlan(plan, roster)).toBe('3× Raider · 1× (deleted entry) (hidden)')
  })

  it('knows when a group roll means something (two copies of one entry)', () => {
    expect(hasGroups([{ templateId: 'template:a' }, { templateId: 'template:b' }, { templateId: null }])).toBe(false)
    expect(hasGroups([{ templateId: 'template:a' }, { templateId: null }, { templateId: 'template:a' }])).toBe(true)
  })
})
