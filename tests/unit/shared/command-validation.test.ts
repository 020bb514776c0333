import { describe, expect, it } from 'vitest'
import { COMMAND_TYPES, validateCommand } from '../../../src-shared/commands'
import { COMMAND_EXAMPLES as CASES, meta } from '../../support/command-examples'

describe('command payload validation', () => {
  it('has cases for every command type in the contract', () => {
    expect(Object.keys(CASES).sort()).toEqual([...COMMAND_TYPES].sort())
  })

  for (const type of COMMAND_TYPES) {
    describe(type, () => {
      it('accepts a well-formed payload', () => {
        const r = validateCommand({ type, payload: CASES[type].valid, meta })
        expect(r.ok ? 'ok' : r.message).toBe('ok')
      })
      it('refuses malformed payloads with a message naming the field', () => {
        for (const payload of CASES[type].invalid) {
          const r = validateCommand({ type, payload, meta })
          expect(r.ok, JSON.stringify(payload)).toBe(false)
          if (!r.ok) expect(r.message).toMatch(/payload/)
        }
      })
      it('refuses unknown and prototype-polluting keys', () => {
        const polluted = JSON.parse(`{"__proto__": {"admin": true}, ${JSON.stringify(CASES[type].valid).slice(1)}`.replace(', }', '}'))
        expect(validateCommand({ type, payload: polluted, meta }).ok).toBe(false)
        const extra = { ...(CASES[type].valid as object), surprise: 1 }
        expect(validateCommand({ type, payload: extra, meta }).ok).toBe(false)
      })
    })
  }

  it('refuses unknown types, bad metas and non-objects', () => {
    expect(validateCommand({ type: 'combatant/explode', payload: {}, meta }).ok).toBe(false)
    expect(validateCommand({ type: 'toString', payload: {}, meta }).ok).toBe(false)
    expect(validateCommand({ type: 'history/undo', payload: {}, meta: { commandId: '' } }).ok).toBe(false)
    expect(validateCommand({ type: 'history/undo', payload: {}, meta: { commandId: 'a', typedDice: [0] } }).ok).toBe(false)
    expect(validateCommand(null).ok).toBe(false)
    expect(validateCommand('history/undo').ok).toBe(false)
  })

  it('fills defaults so deciders see complete payloads', () => {
    const r = validateCommand({ type: 'combatant/add', payload: { name: ' Ash ', side: 'ally', kind: 'npc', maxHp: 5 }, meta })
    expect(r.ok && r.command.payload).toMatchObject({ name: 'Ash', initiativeModifier: 0, hidden: false })
  })
})
