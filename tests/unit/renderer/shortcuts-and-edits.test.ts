import { describe, expect, it } from 'vitest'
import { parseHpEdit } from '../../../src-renderer/lib/cards/hp-edit'
import { SHORTCUTS, chordLabel, keysFor, shortcutFor, type ShortcutAction } from '../../../src-renderer/lib/app/shortcuts'

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})

describe('keyboard shortcuts', () => {
  it('maps undo/redo with Ctrl or Cmd', () => {
    expect(shortcutFor(key('z', { ctrlKey: true }), false)).toBe('undo')
    expect(shortcutFor(key('Z', { ctrlKey: true, shiftKey: true }), false)).toBe('redo')
    expect(shortcutFor(key('y', { ctrlKey: true }), false)).toBe('redo')
    expect(shortcutFor(key('z', { metaKey: true }), false)).toBe('undo')
  })
  it('maps turn keys, but not while typing in a field', () => {
    expect(shortcutFor(key('n'), false)).toBe('nextTurn')
    expect(shortcutFor(key('p'), false)).toBe('previousTurn')
    expect(shortcutFor(key('n'), true)).toBeNull()
    expect(shortcutFor(key('z', { ctrlKey: true }), true)).toBeNull()
    expect(shortcutFor(key('n', { ctrlKey: true }), false)).toBeNull()
  })
})

describe('desk shortcuts', () => {
  it('maps every frequent action to a plain key', () => {
    const plain: [string, ShortcutAction][] = [
      ['d', 'damage'],
      ['h', 'heal'],
      ['a', 'attack'],
      ['r', 'roll'],
      ['i', 'rollInitiative'],
      ['/', 'search'],
      ['?', 'help'],
      ['Escape', 'close'],
    ]
    for (const [k, action] of plain) expect(shortcutFor(key(k), false), k).toBe(action)
    // "?" is Shift+/ on most layouts, and Caps Lock must not disable a letter.
    expect(shortcutFor(key('?', { shiftKey: true }), false)).toBe('help')
    expect(shortcutFor(key('D', { shiftKey: true }), false)).toBe('damage')
  })
  it('opens the palette with Ctrl+K or Cmd+K, even from a field', () => {
    expect(shortcutFor(key('k', { ctrlKey: true }), false)).toBe('palette')
    expect(shortcutFor(key('k', { metaKey: true }), true)).toBe('palette')
    expect(shortcutFor(key('k'), false)).toBeNull()
  })
  it('leaves letters, Alt combinations and unknown chords alone', () => {
    for (const k of ['d', 'h', 'a', 'r', 'i', '/']) expect(shortcutFor(key(k), true), k).toBeNull()
    expect(shortcutFor(key('Escape'), true)).toBe('close')
    expect(shortcutFor(key('d', { altKey: true }), false)).toBeNull()
    expect(shortcutFor(key('d', { ctrlKey: true }), false)).toBeNull()
    expect(shortcutFor(key('y', { ctrlKey: true, shiftKey: true }), false)).toBeNull()
    expect(shortcutFor(key('x'), false)).toBeNull()
  })
  it('has one row per action, and every chord maps back to its own row', () => {
    expect(new Set(SHORTCUTS.map((s) => s.action)).size).toBe(SHORTCUTS.length)
    for (const s of SHORTCUTS) {
      for (const c of s.chords) {
        const e = key(c.key, { ctrlKey: !!c.mod, shiftKey: !!c.shift })
        expect(shortcutFor(e, false, s.scope), chordLabel(c)).toBe(s.action)
      }
    }
  })
  it("keeps the battle map's keys to the map: the desk does not see them, and no chord means two things", () => {
    expect(shortcutFor(key('m'), false, 'map')).toBe('measure')
    expect(shortcutFor(key('t'), false, 'map')).toBe('areaTool')
    expect(shortcutFor(key('s'), false, 'map')).toBe('tokenMenu')
    expect(shortcutFor(key('Delete'), false, 'map')).toBe('removeArea')
    expect(shortcutFor(key('m'), false)).toBeNull()
    expect(shortcutFor(key('m'), true, 'map')).toBeNull()
    expect(shortcutFor(key('n'), false, 'map')).toBeNull()
    // A map key must not shadow a desk key either: the map's keydown sees every desk key too.
    const chords = SHORTCUTS.flatMap((s) => s.chords.map((c) => chordLabel(c)))
    expect(new Set(chords).size).toBe(chords.length)
    expect(keysFor('measure')).toBe('M')
    expect(keysFor('removeArea')).toBe('Delete / Backspace')
  })
  it('labels keys the way the help overlay shows them', () => {
    expect(keysFor('redo')).toBe('Ctrl+Shift+Z / Ctrl+Y')
    expect(keysFor('palette')).toBe('Ctrl+K')
    expect(keysFor('close')).toBe('Esc')
    expect(keysFor('damage')).toBe('D')
  })
})

describe('HP quick edit', () => {
  it('reads damage, healing and a set value', () => {
    expect(parseHpEdit('-7')).toEqual({ kind: 'adjust', delta: -7 })
    expect(parseHpEdit(' +5 ')).toEqual({ kind: 'adjust', delta: 5 })
    expect(parseHpEdit('30')).toEqual({ kind: 'set', hp: 30 })
    expect(parseHpEdit('=0')).toEqual({ kind: 'set', hp: 0 })
  })
  it('refuses anything else', () => {
    for (const bad of ['', 'abc', '-0', '5.5', '--3', '1234567']) expect(parseHpEdit(bad), bad).toBeNull()
  })
})
