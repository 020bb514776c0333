import { describe, expect, it } from 'vitest'
import { parseDamageEdit } from '../../../src-renderer/lib/cards/damage-edit'

const CX = [
  { key: 'untyped', label: 'Untyped (to health)' },
  { key: 'ballistic', label: 'Ballistic' },
  { key: 'laser', label: 'Laser' },
  { key: 'plasma', label: 'Plasma' },
  { key: 'fire', label: 'Fire' },
  { key: 'fall', label: 'Fall' },
]

describe('damage typed in the HP field (issue 14, E1)', () => {
  it('a bare "-7" is damage of the picked type', () => {
    expect(parseDamageEdit('-7', CX, 'laser')).toEqual({ amount: 7, damageType: 'laser' })
    expect(parseDamageEdit(' - 12 ', CX, 'untyped')).toEqual({ amount: 12, damageType: 'untyped' })
  })

  it('"-7 fire" names the type, by its key, its label, or an unambiguous start of either', () => {
    expect(parseDamageEdit('-7 fire', CX, 'untyped')).toEqual({ amount: 7, damageType: 'fire' })
    expect(parseDamageEdit('-7 Ballistic', CX, 'untyped')).toEqual({ amount: 7, damageType: 'ballistic' })
    expect(parseDamageEdit('-7 pl', CX, 'untyped')).toEqual({ amount: 7, damageType: 'plasma' })
    expect(parseDamageEdit('-30 untyped (to health)', CX, 'fire')).toEqual({ amount: 30, damageType: 'untyped' })
  })

  it('an ambiguous or unknown type is an error naming the choices', () => {
    expect(parseDamageEdit('-7 f', CX, 'untyped')).toEqual({ error: '"f" could be fire or fall.' })
    expect(parseDamageEdit('-7 frost', CX, 'untyped')).toEqual({
      error: 'No damage type "frost" (untyped, ballistic, laser, plasma, fire, fall).',
    })
  })

  it('healing, a set value, -0 and nonsense are not damage (the HP field reads those itself)', () => {
    for (const text of ['+5', '30', '=30', '-0', '', 'abc', '--3', '-5.5']) expect(parseDamageEdit(text, CX, 'untyped'), text).toBeNull()
  })
})
