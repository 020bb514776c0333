import { describe, expect, it } from 'vitest'
import { cxSheets, cxStoredSchema } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { combatant, cx, fight } from './cx-harness'
import { must, sheet } from './cx-rules'

/** Read as a file from disk would be: no cached parse, and every key checked by the strict schema. */
const freshly = (rules: unknown) => cxStoredSchema.safeParse(JSON.parse(JSON.stringify(rules)))

describe('the stored Compound X sheet', () => {
  it('reads back what parse stored, without parsing it again', () => {
    const stored = must(cx.combatantRules!.parse(sheet())).data
    expect(cxSheets.read(stored)).toBe(cxSheets.read(stored))
    expect(freshly(stored).success).toBe(true)
  })

  it('covers every field a fight writes: the sheets after an attack, aiming and a suppression still read from disk', async () => {
    const h = await fight()
    const vex = h.combatantId('Vex')
    const raider = h.combatantId('Raider')
    h.must('action/perform', { request: { actorId: vex, action: 'aim', targetId: raider, options: {} } })
    h.must(
      'attack/resolve',
      { request: { attackerId: vex, targetId: raider, weapon: 0, mode: 'semi', options: { distance: 12 } } },
      [9, 10],
    )
    h.must('action/perform', {
      request: { actorId: raider, action: 'suppress', targetId: vex, options: { weapon: 0, level: 'light', distance: 10 } },
    })
    for (const name of ['Vex', 'Raider']) {
      const r = freshly(combatant(h, name).rules)
      expect(r.success ? '' : r.error.message).toBe('')
    }
    expect(cxSheets.read(combatant(h, 'Vex').rules)?.live.aim?.name).toBe('Raider')
  })

  it('refuses a combatant without a sheet in the words the GM already knows', () => {
    const r = cxSheets.require({ name: 'Vex', rules: null }, 'attack/noSheet')
    expect(r.ok ? '' : r.error.message).toBe('Vex has no Compound X character sheet yet.')
  })
})
