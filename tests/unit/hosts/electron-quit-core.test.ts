import { describe, expect, it, vi } from 'vitest'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { createQuitSequence, QUIT_DEADLINE_MS } from '../../../src-main/hosts/electron/quit-sequence'
import { tempDir } from '../helpers/temp-dir'

/**
 * The desktop app's quit sequence around a real core on a real data folder: what the GM was told
 * was done is on disk after the app has exited, whether the core's shutdown finishes or hangs.
 * The second core opened on the same folder is the next evening's start.
 */

const names = ['Vex', 'Ash', 'Rook', 'Moss', 'Tarn']

async function playAnEvening(core: SalvoCore): Promise<void> {
  await core.start()
  const gm = core.connect('gm', () => {})
  const created = await gm.request('createCampaign', { name: 'Kessler Yard', seed: 'quit' })
  expect(created.ok).toBe(true)
  for (const [i, name] of names.entries()) {
    const added = await gm.request('dispatch', {
      type: 'combatant/add',
      payload: { name, side: 'party', kind: 'pc', maxHp: 20 + i },
      meta: { commandId: `quit-${i}` },
    })
    // Acknowledged: from here the GM counts on it.
    expect(added.ok).toBe(true)
  }
}

/** The next start on the same folder: the names of the combatants it finds. */
async function nextEvening(dataDir: string): Promise<string[]> {
  const core = new SalvoCore({ dataDir })
  await core.start()
  const snap = await core.connect('gm', () => {}).request('snapshot', undefined)
  await core.shutdown()
  if (!snap.ok) throw new Error(snap.error.message)
  return snap.value.records.flatMap((r) => (r.typeName === 'combatant' ? [r.name] : [])).sort()
}

function quitAround(shutdown: () => Promise<void>, deadlineMs?: number) {
  const exits: number[] = []
  const order: string[] = []
  const quit = createQuitSequence({
    hideWindows: () => void order.push('hide'),
    shutdown: () => {
      order.push('shutdown')
      return shutdown()
    },
    exit: (code) => void exits.push(code),
    log: () => {},
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
  })
  return { quit, exits, order }
}

describe('quitting the desktop app with a real core', () => {
  it('closes the core before exiting with 0, and every acknowledged command is there next time', async () => {
    const dataDir = tempDir()
    const core = new SalvoCore({ dataDir })
    await playAnEvening(core)
    const { quit, exits, order } = quitAround(() => core.shutdown())
    await expect(quit.request('quit')).resolves.toBe(0)
    expect(order).toEqual(['hide', 'shutdown'])
    expect(exits).toEqual([0])
    expect(await nextEvening(dataDir)).toEqual([...names].sort())
  })

  it('exits by the deadline when the core’s shutdown hangs, and the acknowledged commands are on disk all the same', async () => {
    const dataDir = tempDir()
    const core = new SalvoCore({ dataDir })
    await playAnEvening(core)
    const hang = vi.spyOn(core, 'shutdown').mockImplementation(() => new Promise<void>(() => {}))
    // The app's deadline is 10 s; a short one here keeps the test quick, the same code path.
    const deadlineMs = 300
    expect(deadlineMs).toBeLessThan(QUIT_DEADLINE_MS)
    const { quit, exits } = quitAround(() => core.shutdown(), deadlineMs)
    const started = Date.now()
    await expect(quit.request('quit')).resolves.toBe(1)
    expect(Date.now() - started).toBeLessThan(deadlineMs + 2_000)
    expect(hang).toHaveBeenCalledTimes(1)
    expect(exits).toEqual([1])
    // The process would be gone now; its lock goes with it, as the OS would drop it.
    hang.mockRestore()
    await core.abandon()
    expect(await nextEvening(dataDir)).toEqual([...names].sort())
  })
})
