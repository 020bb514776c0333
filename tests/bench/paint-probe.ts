import type { BrowserContext, Page } from '@playwright/test'
import { TRIGGER, type InputPath } from './paint-input'

/**
 * The in-page clock of the paint bench. Times are epoch milliseconds with sub-millisecond
 * precision, on the system clock: each page's performance.timeOrigin is taken once, when that
 * page started, and two renderer processes can disagree by milliseconds, so every arming
 * re-anchors the page's performance clock at the instant Date.now() (one system clock for
 * every process) ticks. The GM page's input stamp and the player page's paint stamp are then
 * on one clock.
 */

/** What a page shows that a command changes: an element's text, or one of its attributes. */
export interface Watch {
  readonly selector: string
  readonly attribute: string | null
}

/** When the watched state counts as showing the command's result. */
export type Expectation =
  | { readonly kind: 'equals'; readonly value: string }
  | { readonly kind: 'differs'; readonly from: string }
  | { readonly kind: 'includes'; readonly text: string }

export interface Seen {
  /** What the watched element showed. */
  readonly value: string
  /** When the DOM first showed it (the mutation observer's callback). */
  readonly dom: number
  /** The first frame after that: its requestAnimationFrame callback (the "first frame that shows the change"). */
  readonly frame: number
  /** The end of that frame, its paint done: a task posted from its requestAnimationFrame. */
  readonly painted: number
}

declare global {
  interface Window {
    __salvoProbe?: {
      read(watch: Watch): string
      arm(watch: Watch, expectation: Expectation, timeoutMs: number): void
      armInput(kind?: 'keydown' | 'click' | 'pointerup'): void
      cancel(): void
      result: Promise<Seen | null> | null
      input: number | null
    }
  }
}

/*
 * Plain source, not a function: tsx's name-keeping helpers do not exist inside the page.
 * `arm` compares on every DOM mutation; the first state that meets the expectation is stamped
 * when the DOM has it, in the next requestAnimationFrame callback (the frame that will show it
 * begins), and in a task posted from there, which the event loop runs only after that frame's
 * style, layout and paint. An element the
 * page does not show reads as "" (absent), never as a match by accident.
 * `armInput` keeps the own timestamp (event.timeStamp: when the browser received it, so a busy
 * main thread's queueing delay counts) of the first event of the kind the action happens on
 * (paint-input.ts: keydown, click or pointerup), taken in the capture phase before any handler.
 */
const PROBE_SOURCE = `(() => {
  const probe = { result: null, input: null, offset: 0 }
  const now = () => performance.now() + probe.offset
  // Spins at most one millisecond, before the input, never while a sample is timed.
  probe.anchor = function () {
    const d0 = Date.now()
    let d = d0
    while (d === d0) d = Date.now()
    probe.offset = d - performance.now()
  }
  probe.read = function (w) {
    const el = document.querySelector(w.selector)
    if (!el) return ''
    return ((w.attribute ? el.getAttribute(w.attribute) : el.textContent) || '').replace(/\\s+/g, ' ').trim()
  }
  function meets(value, e) {
    if (e.kind === 'equals') return value === e.value
    if (e.kind === 'differs') return value !== '' && value !== e.from
    return value.includes(e.text)
  }
  let stopInput = null
  probe.armInput = function (kind) {
    if (stopInput) stopInput()
    probe.input = null
    probe.anchor()
    const stamp = (ev) => { if (probe.input === null) probe.input = ev.timeStamp + probe.offset }
    // No kind (cold start's own arming): the earliest input event of any kind, as before.
    const kinds = kind ? [kind] : ['pointerdown', 'mousedown', 'keydown', 'click']
    for (const k of kinds) window.addEventListener(k, stamp, { capture: true })
    stopInput = () => { for (const k of kinds) window.removeEventListener(k, stamp, { capture: true }) }
  }
  probe.cancel = () => undefined
  probe.arm = function (watch, expectation, timeoutMs) {
    probe.cancel()
    probe.anchor()
    probe.result = new Promise(function (resolve) {
      let done = false
      const finish = (seen) => { if (done) return; done = true; observer.disconnect(); clearTimeout(timer); resolve(seen) }
      probe.cancel = () => finish(null)
      const check = () => {
        if (done) return
        const value = probe.read(watch)
        if (!meets(value, expectation)) return
        const dom = now()
        observer.disconnect()
        requestAnimationFrame(() => {
          const frame = now()
          const channel = new MessageChannel()
          channel.port1.onmessage = () => finish({ value: value, dom: dom, frame: frame, painted: now() })
          channel.port2.postMessage(null)
        })
      }
      const observer = new MutationObserver(check)
      const timer = setTimeout(() => finish(null), timeoutMs)
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
    })
  }
  window.__salvoProbe = probe
})()`

export async function installProbe(page: Page): Promise<void> {
  await page.evaluate(PROBE_SOURCE)
}

/** The same, in every page the context opens from now on, before the page's own scripts (no round trip later). */
export async function installProbeAtLoad(context: BrowserContext): Promise<void> {
  await context.addInitScript(PROBE_SOURCE)
}

export function readWatch(page: Page, watch: Watch): Promise<string> {
  return page.evaluate((w) => window.__salvoProbe!.read(w), watch)
}

/** Starts watching for the expected state; `collect` then gives when it was painted (null: never, within the timeout). */
export async function arm(page: Page, watch: Watch, expectation: Expectation, timeoutMs: number): Promise<void> {
  await page.evaluate(([w, e, t]) => window.__salvoProbe!.arm(w, e, t), [watch, expectation, timeoutMs] as const)
}

/** Stamps the next `path` input's triggering event (paint-input.ts) as the sample's start. */
export async function armInput(page: Page, path: InputPath): Promise<void> {
  await page.evaluate((kind) => window.__salvoProbe!.armInput(kind), TRIGGER[path])
}

export function collect(page: Page): Promise<Seen | null> {
  return page.evaluate(() => window.__salvoProbe!.result)
}

/** Gives up on what the page was armed for: its `collect` resolves null. */
export async function cancel(page: Page): Promise<void> {
  await page.evaluate(() => window.__salvoProbe!.cancel())
}

export async function inputTime(page: Page): Promise<number> {
  const t = await page.evaluate(() => window.__salvoProbe!.input)
  if (t === null) throw new Error('the paint probe saw no input event')
  return t
}

/** Lets the page finish what a command set off before the next sample: a frame, then a little idle time. */
export async function settle(page: Page, ms = 60): Promise<void> {
  await page.evaluate((wait) => new Promise<void>((ok) => requestAnimationFrame(() => setTimeout(ok, wait))), ms)
}
