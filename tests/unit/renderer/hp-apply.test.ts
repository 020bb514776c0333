import { describe, expect, it } from 'vitest'
import { hpCommand } from '../../../src-renderer/lib/cards/hp-apply'

const kiro = 'combatant:k1' as const
const types = [
  { key: 'ballistic', label: 'Ballistic' },
  { key: 'fire', label: 'Fire' },
]

describe('what a health field’s text stands for, on a card or in the D/H prompt (issue 32)', () => {
  it('damage of the picked type or the named one, healing, or a set value', () => {
    expect(hpCommand(kiro, '-7', types, 'ballistic')).toEqual({
      command: { type: 'combatant/damage', payload: { combatantId: kiro, amount: 7, damageType: 'ballistic' } },
    })
    expect(hpCommand(kiro, '-7 fi', types, 'ballistic')).toEqual({
      command: { type: 'combatant/damage', payload: { combatantId: kiro, amount: 7, damageType: 'fire' } },
    })
    expect(hpCommand(kiro, '+5', types, 'ballistic')).toEqual({
      command: { type: 'combatant/adjustHp', payload: { combatantId: kiro, delta: 5 } },
    })
    expect(hpCommand(kiro, '30', types, 'ballistic')).toEqual({
      command: { type: 'combatant/setHp', payload: { combatantId: kiro, hp: 30 } },
    })
  })

  it('refuses what it cannot read, naming why', () => {
    expect(hpCommand(kiro, 'x', types, 'ballistic')).toEqual({ error: 'Type -7 (damage), +5 (heal) or 30 (set).' })
    expect(hpCommand(kiro, '-7 ice', types, 'ballistic')).toEqual({ error: 'No damage type "ice" (ballistic, fire).' })
  })
})
