import { rmSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { buildDataFolder } from './core-fixture'
import { medianP95, timingTable, type BenchPart } from './report'
import { summarize, type Summary } from './stats'
import { WebProcess } from './web-process'
import { runWhenMain } from './run-alone'
import { ratio, ratioCell, withBenchBrowser } from './bench-browser'

/**
 * Command → paint on the GM page: how long after the GM presses Enter on a card's HP field
 * (or clicks Next turn) the page has painted the result, measured inside Chromium, with 300
 * combatants against a 6-combatant table in the same run.
 */

const LARGE = 300
const SMALL = 6
const WARM_UP = 5
const SAMPLES = 40
/** The smallest laptop screen the console is laid out for. */
const VIEWPORT = { width: 1366, height: 768 }

export interface PaintTimes {
  /** From the GM's key press or click to the DOM showing the change. */
  readonly dom: number
  /** …to the end of the frame that paints it. */
  readonly painted: number
}

interface PaintRun {
  readonly hp: PaintTimes[]
  readonly nextTurn: PaintTimes[]
}

declare global {
  interface Window {
    __paintProbe?: { arm(selector: string, attribute: string | null): void; result: Promise<PaintTimes> | null }
  }
}

/**
 * Installs the in-page clock. `arm` remembers what an element shows now; the GM's next key
 * press or click starts the clock; the first DOM mutation after which the element shows
 * something else stops the DOM clock; the frame clock stops in a task posted from that
 * frame's requestAnimationFrame callback, which the event loop runs only after the frame's
 * style, layout and paint, so it includes the cost of re-laying out 300 cards.
 */
async function installProbe(page: Page): Promise<void> {
  // Plain source, not a function: tsx's name-keeping helpers do not exist inside the page.
  await page.evaluate(PROBE_SOURCE)
}

const PROBE_SOURCE = `(() => {
  const probe = { result: null }
  probe.arm = function (selector, attribute) {
    function read() {
      const el = document.querySelector(selector)
      return el ? (attribute ? el.getAttribute(attribute) : el.textContent) : null
    }
    const before = read()
    let start = null
    function stamp() { if (start === null) start = performance.now() }
    window.addEventListener('keydown', stamp, { capture: true })
    window.addEventListener('click', stamp, { capture: true })
    probe.result = new Promise(function (resolve) {
      const observer = new MutationObserver(function () {
        if (start === null || read() === before) return
        observer.disconnect()
        window.removeEventListener('keydown', stamp, { capture: true })
        window.removeEventListener('click', stamp, { capture: true })
        const t0 = start
        const dom = performance.now() - t0
        requestAnimationFrame(function () {
          const channel = new MessageChannel()
          channel.port1.onmessage = function () { resolve({ dom: dom, painted: performance.now() - t0 }) }
          channel.port2.postMessage(null)
        })
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
    })
  }
  window.__paintProbe = probe
})()`

async function collect(page: Page): Promise<PaintTimes> {
  const times = await page.evaluate(() => window.__paintProbe!.result)
  if (!times) throw new Error('the paint probe was not armed')
  return times
}

/** Lets the page finish what a command set off (the attack panel's odds refresh…) before the next sample. */
async function settle(page: Page): Promise<void> {
  await page.evaluate('new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 60)))')
}

async function measureTable(browser: Browser, count: number): Promise<PaintRun> {
  const dataDir = await buildDataFolder(count)
  const server = await WebProcess.start(dataDir).catch((e: unknown) => {
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  })
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.goto(`${server.url}/`)
    await page
      .getByTestId('combatant-card')
      .nth(count - 1)
      .waitFor({ state: 'attached', timeout: 60_000 })
    await page.getByTestId('link-status').getByText('connected', { exact: true }).waitFor()
    await installProbe(page)

    // The first card: the one the GM sees without scrolling. Damage 1, heal 1, so it never runs out.
    const card = page.getByTestId('combatant-card').first()
    const id = await card.getAttribute('data-combatant-id')
    const hpSelector = `[data-testid="combatant-card"][data-combatant-id="${id}"] [data-testid="card-hp"]`
    const input = card.getByTestId('hp-input')
    const next = page.getByTestId('next-turn')
    const currentSelector = '[data-testid="initiative-ribbon"] [data-testid="current-combatant"]'

    const hp: PaintTimes[] = []
    const nextTurn: PaintTimes[] = []
    for (let i = 0; i < WARM_UP + SAMPLES; i++) {
      await input.fill(i % 2 === 0 ? '-1' : '+1')
      await page.evaluate((s) => window.__paintProbe!.arm(s, null), hpSelector)
      await input.press('Enter')
      const hpTimes = await collect(page)
      await settle(page)

      await page.evaluate((s) => window.__paintProbe!.arm(s, 'data-combatant-id'), currentSelector)
      await next.click()
      const turnTimes = await collect(page)
      await settle(page)

      if (i < WARM_UP) continue
      hp.push(hpTimes)
      nextTurn.push(turnTimes)
    }
    return { hp, nextTurn }
  } finally {
    await context.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The report lines and rows, or a line saying why the measurement was skipped. */
export async function runPaintBench(): Promise<BenchPart> {
  const title = `Paint (GM page in Chromium, ${VIEWPORT.width}×${VIEWPORT.height}): command → the frame that shows it, ${SAMPLES} samples after ${WARM_UP} warm-up`
  return withBenchBrowser(title, async (browser, executablePath) => {
    const small = await measureTable(browser, SMALL)
    const large = await measureTable(browser, LARGE)
    const s = (xs: PaintTimes[], key: keyof PaintTimes) => summarize(xs.map((x) => x[key]))
    const hpSmall = s(small.hp, 'painted')
    const hpLarge = s(large.hp, 'painted')
    const turnSmall = s(small.nextTurn, 'painted')
    const turnLarge = s(large.nextTurn, 'painted')
    const lines = [
      title,
      `  browser: ${browser.version()} (${executablePath})`,
      timingTable([
        [`HP edit (Enter on a card), ${SMALL} combatants: painted`, hpSmall],
        [`HP edit (Enter on a card), ${LARGE} combatants: painted`, hpLarge],
        [`  (the DOM had it after, ${SMALL} combatants)`, s(small.hp, 'dom')],
        [`  (the DOM had it after, ${LARGE} combatants)`, s(large.hp, 'dom')],
        [`Next turn (click), ${SMALL} combatants: painted`, turnSmall],
        [`Next turn (click), ${LARGE} combatants: painted`, turnLarge],
        [`  (the DOM had it after, ${SMALL} combatants)`, s(small.nextTurn, 'dom')],
        [`  (the DOM had it after, ${LARGE} combatants)`, s(large.nextTurn, 'dom')],
      ]),
      `  ${LARGE} / ${SMALL} combatants: HP edit ${ratio(hpLarge, hpSmall)}; next turn ${ratio(turnLarge, turnSmall)}`,
    ]
    const row = (what: string, large: Summary, small: Summary) => ({
      measure: what,
      salvo: medianP95(large, 0),
      baseline: `same with ${SMALL} combatants: ${medianP95(small, 0)}`,
      ratio: ratioCell(large, small),
    })
    return {
      lines,
      rows: [
        row(`**GM page in Chromium, command → painted frame, ${LARGE} combatants** — HP edit, median / p95`, hpLarge, hpSmall),
        row('— next turn, median / p95', turnLarge, turnSmall),
      ],
    }
  })
}

// `npx tsx tests/bench/paint-bench.ts` runs this part alone (the whole bench takes minutes).
runWhenMain(import.meta.url, 'paint bench', runPaintBench)
