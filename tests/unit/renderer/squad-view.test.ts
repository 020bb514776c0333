import { describe, expect, it } from 'vitest'
import type { TemplateView } from '../../../src-shared/views'
import {
  addTo,
  defaultPlanName,
  previewNames,
  squadEntries,
  squadProblem,
  squadSources,
  type SquadLine,
} from '../../../src-renderer/lib/roster/squad-view'

const template = (id: string, name: string, faction = ''): TemplateView => ({
  typeName: 'template',
  id: `template:${id}`,
  name,
  side: 'enemy',
  kind: 'npc',
  maxHp: 12,
  initiativeModifier: 0,
  faction,
  tags: [],
  sheet: false,
})
const raider = template('r', 'Raider', 'Red Hand')
const sniper = template('s', 'Sniper')
const quick = [
  { name: 'Brute', maxHp: 30 },
  { name: 'Sniper', maxHp: 20 },
]

describe('squad builder view', () => {
  it('offers the roster, then ready-made NPCs not already in it, narrowed by name or faction', () => {
    expect(squadSources([raider, sniper], quick, '').map((s) => `${s.kind} ${s.name}`)).toEqual([
      'template Raider',
      'template Sniper',
      'quickNpc Brute',
    ])
    expect(squadSources([raider, sniper], quick, 'red').map((s) => s.name)).toEqual(['Raider'])
    expect(squadSources([raider, sniper], quick, 'BRU').map((s) => s.name)).toEqual(['Brute'])
  })

  it('previews the names the core gives: after the names in use, line after line', () => {
    const [r, , b] = squadSources([raider, sniper], quick, '')
    let lines: SquadLine[] = []
    for (const s of [r!, r!, r!, b!]) lines = addTo(lines, s)
    expect(lines.map((l) => l.count)).toEqual([3, 1])
    expect(previewNames(lines, [])).toBe('Raider 1–3, Brute 1')
    expect(previewNames(lines, ['Raider 1', 'Raider 2', 'Vex'])).toBe('Raider 3–5, Brute 1')
    expect(squadEntries(lines)).toEqual([
      { kind: 'template', templateId: 'template:r', count: 3 },
      { kind: 'quickNpc', name: 'Brute', count: 1 },
    ])
    expect(defaultPlanName(lines)).toBe('Raider and Brute')
  })

  it('says why a squad cannot go: empty, too big, or an entry deleted since it was picked', () => {
    const [r] = squadSources([raider], [], '')
    expect(squadProblem([], [raider])).toMatch(/at least one/)
    expect(squadProblem([{ source: r!, count: 50 }], [raider])).toBeNull()
    expect(squadProblem([{ source: r!, count: 51 }], [raider])).toBe('51 combatants: at most 50 at a time.')
    expect(squadProblem([{ source: r!, count: 2 }], [sniper])).toBe('Raider is no longer in the roster: take it out of the squad.')
  })
})
