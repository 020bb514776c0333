import { describe, expect, it } from 'vitest'
import { commandsOff, linkNotice } from '../../../src-renderer/lib/app/link-notice'

describe("the GM desk's link banner", () => {
  it('says nothing while the link is open or refused', () => {
    expect(linkNotice('open', 0, true)).toBeNull()
    expect(linkNotice('refused', 3, true)).toBeNull()
  })

  it('says the connection was lost, and which attempt is under way, once the link had been open', () => {
    expect(linkNotice('closed', 0, true)?.text).toBe('Connection to Salvo lost — reconnecting (attempt 1)…')
    expect(linkNotice('connecting', 2, true)?.text).toBe('Connection to Salvo lost — reconnecting (attempt 3)…')
    expect(linkNotice('connecting', 2, true)?.detail).toMatch(/comes back by itself/)
  })

  it('flashes nothing while the page first connects, and says so once a first try failed', () => {
    expect(linkNotice('connecting', 0, false)).toBeNull()
    expect(linkNotice('closed', 1, false)?.text).toBe('Cannot reach Salvo — trying again (attempt 2)…')
  })

  it('turns commands off whenever the link is not open', () => {
    expect(commandsOff('open')).toBe(false)
    for (const s of ['connecting', 'closed', 'refused'] as const) expect(commandsOff(s)).toBe(true)
  })
})
