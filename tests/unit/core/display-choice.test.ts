import { describe, expect, it } from 'vitest'
import type { DisplayInfo } from '../../../src-shared/contract'
import type { DisplaySource } from '../../../src-main/core/app/display-choice'
import { attachWindow, coresForTests } from '../helpers/core-window'

const startCore = coresForTests()

/** The desktop shell's screens, as a test double at the Electron boundary: two screens, and what the GM chose. */
function screens(): DisplaySource & { readonly picks: (number | null)[]; plugged: DisplayInfo[] } {
  const picks: (number | null)[] = []
  const source = {
    picks,
    plugged: [
      { id: 1, label: 'Laptop', width: 1920, height: 1080, primary: true },
      { id: 7, label: 'Projector', width: 1280, height: 800, primary: false },
    ],
    list: () => source.plugged,
    chosen: (id: number | null) => void picks.push(id),
  }
  return source
}

describe("the projector's screen (desktop app)", () => {
  it('lists the screens, saves the choice across restarts, and has the shell move the window at once', async () => {
    const source = screens()
    const { core, gm, dataDir } = await startCore({ displays: source })
    expect(await gm.must('listDisplays', undefined)).toEqual({ available: true, displays: source.plugged, chosen: null })
    expect((await gm.must('chooseDisplay', { displayId: 7 })).chosen).toBe(7)
    expect(source.picks).toEqual([7])
    await core.shutdown()
    const again = await startCore({ dataDir, displays: source })
    expect(again.core.projectorDisplay()).toBe(7)
    expect((await again.gm.must('listDisplays', undefined)).chosen).toBe(7)
  })

  it('finds the pick again when the OS renumbers the screens, by its name and place', async () => {
    const source = screens()
    source.plugged = source.plugged.map((d) => ({ ...d, systemLabel: d.label, x: d.primary ? 0 : 1920, y: 0 }))
    const { core, gm } = await startCore({ displays: source })
    await gm.must('chooseDisplay', { displayId: 7 })
    expect(core.projectorRemembered()).toEqual({ id: 7, label: 'Projector', bounds: { x: 1920, y: 0, width: 1280, height: 800 } })
    // Back from standby as screen 12 (Windows, macOS): the bar shows it still picked.
    source.plugged = source.plugged.map((d) => (d.id === 7 ? { ...d, id: 12 } : d))
    expect((await gm.must('listDisplays', undefined)).chosen).toBe(12)
  })

  it('never remembers a made-up name ("Screen 2"), which changes with the order of the screens', async () => {
    const source = screens()
    const { core, gm } = await startCore({ displays: source })
    await gm.must('chooseDisplay', { displayId: 7 })
    expect(core.projectorRemembered()).toEqual({ id: 7 })
  })

  it("passes on the shell's word on the projector window, for the projector bar", async () => {
    const source = { ...screens(), status: () => 'no-second-display' as const }
    const { gm } = await startCore({ displays: source })
    expect((await gm.must('listDisplays', undefined)).projector).toBe('no-second-display')
  })

  it('refuses a screen that is not connected, keeping the old choice; the player window may not choose', async () => {
    const source = screens()
    const { core, gm } = await startCore({ displays: source })
    await gm.must('chooseDisplay', { displayId: 7 })
    const r = await gm.request('chooseDisplay', { displayId: 3 })
    expect(!r.ok && r.error.message).toBe('There is no screen 3 connected now; pick one from the list.')
    const player = attachWindow(core, 'player')
    expect((await player.request('chooseDisplay', { displayId: null })).ok).toBe(false)
    expect(core.projectorDisplay()).toBe(7)
    expect(source.picks).toEqual([7])
  })

  it('in browser mode there is nothing to place, and the GM is told where the player page goes', async () => {
    const { gm } = await startCore()
    expect(await gm.must('listDisplays', undefined)).toEqual({ available: false, displays: [], chosen: null })
    const r = await gm.request('chooseDisplay', { displayId: 1 })
    expect(!r.ok && r.error.message).toMatch(/open the player page on the screen the table sees/)
  })
})
