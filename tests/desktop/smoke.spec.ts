import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'
import { appPageUrl } from '../../src-main/hosts/app-pages'

/**
 * The built desktop app (out/, as `npm start` runs it) starts, opens the GM console and the player
 * view from its own scheme, and quits. Its data folder is a scratch one (Linux: XDG_CONFIG_HOME).
 */
test('the desktop app opens the GM console and the player view, then quits', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'salvo-desktop-'))
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined))
  const app = await electron.launch({ args: ['.'], env: { ...env, XDG_CONFIG_HOME: scratch } })
  try {
    await app.firstWindow()
    await expect
      .poll(
        () =>
          app
            .windows()
            .map((w) => w.url())
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual([appPageUrl('gm'), appPageUrl('player')].sort())
  } finally {
    await app.close()
    rmSync(scratch, { recursive: true, force: true })
  }
})
