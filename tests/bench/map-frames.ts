import type { Page } from '@playwright/test'
import { summarize, type Summary } from './stats'

/** One display refresh at 60 Hz: what a frame should take. */
export const VSYNC_MS = 1000 / 60
/** How often the bench's mouse reports a position, like a real mouse (125 Hz). */
export const MOVE_EVERY_MS = 8

/**
 * Frame clock in the page. A requestAnimationFrame loop keeps every frame's start time while
 * a gesture runs, and a task posted from each callback (run after that frame's style, layout
 * and paint) how long after its start the main thread was done with it. Every pointer move the
 * page was given is kept too, with the raw moves Chromium coalesced into it, to show that the
 * moves really came at a mouse's rate and not one awaited step at a time. Changes to the GM
 * map's scene drawing (the SVG of the picture, zones, fog and tokens) are counted too: a pan or
 * a drag should repaint none of it.
 */
export const FRAME_CLOCK = `(() => {
  let on = false
  let stamps = []
  let work = []
  let moves = []
  let sceneChanges = 0
  const watch = new MutationObserver(function (records) { if (on) sceneChanges += records.length })
  window.addEventListener('pointermove', function (e) {
    if (!on) return
    const raw = e.getCoalescedEvents ? e.getCoalescedEvents() : []
    if (raw.length) for (const r of raw) moves.push(r.timeStamp)
    else moves.push(e.timeStamp)
  }, { capture: true })
  function frame(ts) {
    if (!on) return
    stamps.push(ts)
    const channel = new MessageChannel()
    channel.port1.onmessage = function () { work.push(performance.now() - ts) }
    channel.port2.postMessage(null)
    requestAnimationFrame(frame)
  }
  window.__frameClock = {
    start() {
      on = true; stamps = []; work = []; moves = []; sceneChanges = 0
      const scene = document.querySelector('[data-testid="battle-map"] svg.scene')
      if (scene) watch.observe(scene, { subtree: true, childList: true, attributes: true, characterData: true })
      requestAnimationFrame(frame)
    },
    stop() {
      on = false
      sceneChanges += watch.takeRecords().length
      watch.disconnect()
      return { stamps: stamps, work: work.slice(0, stamps.length), moves: moves, sceneChanges: sceneChanges }
    },
  }
})()`

/** What the page saw during the gestures of one kind. */
export interface FrameSamples {
  /** Gap between one frame's start and the next's, per gesture, concatenated. */
  readonly intervals: number[]
  /** Frame start → the main thread done with it. */
  readonly work: number[]
  /** Gaps between the raw pointer moves the page was given. */
  readonly moveGaps: number[]
  /** Total time covered by the intervals. */
  spanMs: number
  /** DOM changes inside the GM map's scene drawing while the gestures ran. */
  sceneChanges: number
}

export const noSamples = (): FrameSamples => ({ intervals: [], work: [], moveGaps: [], spanMs: 0, sceneChanges: 0 })

const gaps = (xs: readonly number[]): number[] => xs.slice(1).map((x, i) => x - xs[i]!)

/** Runs one gesture with the frame clock going and adds what it saw to `into`. */
export async function measured(page: Page, into: FrameSamples, gesture: () => Promise<void>): Promise<void> {
  await page.evaluate('window.__frameClock.start()')
  await gesture()
  const got = (await page.evaluate('window.__frameClock.stop()')) as {
    stamps: number[]
    work: number[]
    moves: number[]
    sceneChanges: number
  }
  if (got.stamps.length < 2) throw new Error(`the page drew ${got.stamps.length} frames during a gesture`)
  into.intervals.push(...gaps(got.stamps))
  into.work.push(...got.work)
  into.moveGaps.push(...gaps([...got.moves].sort((a, b) => a - b)))
  into.spanMs += got.stamps.at(-1)! - got.stamps[0]!
  into.sceneChanges += got.sceneChanges
}

/**
 * Moves the pressed mouse from `from` by (dx, dy) and back over `durationMs`, a position every
 * MOVE_EVERY_MS whether or not the page has kept up (none of the moves is awaited before the
 * next is sent): a hand does not wait for the screen. Where the mouse is depends only on the
 * time, so a slow page sees the same path in fewer, coalesced moves.
 */
export async function sweepAtMouseRate(
  page: Page,
  from: { x: number; y: number },
  dx: number,
  dy: number,
  durationMs: number,
): Promise<void> {
  const sent: Promise<void>[] = []
  const t0 = performance.now()
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const t = Math.min(1, (performance.now() - t0) / durationMs)
      const u = t <= 0.5 ? t * 2 : (1 - t) * 2
      sent.push(page.mouse.move(from.x + dx * u, from.y + dy * u))
      if (t >= 1) {
        clearInterval(timer)
        done()
      }
    }, MOVE_EVERY_MS)
  })
  await Promise.all(sent)
}

/** Frame figures as a GM sees them. */
export interface FrameStats {
  readonly frames: number
  /** Each frame's time on screen, as whole display refreshes (the clock's 0.1 ms jitter is not a late frame). */
  readonly shown: Summary
  /** The raw gaps between frame starts. */
  readonly raw: Summary
  /** Frames that took longer than one and a half refreshes: at least one refresh was missed. */
  readonly lateShare: number
  /** Refreshes that showed no new frame. */
  readonly dropped: number
  readonly fps: number
  readonly work: Summary
  /** Median gap between the raw pointer moves the page was given. */
  readonly moveGapMs: number
  /** DOM changes in the scene drawing during the gestures: tokens re-rendered that did not move. */
  readonly sceneChanges: number
}

export function frameStats(s: FrameSamples): FrameStats {
  const refreshes = s.intervals.map((i) => Math.max(1, Math.round(i / VSYNC_MS)))
  return {
    frames: s.intervals.length,
    shown: summarize(refreshes.map((n) => n * VSYNC_MS)),
    raw: summarize(s.intervals),
    lateShare: s.intervals.filter((i) => i > VSYNC_MS * 1.5).length / s.intervals.length,
    dropped: refreshes.reduce((n, r) => n + r - 1, 0),
    fps: (s.intervals.length / s.spanMs) * 1000,
    work: summarize(s.work),
    moveGapMs: s.moveGaps.length ? summarize(s.moveGaps).median : NaN,
    sceneChanges: s.sceneChanges,
  }
}
