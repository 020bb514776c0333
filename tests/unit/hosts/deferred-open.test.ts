import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DeferredOpen } from '../../../src-main/hosts/web/deferred-open'
import { assetsOfPage, PageFilesSent } from '../../../src-main/hosts/web/page-files'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A built renderer folder with the two pages as the bundler writes them. */
function rendererWith(pages: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'salvo-pages-'))
  dirs.push(dir)
  for (const [name, html] of Object.entries(pages)) writeFileSync(join(dir, name), html)
  return dir
}

const GM_HTML = `<script type="module" crossorigin src="./assets/gm-1a.js"></script>
<link rel="modulepreload" crossorigin href="./assets/connect-2b.js">
<link rel="stylesheet" crossorigin href="./assets/connect-3c.css"><link rel="icon" href="data:," />`
const PLAYER_HTML = `<script type="module" crossorigin src="./assets/player-4d.js"></script>
<link rel="modulepreload" crossorigin href="./assets/connect-2b.js">`

describe('the files a page loads', () => {
  it('are the assets its tags name, once each, and nothing else', () => {
    expect(assetsOfPage(GM_HTML)).toEqual(['/assets/gm-1a.js', '/assets/connect-2b.js', '/assets/connect-3c.css'])
  })

  it('tell once, when every file of one page was sent', () => {
    let told = 0
    const files = new PageFilesSent(rendererWith({ 'gm.html': GM_HTML, 'player.html': PLAYER_HTML }), () => told++)
    files.sent('/assets/connect-2b.js')
    files.sent('/assets/gm-1a.js')
    files.sent('/')
    expect(told).toBe(0)
    files.sent('/assets/connect-3c.css')
    expect(told).toBe(1)
    files.sent('/assets/player-4d.js')
    expect(told).toBe(1)
  })

  it('never tell for a folder without pages (nothing waits on them)', () => {
    let told = 0
    const files = new PageFilesSent(rendererWith({}), () => told++)
    files.sent('/assets/gm-1a.js')
    expect(told).toBe(0)
  })
})

describe('the deferred open', () => {
  it('opens once, however often it is asked, and every asker waits for that one open', async () => {
    let opens = 0
    const opening = new DeferredOpen(async () => void opens++, 60_000)
    opening.soon()
    await Promise.all([opening.now(), opening.now()])
    await new Promise((ok) => setImmediate(ok))
    expect(opens).toBe(1)
  })

  it('opens on its own when nobody asks within the fallback', async () => {
    let opened = false
    const opening = new DeferredOpen(async () => void (opened = true), 20)
    await opening.done
    expect(opened).toBe(true)
  })

  it('does not open at all once shutting down cancelled the fallback', async () => {
    let opened = false
    const opening = new DeferredOpen(async () => void (opened = true), 20)
    opening.cancelFallback()
    await new Promise((ok) => setTimeout(ok, 60))
    expect(opened).toBe(false)
  })

  it('gives the open failure to everyone waiting', async () => {
    const opening = new DeferredOpen(() => Promise.reject(new Error('the campaign file is unreadable')), 60_000)
    await expect(opening.now()).rejects.toThrow('unreadable')
    await expect(opening.done).rejects.toThrow('unreadable')
  })
})
