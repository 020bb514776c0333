import { describe, expect, it } from 'vitest'
import { electronBinary } from '../../../scripts/electron-binary.mjs'
import { runDesktopBench } from '../../bench/desktop-bench'

/**
 * Issue 36: "the desktop shell gets the same measures where an Electron binary is present (skipped
 * with a clear line where it is not)". `npm run bench` reports the desktop shell either way: one
 * line saying why it was skipped, in the words `npm run test:desktop` uses; or, where a binary
 * runs, a missed goal until its measures are built, never a silent pass.
 */
describe("the bench's desktop shell part", () => {
  it('says in one line why it was skipped, or misses its goal where a binary runs', async () => {
    const electron = electronBinary()
    const part = await runDesktopBench()
    expect(part.lines[0]).toMatch(/^Desktop shell \(Electron\)/)
    if (!electron.ok) {
      expect(part.lines.slice(1)).toEqual([`  skipped: ${electron.why}`])
      expect(electron.why).toMatch(/Electron binary/)
      expect(part.goals ?? []).toEqual([])
    } else {
      expect(part.goals).toEqual([expect.objectContaining({ met: false })])
    }
    expect(part.rows).toHaveLength(1)
  })
})
