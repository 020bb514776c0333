import { describe, expect, it } from 'vitest'
import type { CombatantId } from '../../../../src-shared/records'
import type { InitiativeEntrant } from '../../../../src-main/rules/ruleset'
import { rollD10Initiative } from '../../../../src-main/rules/d10-difficulty/turns/d10-initiative'
import { combatant, d10, sheet, typed, withLive } from './d10-fixtures'
import type { JsonValue } from '../../../../src-shared/json'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'

const entrant = (name: string, dex: number, extra: Partial<D10Sheet['live']> = {}, modifier = 0): InitiativeEntrant => ({
  id: `combatant:${name.toLowerCase()}` as CombatantId,
  name,
  initiativeModifier: modifier,
  rules: withLive(sheet({ attributes: { str: 0, dex, con: 0, per: 0 } }), extra) as unknown as JsonValue,
})

const names = (placements: { combatantId: string }[]) => placements.map((p) => p.combatantId.replace('combatant:', ''))

describe('D2 initiative: d10 + DEX modifier + declared effort; ties to the higher DEX, then d10 roll-offs', () => {
  // Entrants roll in name order (Ash, Bo, Cy…), so the typed faces go to them in that order.
  it.each([
    { name: 'D2: the higher total acts first', dex: [1, 2], faces: [7, 4], order: ['ash', 'bo'], tieBreak: [[], []] },
    {
      name: 'D2: a tied total goes to the higher DEX modifier, no roll-off',
      dex: [1, 3],
      faces: [6, 4],
      order: ['bo', 'ash'],
      tieBreak: [[], []],
    },
    {
      name: 'D2: same total and DEX roll a d10 off, higher first',
      dex: [2, 2],
      faces: [5, 5, 3, 9],
      order: ['bo', 'ash'],
      tieBreak: [[3], [9]],
    },
    {
      name: 'D2: a tied roll-off rolls again',
      dex: [0, 0],
      faces: [4, 4, 6, 6, 2, 8],
      order: ['bo', 'ash'],
      tieBreak: [
        [6, 2],
        [6, 8],
      ],
    },
  ])('$name', ({ dex, faces, order, tieBreak }) => {
    const placed = rollD10Initiative([entrant('Ash', dex[0]!), entrant('Bo', dex[1]!)], typed(...faces))
    expect(names(placed)).toEqual(order)
    const byName = Object.fromEntries(placed.map((p) => [p.combatantId, p.initiative.tieBreak]))
    expect([byName['combatant:ash'], byName['combatant:bo']]).toEqual(tieBreak)
  })

  it('D2: only those still tied roll off; the third entrant keeps its place', () => {
    const placed = rollD10Initiative([entrant('Ash', 1), entrant('Bo', 1), entrant('Cy', 0)], typed(5, 5, 9, 2, 7))
    expect(names(placed)).toEqual(['cy', 'bo', 'ash'])
    expect(placed[0]!.initiative.tieBreak).toEqual([])
  })

  it('D2: declared effort points add one each (as far as it has them), and the GM bonus adds on', () => {
    const [placed] = rollD10Initiative([entrant('Ash', 2, { effort: 3, initiativeEffort: 2 }, 1)], typed(4))
    expect(placed!.initiative.total).toBe(4 + 2 + 2 + 1)
    const [capped] = rollD10Initiative([entrant('Bo', 0, { effort: 1, initiativeEffort: 5 })], typed(4))
    expect(capped!.initiative.total).toBe(5)
  })

  it('D2: an entrant without a sheet rolls a bare d10', () => {
    const [placed] = rollD10Initiative([{ id: 'combatant:x', name: 'X', initiativeModifier: 0, rules: null }], typed(6))
    expect(placed!.initiative.total).toBe(6)
  })

  it('D2: rerolled each round by default; the campaign option fixes it for the encounter', () => {
    expect(d10.initiativeEachRound).toBe(true)
    expect(d10.settings!.defaults).toEqual([expect.objectContaining({ key: 'initiative', value: 'each-round' })])
    expect(d10.settings!.apply({ initiative: 'fixed' }).initiativeEachRound).toBe(false)
    expect(d10.settings!.apply({}).initiativeEachRound).toBe(true)
  })

  it('D2: the declared effort is spent once rolled — at the encounter start, and at each round start only when rerolled', () => {
    const c = combatant('Ash', withLive(sheet(), { effort: 2, initiativeEffort: 2 }))
    const start = d10.edges!.startOfEncounter(c, typed())
    expect((start!.rules as unknown as D10Sheet).live).toMatchObject({ effort: 0, initiativeEffort: 0 })
    expect(start!.lines[0]).toContain('spends 2 effort points on initiative (D2)')
    const round = d10.edges!.startOfRound!(c, typed())
    expect((round!.rules as unknown as D10Sheet).live).toMatchObject({ effort: 0, initiativeEffort: 0 })
    const fixed = d10.settings!.apply({ initiative: 'fixed' }).edges!.startOfRound!(c, typed())
    expect(fixed).toBeNull()
  })
})
