import { writeFileSync } from 'node:fs'
import type { BrowserContext, CDPSession, Page } from '@playwright/test'

/**
 * The steps of one cold start, each on the bench's clock (ms since the bench began that start):
 * the server's own marks (printed with SALVO_START_MARKS=1) and the page's (navigation timing,
 * the socket's first bytes and the snapshot's arrival, the first card in the DOM and painted).
 * Only watched, never changed: the page's code runs as it would for the GM.
 */

/** Marks the server prints, in the order a start passes them. */
const SERVER_MARKS = [
  'process',
  'modules-loaded',
  'core-built',
  'listening',
  'open-began',
  'document-read',
  'document-checked',
  'journal-replayed',
  'archives-read',
  'campaign-open',
  'snapshot-asked',
  'snapshot-built',
  'snapshot-sent',
] as const
type ServerMark = (typeof SERVER_MARKS)[number]

/** Epoch times the page script records; null until the step happened. */
interface PageMarks {
  wsOpen: number | null
  /** The largest message the socket received (the snapshot) and when it arrived, before the page handled it. */
  biggestAt: number | null
  biggestChars: number
  cardInDom: number | null
  cardPainted: number | null
  /** The link status first read "connected". */
  linkUp: number | null
  /** Resolves (epoch ms) once a card is painted and the link is up: the desk is ready for the GM. */
  deskShown: Promise<number>
}

declare global {
  interface Window {
    __salvoStart?: PageMarks
  }
}

/*
 * Plain source (see paint-probe.ts): a WebSocket that notes its open and its messages' arrival
 * (its listeners are added in the constructor, so they run before the page's own), and an
 * observer that notes the first card and the frame that painted it.
 */
const PAGE_SOURCE = `(() => {
  const marks = { wsOpen: null, biggestAt: null, biggestChars: 0, cardInDom: null, cardPainted: null, linkUp: null }
  let shown = null
  marks.deskShown = new Promise((resolve) => { shown = resolve })
  window.__salvoStart = marks
  const epoch = () => performance.timeOrigin + performance.now()
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args)
      this.addEventListener('open', () => { if (marks.wsOpen === null) marks.wsOpen = epoch() })
      this.addEventListener('message', (e) => {
        const n = typeof e.data === 'string' ? e.data.length : 0
        if (n > marks.biggestChars) { marks.biggestChars = n; marks.biggestAt = epoch() }
      })
    }
  }
  const done = () => {
    if (marks.cardPainted === null || marks.linkUp === null) return
    observer.disconnect()
    shown(epoch())
  }
  const check = () => {
    if (marks.linkUp === null) {
      const link = document.querySelector('[data-testid="link-status"]')
      if (link && (link.textContent || '').trim() === 'connected') { marks.linkUp = epoch(); done() }
    }
    if (marks.cardInDom !== null || !document.querySelector('[data-testid="combatant-card"]')) return
    marks.cardInDom = epoch()
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => { marks.cardPainted = epoch(); done() }
      channel.port2.postMessage(null)
    })
  }
  const observer = new MutationObserver(check)
  document.addEventListener('DOMContentLoaded', () => {
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    check()
  })
})()`

export async function watchStart(context: BrowserContext): Promise<void> {
  await context.addInitScript(PAGE_SOURCE)
}

/**
 * Once the desk is shown (false past `timeoutMs`): the first card's HP input focused, the paint
 * probe (installed at load, paint-probe.ts) armed for its HP text to change and for the input
 * event, all in the page in one step, so the bench's own round trips stay out of the timed click.
 * Gives when the page saw the desk (epoch ms).
 */
export async function armFirstHpEdit(page: Page, timeoutMs: number): Promise<number | false> {
  const ms = Math.max(1, Math.round(timeoutMs))
  return (await page.evaluate(`(async () => {
    const shown = await Promise.race([window.__salvoStart.deskShown, new Promise((ok) => setTimeout(() => ok(false), ${ms}))])
    if (shown === false) return false
    const card = document.querySelector('[data-testid="combatant-card"]')
    const id = card.getAttribute('data-combatant-id')
    const watch = { selector: '[data-testid="combatant-card"][data-combatant-id="' + id + '"] [data-testid="card-hp"]', attribute: null }
    const before = window.__salvoProbe.read(watch)
    card.querySelector('[data-testid="hp-input"]').focus()
    window.__salvoProbe.arm(watch, { kind: 'differs', from: before }, ${ms})
    window.__salvoProbe.armInput()
    return shown
  })()`)) as number | false
}

export interface StartBreakdown {
  /** Step name → ms since the start began, in the order they happened. */
  readonly steps: readonly (readonly [string, number])[]
  readonly snapshotChars: number
}

/** What the page tells about its start: epoch ms, null for a step it has no time for. */
interface PageReading {
  readonly origin: number
  readonly html: number | null
  readonly assets: number | null
  readonly domContentLoaded: number | null
  readonly marks: PageMarks | null
}

/** Plain source again: navigation and resource timing (the last script or style received), and the marks above. */
const READ_SOURCE = `(() => {
  const nav = performance.getEntriesByType('navigation')[0]
  const files = performance.getEntriesByType('resource').filter((r) => /\\.(js|css)$/.test(r.name)).map((r) => r.responseEnd)
  const at = (t) => (t === undefined || t === 0 ? null : performance.timeOrigin + t)
  return {
    origin: performance.timeOrigin,
    html: at(nav && nav.responseEnd),
    assets: files.length ? at(Math.max(...files)) : null,
    domContentLoaded: at(nav && nav.domContentLoadedEventEnd),
    marks: window.__salvoStart ? { ...window.__salvoStart, deskShown: null } : null,
  }
})()`

/** The server's marks from its output, as epoch ms. */
function serverMarks(output: string): Partial<Record<ServerMark, number>> {
  const found: Partial<Record<ServerMark, number>> = {}
  for (const m of output.matchAll(/^salvo-start-mark (\S+) (\d+(?:\.\d+)?)$/gm)) {
    const name = m[1] as ServerMark
    if (SERVER_MARKS.includes(name)) found[name] = Number(m[2])
  }
  return found
}

/** Every step of the start that was seen, relative to `beganEpoch` (the bench's start of this run). */
export async function breakdown(page: Page, serverOutput: string, beganEpoch: number): Promise<StartBreakdown> {
  const server = serverMarks(serverOutput)
  const fromPage = (await page.evaluate(READ_SOURCE)) as PageReading
  const steps: [string, number | null | undefined][] = [
    ...SERVER_MARKS.map((m): [string, number | undefined] => [`server ${m}`, server[m]]),
    ['page navigation began', fromPage.origin],
    ['gm.html received', fromPage.html],
    ['scripts+styles received', fromPage.assets],
    ['scripts run (DOMContentLoaded)', fromPage.domContentLoaded],
    ['socket open', fromPage.marks?.wsOpen],
    ['snapshot received', fromPage.marks?.biggestAt],
    ['first card in DOM', fromPage.marks?.cardInDom],
    ['first card painted', fromPage.marks?.cardPainted],
    ['link shows connected', fromPage.marks?.linkUp],
  ]
  return {
    steps: steps
      .filter((s): s is [string, number] => typeof s[1] === 'number')
      .map(([n, t]) => [n, t - beganEpoch] as const)
      .sort((a, b) => a[1] - b[1]),
    snapshotChars: fromPage.marks?.biggestChars ?? 0,
  }
}

/** One line: each step's time since the start began. */
export function breakdownLine(b: StartBreakdown): string {
  const steps = b.steps.map(([name, t]) => `${name} ${t.toFixed(0)}`).join(' · ')
  return `${steps} ms; snapshot ${(b.snapshotChars / 1e6).toFixed(2)} M chars`
}

const profiling = new WeakMap<Page, CDPSession>()

/** Starts Chrome's CPU profiler on the page (before it navigates), for SALVO_COLD_PROFILE. */
export async function startPageProfile(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  profiling.set(page, cdp)
}

export async function savePageProfile(page: Page, file: string): Promise<void> {
  const cdp = profiling.get(page)
  if (!cdp) return
  const { profile } = await cdp.send('Profiler.stop')
  writeFileSync(file, JSON.stringify(profile))
}

/** One step of a start as the issue names them (issue 36): an interval on the bench's clock (ms). */
export interface StartStep {
  readonly name: string
  readonly from: number
  readonly to: number
}

/**
 * The start cut into the steps the issue asks about, each from one mark to the next. Server and page
 * work at the same time, so the steps overlap and do not add up to the total; the ones in the
 * chain the first click waits for are the server's up to listening, then the open, the snapshot and
 * the page's steps after it. A step whose marks were not both seen is left out.
 */
export function startSteps(b: StartBreakdown, clicked: number): StartStep[] {
  const at = new Map(b.steps)
  const later = (...names: string[]): number | undefined => {
    const times = names.map((n) => at.get(n))
    return times.every((t) => t !== undefined) ? Math.max(...(times as number[])) : undefined
  }
  const chain: [string, number | undefined, number | undefined][] = [
    ['process start + code load (schema building included)', 0, at.get('server modules-loaded')],
    ['core built (content pack checked) + listening', at.get('server modules-loaded'), at.get('server listening')],
    ['page: HTML, scripts and styles fetched', at.get('page navigation began'), at.get('scripts+styles received')],
    ['renderer code load (parse + run to DOMContentLoaded)', at.get('scripts+styles received'), at.get('scripts run (DOMContentLoaded)')],
    ["open waits for the page's files", at.get('server listening'), at.get('server open-began')],
    ['campaign read + JSON.parse', at.get('server open-began'), at.get('server document-read')],
    ['campaign validation (seal or zod) + store', at.get('server document-read'), at.get('server document-checked')],
    ['journal replay', at.get('server document-checked'), at.get('server journal-replayed')],
    ['archive tails', at.get('server journal-replayed'), at.get('server archives-read')],
    ['open tidied + engine built', at.get('server archives-read'), at.get('server campaign-open')],
    ['first snapshot built', later('server snapshot-asked', 'server campaign-open'), at.get('server snapshot-built')],
    ['first snapshot serialised + sent', at.get('server snapshot-built'), at.get('server snapshot-sent')],
    ['snapshot over the socket', at.get('server snapshot-sent'), at.get('snapshot received')],
    ['first layout (snapshot handled → first card painted)', at.get('snapshot received'), at.get('first card painted')],
    ['first painted click (desk ready → HP edit painted)', later('first card painted', 'link shows connected'), clicked],
  ]
  return chain
    .filter((s): s is [string, number, number] => s[1] !== undefined && s[2] !== undefined)
    .map(([name, from, to]) => ({ name, from, to }))
}

/** Each step's length beside the goal: "code load 534 ms (53 % of 1 s)". */
export function stepsLines(steps: readonly StartStep[], goalMs: number): string[] {
  const width = Math.max(...steps.map((s) => s.name.length))
  return steps.map((s) => {
    const ms = s.to - s.from
    return `${s.name.padEnd(width)}  ${ms.toFixed(0).padStart(5)} ms  ${((ms / goalMs) * 100).toFixed(0).padStart(3)} % of the ${goalMs / 1000} s goal  (${s.from.toFixed(0)} → ${s.to.toFixed(0)} ms)`
  })
}

/** The median of each step over several starts (a step missing from one start is left out). */
export function medianSteps(runs: readonly (readonly StartStep[])[]): StartStep[] {
  const first = runs[0] ?? []
  return first.flatMap((step) => {
    const same = runs.map((r) => r.find((s) => s.name === step.name))
    if (same.some((s) => s === undefined)) return []
    const mid = (pick: (s: StartStep) => number) => {
      const sorted = same.map((s) => pick(s!)).sort((a, b) => a - b)
      return sorted[Math.floor(sorted.length / 2)]!
    }
    const length = mid((s) => s.to - s.from)
    const from = mid((s) => s.from)
    return [{ name: step.name, from, to: from + length }]
  })
}
