import { describe, expect, it } from 'vitest'
import { parseHpEdit } from '../../../src-renderer/lib/cards/hp-edit'
import { shortcutFor } from '../../../src-renderer/lib/app/shortcuts'

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
