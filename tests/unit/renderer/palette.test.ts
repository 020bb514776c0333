import { describe, expect, it } from 'vitest'
import { fuzzyMatch, fuzzyRank, highlightRuns } from '../../../src-renderer/lib/app/fuzzy'
import { diceInQuery, paletteEntries, paletteResults, type PaletteContext } from '../../../src-renderer/lib/app/palette-commands'

const vex = 'combatant:n1' as const
const raider = 'combatant:n2' as const
const sniper = 'combatant:n3' as const

const fight: PaletteContext = {
  hasCampaign: true,
  encounter: { round: 2, currentCombatantId: raider },
  combatants: [
    { id: vex, name: 'Vex Morrow', hidden: false },
    { id: raider, name: 'Raider', hidden: false },
    { id: sniper, name: 'Sniper', hidden: true },
  ],
  templates: [{ id: 'template:t1', name: 'Red Hand raider' }],
  undoLabel: 'Damage Vex Morrow',
  redoLabel: null,
  canAttack: true,
}

const labels = (ctx: PaletteContext, query = '') => paletteResults(ctx, 'commands', query).map((r) => r.entry.label)

describe('fuzzy matcher', () => {
  it('matches characters in order, case-insensitively, ignoring spaces in the query', () => {
    expect(fuzzyMatch('next', 'Next turn')?.positions).toEqual([0, 1, 2, 3])
    expect(fuzzyMatch('dam vex', 'Damage Vex Morrow…')).not.toBeNull()
    expect(fuzzyMatch('xen', 'Next turn')).toBeNull()
    expect(fuzzyMatch('', 'anything')).toEqual({ score: 0, positions: [] })
  })
  it('prefers prefixes, word starts and runs over scattered letters', () => {
    const score = (q: string, t: string) => fuzzyMatch(q, t)!.score
    expect(score('nt', 'Next turn')).toBeGreaterThan(score('nt', 'Spawn Trooper'))
    expect(score('undo', 'Undo Damage Vex')).toBeGreaterThan(score('undo', 'Hide Sun Doe from the players'))
    expect(score('vex', 'Heal Vex Morrow…')).toBeGreaterThan(score('vex', 'Heal Valerie Exton…'))
  })
  it('ranks best first and keeps the given order on ties', () => {
    const ranked = fuzzyRank('heal', ['Heal B', 'Heal A', 'Wheel'], (s) => s).map((r) => r.item)
    expect(ranked).toEqual(['Heal B', 'Heal A'])
  })
  it('splits a label into highlighted runs', () => {
    expect(highlightRuns('Next turn', [0, 1, 5])).toEqual([
      { text: 'Ne', hit: true },
      { text: 'xt ', hit: false },
      { text: 't', hit: true },
      { text: 'urn', hit: false },
    ])
  })
})

describe('palette commands', () => {
  it('offers turn, history, encounter and per-combatant commands from the state', () => {
    const all = labels(fight)
    expect(all.slice(0, 3)).toEqual(['Next turn', 'Previous turn', 'Undo Damage Vex Morrow'])
    expect(all).not.toContain('Start encounter')
    expect(all).toContain('Re-roll initiative')
    expect(all).toContain('End encounter…')
    expect(all).toContain('Attack with Vex Morrow')
    expect(all).toContain('Hide Vex Morrow from the players')
    expect(all).toContain('Reveal Sniper to the players')
    expect(all).toContain('Spawn Red Hand raider')
    expect(all).toContain('Switch campaign')
    expect(all.some((l) => l.startsWith('Redo'))).toBe(false)
  })
  it('puts the acting combatant first and shows its shortcut keys', () => {
    const entries = paletteEntries(fight)
    const firstDamage = entries.find((e) => e.label.startsWith('Damage'))!
    expect(firstDamage).toMatchObject({ label: 'Damage Raider…', keys: 'D', action: { kind: 'hp', combatantId: raider, sign: '-' } })
    expect(entries.find((e) => e.label === 'Heal Vex Morrow…')).toMatchObject({
      keys: '',
      action: { kind: 'hp', combatantId: vex, sign: '+' },
    })
    expect(entries.find((e) => e.id === 'next-turn')?.keys).toBe('N')
  })
  it('builds the commands each entry sends', () => {
    const entries = paletteEntries(fight)
    expect(entries.find((e) => e.label === 'Spawn Red Hand raider')?.action).toEqual({
      kind: 'send',
      command: { type: 'template/spawn', payload: { templateId: 'template:t1', count: 1 } },
    })
    expect(entries.find((e) => e.label === 'Reveal Sniper to the players')?.action).toEqual({
      kind: 'send',
      command: { type: 'combatant/setHidden', payload: { combatantId: sniper, hidden: false } },
    })
    expect(entries.find((e) => e.label.startsWith('Undo'))?.action).toEqual({
      kind: 'send',
      command: { type: 'history/undo', payload: {} },
    })
  })
  it('follows the encounter: start before, first roll with its key, no turns before initiative', () => {
    expect(labels({ ...fight, encounter: null, canAttack: false })).toContain('Start encounter')
    const before = paletteEntries({ ...fight, encounter: { round: 0, currentCombatantId: null } })
    expect(before.find((e) => e.id === 'roll-initiative')).toMatchObject({ label: 'Roll initiative', keys: 'I' })
    expect(before.some((e) => e.id === 'next-turn')).toBe(false)
    expect(labels({ ...fight, canAttack: false }).some((l) => l.startsWith('Attack'))).toBe(false)
  })
  it('offers only campaign switching and help with no campaign open', () => {
    expect(labels({ ...fight, hasCampaign: false })).toEqual(['Switch campaign', 'Help: quick start and keys'])
    expect(labels({ ...fight, hasCampaign: false }, '2d6')).toEqual([])
  })
  it('narrows by query: "next" runs Next turn, names find their combatant', () => {
    expect(labels(fight, 'next')[0]).toBe('Next turn')
    expect(labels(fight, 'dam vex')[0]).toBe('Damage Vex Morrow…')
    expect(labels(fight, 'heal rai')[0]).toBe('Heal Raider…')
    expect(labels(fight, 'spawn')[0]).toBe('Spawn Red Hand raider')
  })
})

describe('dice in the palette', () => {
  it('reads dice, an optional "roll" and what the roll is for', () => {
    expect(diceInQuery('2d6+1')).toEqual({ expression: '2d6+1', purpose: null })
    expect(diceInQuery(' roll d100 ')).toEqual({ expression: 'd100', purpose: null })
    expect(diceInQuery('r 3d6 - 2 for morale')).toEqual({ expression: '3d6-2', purpose: 'morale' })
    expect(diceInQuery('1d20 Sniper spots')).toEqual({ expression: 'd20', purpose: 'Sniper spots' })
    for (const notDice of ['next', 'roll', '', 'd1', '2d', 'damage vex']) expect(diceInQuery(notDice), notDice).toBeNull()
  })
  it('puts the roll and its secret variant on top of the list', () => {
    const results = paletteResults(fight, 'commands', '2d6 morale')
    expect(results.slice(0, 2).map((r) => r.entry.action)).toEqual([
      { kind: 'roll', expression: '2d6', purpose: 'morale', secret: false },
      { kind: 'roll', expression: '2d6', purpose: 'morale', secret: true },
    ])
    expect(results[0]!.entry.label).toBe('Roll 2d6 for morale')
  })
  it('lists nothing but the roll in roll mode', () => {
    expect(paletteResults(fight, 'roll', 'next')).toEqual([])
    expect(paletteResults(fight, 'roll', 'd100').map((r) => r.entry.label)).toEqual(['Roll d100', 'Roll d100 secretly (GM only)'])
  })
})

describe('the surprise round from the palette (issue 14 E5)', () => {
  const before: PaletteContext = { ...fight, encounter: { round: 0, currentCombatantId: null } }
  const surprise = (ctx: PaletteContext) =>
    paletteEntries(ctx)
      .filter((e) => e.id.startsWith('roll-initiative-surprise'))
      .map((e) => (e.action.kind === 'send' ? e.action.command.payload : null))

  it('offers the party or the enemies springing it with the first roll, where the ruleset has one', () => {
    expect(surprise({ ...before, surpriseRound: true })).toEqual([{ surpriseBy: 'party' }, { surpriseBy: 'enemy' }])
    expect(surprise(before)).toEqual([])
  })

  it('not once initiative is rolled', () => {
    expect(surprise({ ...fight, surpriseRound: true })).toEqual([])
  })
})

describe('ending a fight from the palette', () => {
  it('asks rather than sending encounter/end', () => {
    const end = paletteEntries(fight).find((e) => e.id === 'end-encounter')
    expect(end?.label).toBe('End encounter…')
    expect(end?.action).toEqual({ kind: 'endEncounter' })
    expect(paletteEntries(fight).some((e) => e.action.kind === 'send' && e.action.command.type === 'encounter/end')).toBe(false)
  })
})
