import { resolve } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { VIEWPORT } from './desk-pages'
import { arm, armInput, collect, inputTime, installProbe, readWatch, settle, type Watch } from './paint-probe'
import { clickOn, dragBetween, keyIn, type InputPath, type TimedInput } from './paint-input'
import { summarizeWork, workBetween, WorkMeter, type PageWork, type WorkSummary } from './paint-work'
import { summarize, type Summary } from './stats'
import { WebProcess } from './web-process'

/**
 * What the paint measure costs with no application: the floor under every desk figure,
 * measured in the same run, the same way: the same probe and clock, the same raw input sent
 * by the same Playwright calls (paint-input.ts) and started at the same event, the two pages in
 * their own browser contexts, and each page's main-thread work read the same way
 * (paint-work.ts). One floor per input path, since each command compares with the floor of
 * the path it is given by: a key (Enter in a field), a click (on a button), a drag (dropped
 * on release). "Echo": the input sent over a WebSocket to a second process and back to both
 * blank pages. "Local": a click that changes its own page's text, no socket.
 */
export interface FloorPath {
  /** Input → the first frame showing the echo, the later of the two pages. */
  readonly both: Summary
  /** Input → the echo in both pages' DOM, before the wait for a frame. */
  readonly bothDom: Summary
  readonly gmWork: WorkSummary
  readonly playerWork: WorkSummary
}

export interface PaintFloor {
  readonly byPath: Readonly<Record<InputPath, FloorPath>>
  /** Input → the first frame showing a change made in the click's own handler. */
  readonly local: Summary
}

export const INPUT_PATHS: readonly InputPath[] = ['key', 'click', 'drag']
const SAMPLES = Number(process.env['SALVO_PAINT_FLOOR_SAMPLES'] ?? 60)
const WARM_UP = 5
const VALUE: Watch = { selector: '#value', attribute: null }

async function openFloorPage(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage()
  await page.goto(url)
  await page.waitForSelector('body[data-ready="yes"]')
  await installProbe(page)
  return page
}

/** The input of one path on the blank GM page, prepared (untimed) as the desk's commands are. */
async function prepareInput(gm: Page, path: InputPath | 'local'): Promise<TimedInput> {
  if (path === 'key') return keyIn(gm, gm.locator('#field'), 'Enter')
  if (path === 'click') return clickOn(gm, gm.locator('#act'))
  if (path === 'local') return clickOn(gm, gm.locator('#local'))
  const box = await gm.locator('#drag').boundingBox()
  if (!box) throw new Error('the floor page has no drag box')
  const y = box.y + box.height / 2
  return dragBetween(gm, { x: box.x + 40, y }, { x: box.x + 160, y })
}

interface Timed {
  readonly frame: number
  readonly dom: number
  readonly work: readonly PageWork[]
}

/** One input timed on the pages that should show it; the later page's frame and DOM times from the input. */
async function timeInput(gm: Page, watchers: readonly Page[], meters: readonly WorkMeter[], path: InputPath | 'local'): Promise<Timed> {
  const input = await prepareInput(gm, path)
  for (const p of watchers) await arm(p, VALUE, { kind: 'differs', from: await readWatch(p, VALUE) }, 10_000)
  await armInput(gm, input.path)
  const before = await Promise.all(meters.map((m) => m.read()))
  await input.send()
  const seen = await Promise.all(watchers.map((p) => collect(p)))
  const start = await inputTime(gm)
  if (seen.some((s) => s === null)) throw new Error(`a floor page never showed the ${path} input`)
  await Promise.all(watchers.map((p) => settle(p)))
  const after = await Promise.all(meters.map((m) => m.read()))
  return {
    frame: Math.max(...seen.map((s) => s!.frame)) - start,
    dom: Math.max(...seen.map((s) => s!.dom)) - start,
    work: before.map((b, i) => workBetween(b, after[i]!)),
  }
}

export async function measurePaintFloor(browser: Browser): Promise<PaintFloor> {
  const server = await WebProcess.start('-', 20_000, { nodeArgs: ['--import', 'tsx'], main: resolve('tests/bench/floor-server.ts') })
  const opened: Page[] = []
  const meters: WorkMeter[] = []
  try {
    const gm = await openFloorPage(browser, `${server.url}/`)
    opened.push(gm)
    const player = await openFloorPage(browser, `${server.url}/player`)
    opened.push(player)
    meters.push(await WorkMeter.attach(gm), await WorkMeter.attach(player))
    const timed = new Map<InputPath, Timed[]>(INPUT_PATHS.map((p) => [p, []]))
    const local: number[] = []
    // The paths take turns, so a change in the machine's load falls on all of them alike.
    for (let i = 0; i < WARM_UP + SAMPLES; i++) {
      for (const path of INPUT_PATHS) {
        const t = await timeInput(gm, [gm, player], meters, path)
        if (i >= WARM_UP) timed.get(path)!.push(t)
      }
      const l = await timeInput(gm, [gm], [], 'local')
      if (i >= WARM_UP) local.push(l.frame)
    }
    const floorOf = (xs: readonly Timed[]): FloorPath => ({
      both: summarize(xs.map((x) => x.frame)),
      bothDom: summarize(xs.map((x) => x.dom)),
      gmWork: summarizeWork(xs.map((x) => x.work[0]!)),
      playerWork: summarizeWork(xs.map((x) => x.work[1]!)),
    })
    const byPath = Object.fromEntries(INPUT_PATHS.map((p) => [p, floorOf(timed.get(p)!)])) as Record<InputPath, FloorPath>
    return { byPath, local: summarize(local) }
  } finally {
    for (const m of meters) await m.detach()
    for (const p of opened) await p.context().close()
    await server.stop()
  }
}
