import { describe, expect, it } from 'vitest'
import { cxSheets } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { act, attack, brawl, optionValue, preview, request, sheetOf, spent, type H } from './cx-brawl'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { combatant as combatantOf, cx } from './cx-harness'
import { faces } from './fixtures'
import { combatant, cxOf, sheet, withRules } from './cx-rules'

const must = (r: ReturnType<typeof act>) => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
/** Vex's C25 at Raider 20 m away, single shot. */
const shot = (h: H, options: Record<string, string | number | boolean> = {}) =>
  request(h, 'Vex', 'Raider', 0, 'semi', { distance: 20, ...options })
const missOf = (h: H, options: Record<string, string | number | boolean> = {}) =>
  preview(h, shot(h, options)).outcomes.find((o) => o.label === 'Miss')!.probability
const sprintLine = (h: H) =>
  preview(h, shot(h))
    .explanation.flatMap((s) => s.lines)
    .some((l) => l.label === 'Shooter sprinted')

describe('000 Movement and Sprinting: "+1 miss chance … during the actions you sprint, as well as 2 actions afterwards" (CX6, SR-CX-30)', () => {
  it('CX6: a sprinting Move then a shot carries +1 miss chance; the box defaults from it and stays the GM’s override', async () => {
    const h = await brawl()
    const before = missOf(h)
    expect(optionValue(preview(h, shot(h)), 'sprinted')).toBe(false)
    must(act(h, 'Vex', 'move', null, { actions: '2', sprint: true }))
    expect(sheetOf(h, 'Vex').live.sprint).toEqual({ streak: 2, window: 2 })
    expect(optionValue(preview(h, shot(h)), 'sprinted')).toBe(true)
    expect(sprintLine(h)).toBe(true)
    expect(missOf(h)).toBeCloseTo(before + 0.1, 9)
    // The GM's override: unticked, the shot goes without the penalty.
    expect(missOf(h, { sprinted: false })).toBeCloseTo(before, 9)
  })

  it('CX6: the penalty wears off after the 2 actions that follow the sprint (the shots themselves count)', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'move', null, { actions: '2', sprint: true }))
    expect(attack(h, shot(h), [2]).ok).toBe(true) // 1st action after: under the penalty
    expect(sheetOf(h, 'Vex').live.sprint).toEqual({ streak: 0, window: 1 })
    expect(sprintLine(h)).toBe(true)
    expect(attack(h, shot(h), [2]).ok).toBe(true) // 2nd action after: still under it
    expect(spent(h, 'Vex', 'actions')).toBe(4)
    expect(sheetOf(h, 'Vex').live.sprint).toEqual({ streak: 0, window: 0 })
    expect(sprintLine(h)).toBe(false)
    expect(optionValue(preview(h, shot(h)), 'sprinted')).toBe(false)
  })

  it('CX6: a plain move opens no window, and ages one left by a sprint', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'move', null, { actions: '1', sprint: true }))
    must(act(h, 'Vex', 'move', null, { actions: '2' }))
    expect(sheetOf(h, 'Vex').live.sprint).toEqual({ streak: 0, window: 0 })
    expect(sprintLine(h)).toBe(false)
  })

  it('000 Movement and Sprinting: at most FORT consecutive sprint actions; beyond, a typed refusal and nothing spent (SR-CX-31)', async () => {
    const h = await brawl({ vex: { stats: { str: 6, per: 8, fort: 3, cha: 5, int: 5, dex: 6, luck: 5 } } })
    must(act(h, 'Vex', 'move', null, { actions: '2', sprint: true }))
    const third = act(h, 'Vex', 'move', null, { actions: '2', sprint: true })
    expect(third.ok ? '' : third.error.code).toBe('action/sprintLimit')
    expect(third.ok ? '' : third.error.message).toBe(
      'Vex cannot sprint: Sprinting is limited to FORT (3) consecutive actions; 2 already sprinted (000 Movement and Sprinting)',
    )
    expect(spent(h, 'Vex', 'actions')).toBe(2)
    must(act(h, 'Vex', 'move', null, { actions: '1', sprint: true })) // the 3rd: allowed
    expect(sheetOf(h, 'Vex').live.sprint).toEqual({ streak: 3, window: 2 })
    const hint = (o: { key: string; hint?: string }) => o.key === 'sprint' && o.hint
    const move = cx.actions!.list(asRulesCombatant(combatantOf(h, 'Vex'))).find((a) => a.key === 'move')!
    expect(move.options.map(hint).find(Boolean)).toMatch(/^000 Movement and Sprinting: 0 of FORT 3 consecutive sprint actions left/)
    // SR-CX-31: counted on Vex's own actions, across its turn's end.
    for (let i = 0; i < 3; i++) h.must('encounter/nextTurn', {}) // Raider, Brute, Vex (round 2)
    const next = act(h, 'Vex', 'move', null, { actions: '1', sprint: true })
    expect(next.ok ? '' : next.error.code).toBe('action/sprintLimit')
    // Any other action breaks the streak.
    must(act(h, 'Vex', 'move', null, { actions: '1' }))
    must(act(h, 'Vex', 'move', null, { actions: '2', sprint: true }))
  })

  it('SR-CX-30: a sheet stored with the old `sprinted` flag still parses, with a clean sprint track', async () => {
    const h = await brawl()
    const stored = sheetOf(h, 'Vex')
    const { sprint: _sprint, ...oldLive } = stored.live
    const old = cxSheets.read({ ...stored, live: { ...oldLive, sprinted: true } })
    expect(old?.live.sprint).toEqual({ streak: 0, window: 0 })
  })

  it('SR-CX-32: a shot out of the sprinter’s turn carries the penalty but does not age it; SR-CX-31: the window outlasts the turn', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'move', null, { actions: '2', sprint: true }))
    h.must('encounter/nextTurn', {}) // Raider's turn: Vex shoots as a reaction
    expect(sprintLine(h)).toBe(true)
    expect(attack(h, shot(h), [2]).ok).toBe(true)
    expect(sheetOf(h, 'Vex').live.sprint).toEqual({ streak: 2, window: 2 })
  })

  it('SR-CX-31, CX21: the action lost to hitting the dirt breaks the streak and is one of the 2 after', () => {
    const dived = combatant('Vex', sheet({}, { loseFirstAction: true, sprint: { streak: 2, window: 2 } }))
    const edge = cx.edges!.startOfTurn(dived, faces())!
    expect(cxOf(withRules(dived, edge.rules)).live.sprint).toEqual({ streak: 0, window: 1 })
  })
})
