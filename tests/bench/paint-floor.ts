import { resolve } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { VIEWPORT } from './desk-pages'
import { arm, armInput, collect, inputTime, installProbe, readWatch, settle, type Watch } from './paint-probe'
import { summarize, type Summary } from './stats'
import { WebProcess } from './web-process'

/**
 * What the paint measure costs with no application: the floor under every desk figure,
 * measured in the same run, the same way (the same probe, clock and clicks, the two pages in
 * their own browser contexts). "Echo": a click sent over a WebSocket to a second process and
 * back to both blank pages. "Local": a click that changes the same page's text, no socket.
 */
export interface PaintFloor {
  /** Input → the first frame showing the echo, the later of the two pages. */
  readonly echo: Summary
  /** Input → the echo in both pages' DOM, before the wait for a frame. */
  readonly echoDom: Summary
  /** Input → the first frame showing a change made in the click's own handler. */
  readonly local: Summary
}

const SAMPLES = 60
const WARM_UP = 5
const VALUE: Watch = { selector: '#value', attribute: null }

async function openFloorPage(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage()
  await page.goto(url)
  await page.waitForSelector('body[data-ready="yes"]')
  await installProbe(page)
  return page
}

/** One click timed on the pages that should show it; the later page's frame and DOM times from the input. */
async function timeClick(clicked: Page, watchers: readonly Page[], button: string): Promise<{ frame: number; dom: number }> {
  for (const p of watchers) await arm(p, VALUE, { kind: 'differs', from: await readWatch(p, VALUE) }, 10_000)
  await armInput(clicked)
  await clicked.click(button)
  const seen = await Promise.all(watchers.map((p) => collect(p)))
  const input = await inputTime(clicked)
  if (seen.some((s) => s === null)) throw new Error('a floor page never showed the click')
  await Promise.all(watchers.map((p) => settle(p)))
  return { frame: Math.max(...seen.map((s) => s!.frame)) - input, dom: Math.max(...seen.map((s) => s!.dom)) - input }
}

export async function measurePaintFloor(browser: Browser): Promise<PaintFloor> {
  const server = await WebProcess.start('-', 20_000, { nodeArgs: ['--import', 'tsx'], main: resolve('tests/bench/floor-server.ts') })
  const opened: Page[] = []
  try {
    const gm = await openFloorPage(browser, `${server.url}/`)
    opened.push(gm)
    const player = await openFloorPage(browser, `${server.url}/player`)
    opened.push(player)
    const echo: number[] = []
    const echoDom: number[] = []
    const local: number[] = []
    for (let i = 0; i < WARM_UP + SAMPLES; i++) {
      const e = await timeClick(gm, [gm, player], '#act')
      const l = await timeClick(gm, [gm], '#local')
      if (i < WARM_UP) continue
      echo.push(e.frame)
      echoDom.push(e.dom)
      local.push(l.frame)
    }
    return { echo: summarize(echo), echoDom: summarize(echoDom), local: summarize(local) }
  } finally {
    for (const p of opened) await p.context().close()
    await server.stop()
  }
}
