import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import { cxStoredSchema, type CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { act, brawl, knife, lastLog, pistol, prompts, sheetOf, spent, swingAndMiss } from './cx-brawl'
import { cx } from './cx-harness'
import { combatant, must, ranged, sheet } from './cx-rules'

const c25 = ranged('anvil-arms-c25', 25)

describe('CX20 / 000 Actions: drawing a weapon and turning on a flashlight', () => {
  it('CX20: "Unholstering Pistol or Grabbing a Weapon/Item: 1 Action": the draw puts the chosen weapon in hand', async () => {
    const h = await brawl({ vex: { weapons: [c25, knife] } })
    expect(sheetOf(h, 'Vex').live.drawn).toBe(0)
    const r = act(h, 'Vex', 'draw', null, { weapon: '1' })
    expect(r.ok).toBe(true)
    expect(sheetOf(h, 'Vex').live.drawn).toBe(1)
    expect(spent(h, 'Vex', 'actions')).toBe(1)
    expect(lastLog(h, 'draws')).toBe('Vex draws the Gurber G1 Combat Knife (000 Actions)')
  })

  it('CX20: drawing what is already in hand is refused and costs nothing', async () => {
    const h = await brawl({ vex: { weapons: [c25, knife] } })
    const r = act(h, 'Vex', 'draw', null, { weapon: '0' })
    expect(r.ok ? '' : r.error.code).toBe('action/alreadyDrawn')
    expect(spent(h, 'Vex', 'actions')).toBe(0)
  })

  it('CX20: the draw is offered only when another weapon can be drawn', () => {
    const one = cx.actions!.list(combatant('Vex', sheet({ weapons: [c25] }))).find((a) => a.key === 'draw')!
    expect(one.unavailable).toBe('Its only weapon is already in hand.')
    const none = cx.actions!.list(combatant('Vex', sheet({ weapons: [] }))).find((a) => a.key === 'draw')!
    expect(none.unavailable).toBe('No weapon carried.')
    const two = cx.actions!.list(combatant('Vex', sheet({ weapons: [c25, knife] }))).find((a) => a.key === 'draw')!
    expect(two.unavailable).toBeNull()
    const weapon = two.options[0]!
    expect(weapon.kind === 'choice' && weapon.choices.map((c) => c.value)).toEqual(['1'])
  })

  it('CX20: "Turning on a Flashlight: 1 Action"', async () => {
    const h = await brawl()
    expect(act(h, 'Vex', 'flashlight').ok).toBe(true)
    expect(spent(h, 'Vex', 'actions')).toBe(1)
    expect(lastLog(h, 'flashlight')).toBe('Vex turns on a flashlight (000 Actions)')
  })

  it('a sheet stored before the drawn weapon existed still reads, with the first carried weapon in hand', () => {
    const stored = JSON.parse(JSON.stringify(sheet())) as { live: Record<string, unknown> }
    delete stored.live['drawn']
    const r = cxStoredSchema.safeParse(stored)
    expect(r.success && r.data.live.drawn).toBe(0)
  })

  it('the card says what is in hand when there is a choice', () => {
    const two = sheet({ weapons: [c25, knife] }, { drawn: 1 })
    const lines = cx.combatantRules!.card(must(cx.combatantRules!.parse(two)).data).flatMap((s) => s.lines)
    expect(lines.find((l) => l.label === 'In hand')?.value).toBe('Gurber G1 Combat Knife')
    const one = cx.combatantRules!.card(must(cx.combatantRules!.parse(sheet())).data).flatMap((s) => s.lines)
    expect(one.find((l) => l.label === 'In hand')).toBeUndefined()
  })
})

/** Brute with these weapons and this one in hand, engaged by Vex, who then moves away: the weapon Brute's prompt answers with. */
async function answerOf(weapons: Partial<CxCombatantInput>, drawn: number | null) {
  const h = await brawl({ brute: weapons })
  const brute = sheetOf(h, 'Brute')
  h.must('combatant/setRules', { combatantId: h.combatantId('Brute'), rules: { ...brute, live: { ...brute.live, drawn } } })
  swingAndMiss(h, 'Vex', 'Brute')
  act(h, 'Vex', 'move', null, { actions: '1' })
  const [p] = prompts(h)
  return (p!.resolve as { request: AttackRequest }).request
}

describe('000 Opportunity Attack: "with a drawn CQB weapon or a melee weapon" is the weapon in hand', () => {
  it('000 Opportunity Attack: a CQB pistol carried behind a rifle answers once drawn', async () => {
    expect(await answerOf({ weapons: [c25, pistol] }, 1)).toMatchObject({ weapon: 1, mode: 'semi' })
  })

  it('000 Opportunity Attack: with the non-CQB rifle in hand the fists answer', async () => {
    expect(await answerOf({ weapons: [c25, pistol] }, 0)).toMatchObject({ weapon: 2, mode: 'strike' })
  })

  it('000 Opportunity Attack: empty hands answer with the Unarmed Strike, not the holstered knife', async () => {
    expect(await answerOf({ weapons: [knife] }, null)).toMatchObject({ weapon: 1, mode: 'strike' })
  })
})
