import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { DataFolderInUseError, lockDataFolder, lockEndpoint } from '../../../src-main/core/persistence/data-folder-lock'
import { attachWindow } from '../helpers/core-window'
import { tempDir } from '../helpers/temp-dir'

const cores: SalvoCore[] = []
afterEach(async () => {
  for (const c of cores.splice(0)) await c.shutdown()
})

async function started(dataDir: string, what = 'the first Salvo') {
  const core = new SalvoCore({ dataDir, describeHolder: () => ({ what }) })
  cores.push(core)
  await core.start()
  return core
}

/** Every file under a folder with its bytes: what "changed nothing" is held to. */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else out[p] = readFileSync(p).toString('base64')
    }
  }
  walk(dir)
  return out
}

describe('one Salvo per data folder', () => {
  it('a second core on the folder is refused, naming the first, and changes nothing', async () => {
    const dataDir = tempDir()
    const first = await started(dataDir, 'Salvo browser mode (GM console at http://127.0.0.1:5780/)')
    const gm = attachWindow(first)
    await gm.must('createCampaign', { name: 'Held', seed: 's', rulesetId: 'compound-x' })
    await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
    const before = contents(dataDir)

    const second = new SalvoCore({ dataDir })
    const refusal = await second.start().then(
      () => null,
      (e: unknown) => e,
    )
    expect(refusal).toBeInstanceOf(DataFolderInUseError)
    expect((refusal as Error).message).toBe(
      `The data folder ${dataDir} is in use by Salvo browser mode (GM console at http://127.0.0.1:5780/) (process ${process.pid}, since ${(refusal as DataFolderInUseError).holder!.since}). ` +
        'Only one Salvo can use a data folder at a time: close that one first, or start this one with another folder. Nothing was changed.',
    )
    expect(contents(dataDir)).toEqual(before)
    // The first goes on as if nothing happened.
    await gm.command('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 30 })
  })

  it('the same folder reached through a symlink is the same lock', async () => {
    const dataDir = tempDir()
    await started(dataDir)
    const link = join(tempDir(), 'link')
    symlinkSync(dataDir, link)
    expect(lockEndpoint(link)).toBe(lockEndpoint(dataDir))
    await expect(new SalvoCore({ dataDir: link }).start()).rejects.toBeInstanceOf(DataFolderInUseError)
    // Another folder is another lock.
    expect(lockEndpoint(tempDir())).not.toBe(lockEndpoint(dataDir))
  })

  it('is free again after a shutdown, and after the holder dies without one', async () => {
    const dataDir = tempDir()
    const first = await started(dataDir)
    await first.shutdown()
    const second = await started(dataDir)
    await attachWindow(second).must('createCampaign', { name: 'Next', seed: 's', rulesetId: 'generic-d100' })
    // What a killed process leaves behind: nothing written, the OS drops the lock.
    await second.abandon()
    const third = await started(dataDir)
    expect((await attachWindow(third).must('session', undefined)).campaign?.name).toBe('Next')
  })

  it('a holder that will not say who it is still keeps the folder', async () => {
    const dataDir = tempDir()
    const stranger = createServer((s) => s.end('not json'))
    await new Promise<void>((r) => stranger.listen(lockEndpoint(dataDir), r))
    try {
      await expect(new SalvoCore({ dataDir }).start()).rejects.toThrow(
        `The data folder ${dataDir} is in use by another Salvo process (it did not say which).`,
      )
    } finally {
      await new Promise((r) => stranger.close(r))
    }
  })
})

describe('where the lock is a socket file (macOS)', () => {
  it('takes over the file a killed holder left behind, and refuses while a live one answers', async () => {
    const dataDir = tempDir()
    const endpoint = join(tempDir(), 'salvo-data.sock')
    // A real holder in another process, killed the hard way: its socket file stays behind.
    const holder = spawn(
      process.execPath,
      ['-e', `require('net').createServer((s) => s.end('{}')).listen(${JSON.stringify(endpoint)}, () => console.log('up'))`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise((r) => holder.stdout!.once('data', r))
    await expect(lockDataFolder(dataDir, () => ({ what: 'me' }), undefined, endpoint)).rejects.toBeInstanceOf(DataFolderInUseError)
    holder.kill('SIGKILL')
    await new Promise((r) => holder.once('exit', r))
    expect(existsSync(endpoint)).toBe(true)

    const lock = await lockDataFolder(dataDir, () => ({ what: 'the new holder' }), undefined, endpoint)
    await expect(lockDataFolder(dataDir, () => ({ what: 'a third' }), undefined, endpoint)).rejects.toThrow(
      /in use by the new holder \(process/,
    )
    await lock.release()
  })
})
