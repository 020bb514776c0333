import { describe, expect, it } from 'vitest'
import { DeskTargets, type HpField, type HpSign } from '../../../src-renderer/lib/app/desk-targets'

const vex = 'combatant:n1' as const
const raider = 'combatant:n2' as const

/** A card's HP field as the card registers it: a value the sign is put into and taken back out of. */
function fakeField() {
  const field = { value: '', focused: false, element: {} as EventTarget }
  const register: HpField = (sign: HpSign) => {
    field.value = sign
    field.focused = true
    return {
      field: field.element,
      abandon: () => {
        if (field.value === sign) field.value = ''
      },
    }
  }
  return { field, register }
}

describe('desk targets', () => {
  it('fills the HP field of the card asked for, and reports a card that is not on the page', () => {
    const targets = new DeskTargets()
    const a = fakeField()
    targets.hpField(vex, a.register)
    expect(targets.fillHp(vex, '-')).toBe(true)
    expect(a.field).toMatchObject({ value: '-', focused: true })
    expect(targets.fillHp(raider, '+')).toBe(false)
  })

  it('takes the lone sign back out on Esc in that field only, and only once', () => {
    const targets = new DeskTargets()
    const a = fakeField()
    targets.hpField(vex, a.register)
    targets.fillHp(vex, '-')
    targets.abandonPrefill({} as EventTarget)
    expect(a.field.value).toBe('-')
    // Esc elsewhere forgets the prefill: a later Esc in the field leaves it alone.
    targets.abandonPrefill(a.field.element)
    expect(a.field.value).toBe('-')

    targets.fillHp(vex, '+')
    targets.abandonPrefill(a.field.element)
    expect(a.field.value).toBe('')
  })

  it('leaves an amount the GM typed after the sign', () => {
    const targets = new DeskTargets()
    const a = fakeField()
    targets.hpField(vex, a.register)
    targets.fillHp(vex, '-')
    a.field.value = '-7'
    targets.abandonPrefill(a.field.element)
    expect(a.field.value).toBe('-7')
  })

  it('forgets a target when its panel leaves, but not one registered again in its place', () => {
    const targets = new DeskTargets()
    const calls: (string | null)[] = []
    const releaseOld = targets.attackPanel((id) => calls.push(`old ${id}`))
    const releaseNew = targets.attackPanel((id) => calls.push(`new ${id}`))
    releaseOld()
    expect(targets.focusAttack(vex)).toBe(true)
    expect(calls).toEqual([`new ${vex}`])
    releaseNew()
    expect(targets.focusAttack(null)).toBe(false)

    const a = fakeField()
    const b = fakeField()
    const releaseA = targets.hpField(vex, a.register)
    targets.hpField(vex, b.register)
    releaseA()
    expect(targets.fillHp(vex, '-')).toBe(true)
    expect(b.field.value).toBe('-')
    expect(a.field.value).toBe('')
  })

  it('focuses the roster search while the roster is on the page', () => {
    const targets = new DeskTargets()
    let focused = 0
    expect(targets.focusRosterSearch()).toBe(false)
    const release = targets.rosterSearch(() => focused++)
    expect(targets.focusRosterSearch()).toBe(true)
    release()
    expect(targets.focusRosterSearch()).toBe(false)
    expect(focused).toBe(1)
  })

  it('reports a card whose HP cannot be edited as not there', () => {
    const targets = new DeskTargets()
    targets.hpField(vex, () => null)
    expect(targets.fillHp(vex, '-')).toBe(false)
  })
})
