import { describe, expect, it } from 'vitest'
import type { InitiativeResult } from '../../../src-shared/records'
import { healthText, initiativeText, isDown, standingShown, tieText } from '../../../src-renderer/lib/initiative/ribbon-text'

// Only the total and the roll-off are read; the roll itself is the log's business.
const rolled = (total: number, tieBreak: number[] = []) => ({ total, tieBreak }) as unknown as InitiativeResult
const exact = (hp: number, maxHp = 40) => ({ kind: 'exact', hp, maxHp, initiativeModifier: 0 }) as const

describe('ribbon text', () => {
  it('shows the initiative total, a dash before the roll, nothing when it is secret', () => {
    expect(initiativeText({ initiative: rolled(57) })).toBe('57')
    expect(initiativeText({ initiative: null })).toBe('—')
    expect(initiativeText({ initiative: 'secret' })).toBe('')
  })

  it('explains a tie only when there was one', () => {
    expect(tieText({ initiative: rolled(30, [4, 2]) })).toBe('Tied on 30; roll-off 4, 2')
    expect(tieText({ initiative: rolled(30) })).toBe('')
    expect(tieText({ initiative: 'secret' })).toBe('')
  })

  it('shows the table the state of a standing, not the counts after it', () => {
    expect(standingShown('knocked out · 9 wake rolls left')).toBe('knocked out')
    expect(standingShown('downed · 1/3 failed')).toBe('downed')
    expect(standingShown('below 1 health · not downed by the rules')).toBe('below 1 health')
    expect(standingShown('dead')).toBe('dead')
  })

  it('gives the GM numbers and the players a band', () => {
    expect(healthText({ numbers: exact(15) })).toBe('15/40')
    expect(healthText({ numbers: { kind: 'secret', band: 'bloodied' } })).toBe('bloodied')
  })

  it('is down by the standing when the window has one, else by the health it sees', () => {
    const downed = { state: 'down', label: 'Downed', skipsTurn: false } as const
    const up = { state: 'up', label: '', skipsTurn: false } as const
    expect(isDown({ initiative: null, numbers: exact(30), standing: downed })).toBe(true)
    expect(isDown({ initiative: null, numbers: exact(-3), standing: up })).toBe(false)
    expect(isDown({ initiative: null, numbers: exact(0), standing: null })).toBe(true)
    expect(isDown({ initiative: null, numbers: { kind: 'secret', band: 'down' }, standing: null })).toBe(true)
    expect(isDown({ initiative: null, numbers: { kind: 'secret', band: 'hurt' }, standing: null })).toBe(false)
  })
})
