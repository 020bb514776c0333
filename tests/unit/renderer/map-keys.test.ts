import { describe, expect, it } from 'vitest'
import { runMapKey, type MapKeysHost } from '../../../src-renderer/lib/map/map-keys'

const vex = 'combatant:n1' as const
const grenade = 'areaMark:a1' as const

const key = (k: string) => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false })

function fakeHost(state: Partial<Pick<MapKeysHost, 'gm' | 'dragging' | 'menuOpen' | 'menuSubject' | 'selectedArea'>> = {}) {
  const calls: string[] = []
  const host: MapKeysHost = {
    gm: true,
    dragging: false,
    menuOpen: false,
    menuSubject: null,
    selectedArea: null,
    ...state,
    holdSpace: () => void calls.push('space'),
    cancelDrag: () => void calls.push('cancel drag'),
    closeMenu: () => void calls.push('close menu'),
    escapeTool: () => void calls.push('escape tool'),
    toggleTool: (tool) => void calls.push(`tool ${tool}`),
    openMenu: (id) => void calls.push(`menu ${id}`),
    removeArea: (id) => void calls.push(`remove ${id}`),
  }
  return { host, calls }
}

describe('battle map keys', () => {
  it('Esc stops the innermost thing: a drag, then the menu, then the tool, and leaves the key to the page', () => {
    for (const [state, expected] of [
      [{ dragging: true, menuOpen: true }, 'cancel drag'],
      [{ menuOpen: true }, 'close menu'],
      [{}, 'escape tool'],
    ] as const) {
      const { host, calls } = fakeHost(state)
      expect(runMapKey(key('Escape'), host)).toBe(false)
      expect(calls).toEqual([expected])
    }
  })

  it('M and T toggle their tools, Space holds the pan, on the GM’s map only', () => {
    const { host, calls } = fakeHost()
    expect(runMapKey(key('m'), host)).toBe(true)
    expect(runMapKey(key('t'), host)).toBe(true)
    expect(runMapKey(key(' '), host)).toBe(true)
    expect(calls).toEqual(['tool measure', 'tool area', 'space'])

    const table = fakeHost({ gm: false })
    expect(runMapKey(key('m'), table.host)).toBe(false)
    expect(table.calls).toEqual([])
  })

  it('S opens the menu of the token it is about, and Delete removes the picked template, only when there is one', () => {
    const none = fakeHost()
    expect(runMapKey(key('s'), none.host)).toBe(false)
    expect(runMapKey(key('Delete'), none.host)).toBe(false)
    expect(none.calls).toEqual([])

    const some = fakeHost({ menuSubject: vex, selectedArea: grenade })
    expect(runMapKey(key('s'), some.host)).toBe(true)
    expect(runMapKey(key('Backspace'), some.host)).toBe(true)
    expect(some.calls).toEqual([`menu ${vex}`, `remove ${grenade}`])
  })
})
