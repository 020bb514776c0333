import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { gmWindowOptions, type DisplayLike } from '../../../src-main/hosts/electron/window-options'
import {
  MIN_VISIBLE,
  loadWindowState,
  parseWindowState,
  restoreWindowState,
  saveWindowState,
  serializeWindowState,
  type WindowState,
} from '../../../src-main/hosts/electron/window-state'

const limits = gmWindowOptions('/preload.cjs')
const laptop: DisplayLike = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 40, width: 1920, height: 1040 },
}
const monitor: DisplayLike = { id: 2, bounds: { x: 1920, y: 0, width: 2560, height: 1440 } }
const saved = (x: number, y: number, width = 1600, height = 1000, maximized = false): WindowState => ({
  bounds: { x, y, width, height },
  maximized,
})

describe('GM window: size and place kept between runs', () => {
  it('reopens where it was left, on either screen, maximized if it was', () => {
    expect(restoreWindowState(saved(100, 80), [laptop], 1, limits)).toEqual(saved(100, 80))
    expect(restoreWindowState(saved(2000, 100, 2000, 1200, true), [laptop, monitor], 1, limits)).toEqual(saved(2000, 100, 2000, 1200, true))
  })

  it('a window left on a monitor that is unplugged now opens on the GM’s screen, default size, centred', () => {
    const r = restoreWindowState(saved(2000, 100, 2000, 1200), [laptop], 1, limits)
    expect(r.bounds).toEqual({ x: 240, y: 110, width: limits.width, height: limits.height })
  })

  it('pulls a window hanging off the edge fully onto its screen, and a sliver no one could grab counts as off', () => {
    expect(restoreWindowState(saved(1500, 500), [laptop], 1, limits).bounds).toEqual({ x: 320, y: 80, width: 1600, height: 1000 })
    const sliver = restoreWindowState(saved(1920 - MIN_VISIBLE + 1, 100), [laptop], 1, limits)
    expect(sliver.bounds.x).toBe(240)
  })

  it('keeps the size between the window’s minimum and the screen’s work area', () => {
    expect(restoreWindowState(saved(10, 50, 200, 100), [laptop], 1, limits).bounds).toMatchObject({
      width: limits.minWidth,
      height: limits.minHeight,
    })
    expect(restoreWindowState(saved(0, 40, 5000, 3000), [laptop], 1, limits).bounds).toEqual(laptop.workArea)
    // A screen smaller than the minimum: the whole screen, not a window hanging off it.
    const tiny: DisplayLike = { id: 3, bounds: { x: 0, y: 0, width: 800, height: 600 } }
    expect(restoreWindowState(null, [tiny], 3, limits).bounds).toEqual({ x: 0, y: 0, width: 800, height: 600 })
  })

  it('with nothing saved, the default size centred on the GM’s screen; with no screens reported, still a window', () => {
    expect(restoreWindowState(null, [monitor, laptop], 1, limits)).toEqual({
      bounds: { x: 240, y: 110, width: 1440, height: 900 },
      maximized: false,
    })
    expect(restoreWindowState(null, [], 1, limits).bounds).toMatchObject({ width: 1440, height: 900 })
  })

  it('reads back what it wrote, and treats a damaged or odd file as nothing saved', () => {
    const state = saved(12, 34, 1500, 950, true)
    expect(parseWindowState(serializeWindowState(state))).toEqual(state)
    for (const bad of [
      '',
      null,
      '{',
      'null',
      '[]',
      '{"bounds":{"x":0,"y":0,"width":-5,"height":10}}',
      '{"bounds":{"x":"0","y":0,"width":5,"height":10}}',
      '{"bounds":{"x":0,"y":0,"width":1e999,"height":10}}',
    ])
      expect(parseWindowState(bad)).toBeNull()
    expect(parseWindowState('{"bounds":{"x":1,"y":2,"width":3,"height":4},"maximized":"yes"}')?.maximized).toBe(false)
  })
})

describe('the window-state file', () => {
  let dir: string | null = null
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    dir = null
  })

  it('saves and loads; a missing or garbled file loads as nothing; a save that cannot be written does not throw', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'salvo-window-state-'))
    const file = path.join(dir, 'window-state.json')
    expect(loadWindowState(file)).toBeNull()
    saveWindowState(file, saved(5, 6))
    expect(loadWindowState(file)).toEqual(saved(5, 6))
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ bounds: saved(5, 6).bounds, maximized: false })
    writeFileSync(file, 'not json')
    expect(loadWindowState(file)).toBeNull()
    const quiet = console.error
    console.error = () => {}
    try {
      expect(() => saveWindowState(path.join(dir!, 'no', 'such', 'dir.json'), saved(1, 1))).not.toThrow()
    } finally {
      console.error = quiet
    }
  })
})
