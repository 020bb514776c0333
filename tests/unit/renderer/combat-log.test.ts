import { describe, expect, it } from 'vitest'
import type { RollRecord } from '../../../src-shared/dice'
import { formatLog, formatLogEntry } from '../../../src-shared/log-format'
import type { CombatantId, LogEntryRecord } from '../../../src-shared/records'
import { buildLogExport, slug } from '../../../src-renderer/lib/log/log-export'
import { describeFilter, filterLog, isAbout, logRounds, mentionTest, nameMatcher } from '../../../src-shared/log-filter'

let seq = 0
function entry(text: string, more: Partial<LogEntryRecord> = {}): LogEntryRecord {
  seq++
  return { typeName: 'log', id: `log:n${seq}`, seq, commandId: `c${seq}`, round: 1, text, rolls: [], visibility: 'all', ...more }
}

const roll: RollRecord = { expression: 'd100+5', sides: 100, faces: [57], modifier: 5, total: 62, source: 'seeded', purpose: 'to hit' }
const raider1 = { id: 'combatant:n1' as CombatantId, name: 'Raider 1' }
const ash = { id: 'combatant:n2' as CombatantId, name: 'Ash' }

describe('log text', () => {
  it('writes "R2 · text" with rolls and the working indented below', () => {
    const e = entry('Vex hits Raider 1 for 9', {
      round: 2,
      rolls: [roll],
      detail: [
        {
          title: 'Hit chance',
          total: '63%',
          lines: [
            { label: 'Base', value: '50', source: 'CX4' },
            { label: 'Cover', value: '−10', enabled: false },
          ],
        },
      ],
    })
    expect(formatLogEntry(e)).toBe(
      [
        'R2 · Vex hits Raider 1 for 9',
        '    to hit: d100 [57] + 5 = 62',
        '    Working:',
        '        Hit chance = 63%',
        '            Base 50 (CX4)',
        '            Cover −10 [not applied]',
      ].join('\n'),
    )
  })
  it('marks GM-only entries and keeps log order', () => {
    const a = entry('Sniper moves', { visibility: 'gm', round: 0 })
    const b = entry('Round 1: Ash’s turn')
    expect(formatLog([b, a])).toBe('R0 · Sniper moves [GM only]\nR1 · Round 1: Ash’s turn')
  })
})

describe('log filter', () => {
  it('uses the subjects the core names', () => {
    const e = entry('Burst hits', { subjects: [raider1.id] })
    expect(isAbout(e, raider1)).toBe(true)
    expect(isAbout(e, ash)).toBe(false)
    // Named subjects win over a name that happens to be in the text.
    expect(isAbout(entry('Ash watches', { subjects: [raider1.id] }), ash)).toBe(false)
  })
  it('falls back to the exact name as a whole word', () => {
    expect(isAbout(entry('Raider 1 takes 7 damage'), raider1)).toBe(true)
    expect(isAbout(entry('Round 2: Raider 1’s turn'), raider1)).toBe(true)
    expect(isAbout(entry("Round 2: Raider 1's turn"), raider1)).toBe(true)
    expect(isAbout(entry('Raider 12 takes 7 damage'), raider1)).toBe(false)
    expect(isAbout(entry('Ashen ground'), ash)).toBe(false)
    expect(isAbout(entry('Vex shoots at Ash.'), ash)).toBe(true)
    expect(isAbout(entry('vex shoots at ash'), ash)).toBe(false)
    expect(isAbout(entry('Vex', { subjects: [] }), { id: 'combatant:n9', name: 'Vex' })).toBe(true)
  })
  it('does not take a longer name that contains this one for it', () => {
    const raider = mentionTest('Raider', ['Raider', 'Raider 2', 'Raider Boss', 'Vex'])
    expect(raider('Added Raider 2')).toBe(false)
    expect(raider('Raider Boss shouts')).toBe(false)
    expect(raider('Raider shoots Raider 2')).toBe(true)
    expect(raider('Vex downs the Raider.')).toBe(true)
    const entries = [entry('Added Raider'), entry('Added Raider 2')]
    const who = { id: 'combatant:n5' as CombatantId, name: 'Raider' }
    expect(filterLog(entries, { who, round: null }, ['Raider', 'Raider 2']).map((e) => e.text)).toEqual(['Added Raider'])
  })
  it('treats regex characters in names literally', () => {
    expect(nameMatcher('K.9 (drone)').test('K.9 (drone) beeps')).toBe(true)
    expect(nameMatcher('K.9').test('KX9 beeps')).toBe(false)
  })
  it('filters by combatant and round together, and returns the same list when unfiltered', () => {
    const entries = [
      entry('Raider 1 joins', { round: 0 }),
      entry('Raider 1 takes 3 damage', { round: 1 }),
      entry('Ash heals 2', { round: 1 }),
      entry('Raider 1 takes 5 damage', { round: 2 }),
    ]
    expect(filterLog(entries, { who: null, round: null })).toBe(entries)
    expect(filterLog(entries, { who: raider1, round: null }).map((e) => e.text)).toEqual([
      'Raider 1 joins',
      'Raider 1 takes 3 damage',
      'Raider 1 takes 5 damage',
    ])
    expect(filterLog(entries, { who: raider1, round: 1 }).map((e) => e.text)).toEqual(['Raider 1 takes 3 damage'])
    expect(filterLog(entries, { who: null, round: 1 })).toHaveLength(2)
    expect(logRounds(entries)).toEqual([0, 1, 2])
  })
  it('describes the filter for the export', () => {
    expect(describeFilter({ who: null, round: null })).toBeNull()
    expect(describeFilter({ who: raider1, round: 2 })).toBe('Raider 1, round 2')
    expect(describeFilter({ who: null, round: 0 })).toBe('round 0')
  })
})

describe('log export', () => {
  const at = new Date(2026, 10, 22, 21, 5)
  it('heads the file with the campaign, what is shown and when', () => {
    const out = buildLogExport([entry('Raider 1 takes 3 damage', { round: 1 })], 'Night one', 'Raider 1', at)
    expect(out.fileName).toBe('salvo-log-night-one-raider-1-2026-11-22.txt')
    expect(out.text).toBe(
      'Salvo combat log: Night one\nShown: Raider 1 (1 entry)\nExported 2026-11-22 21:05\n\nR1 · Raider 1 takes 3 damage\n',
    )
  })
  it('names the whole log and an empty one', () => {
    const out = buildLogExport([], 'Nuit de l’Échafaud', null, at)
    expect(out.fileName).toBe('salvo-log-nuit-de-l-echafaud-2026-11-22.txt')
    expect(out.text).toContain('Shown: the whole log (0 entries)')
    expect(out.text).toContain('(no entries)')
  })
  it('makes file-safe slugs', () => {
    expect(slug('  ../Raider 1, round 2 ')).toBe('raider-1-round-2')
    expect(slug('☠☠')).toBe('log')
  })
})
