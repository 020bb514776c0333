import type { CDPSession, Page } from '@playwright/test'
import { summarize, type Summary } from './stats'

/**
 * Each page's own main-thread work for one command, from Chromium's `Performance.getMetrics`
 * (DevTools protocol) read just before the timed input and again once both pages have painted
 * the result and settled: the deltas of its running totals.
 *
 * Why not the Long Animation Frames API: it reports only frames of 50 ms and more, and the
 * goal is 8 ms. Why not a trace for every sample: tracing costs the page far more than the
 * commands being timed. The metrics are counted by the renderer as it works, per page (each
 * page is its own renderer process here), in the main thread's own CPU time (`threadTicks`), so
 * other processes on a shared machine do not inflate them.
 *
 * Script is V8's running of JavaScript (compiling included); style and layout are Blink's
 * recalculation and layout; the rest of the main thread's tasks ("other") is mostly the
 * frame's paint recording, pre-paint and layerizing, with garbage collection and the event
 * dispatch itself. The window also holds the probe's own checks and one metrics read, which the
 * floor's blank pages pay too: their figures are printed beside the desk's.
 */

export interface PageWork {
  readonly script: number
  readonly style: number
  readonly layout: number
  /** Main-thread task time not in the three above (paint, layerize, GC, event dispatch). */
  readonly other: number
  /** All main-thread task time: the page's own work for the command. */
  readonly total: number
}

export const WORK_PARTS = ['script', 'style', 'layout', 'other'] as const
export type WorkPart = (typeof WORK_PARTS)[number]

/** What `other` holds, for the lines that name the costs. */
export const PART_LABEL: Record<WorkPart, string> = {
  script: 'script',
  style: 'style recalculation',
  layout: 'layout',
  other: 'other main-thread work (paint, layerize, GC)',
}

type Totals = Readonly<Record<'ScriptDuration' | 'V8CompileDuration' | 'RecalcStyleDuration' | 'LayoutDuration' | 'TaskDuration', number>>

const NAMES = ['ScriptDuration', 'V8CompileDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'] as const

/** One page's metrics session. */
export class WorkMeter {
  private constructor(private readonly session: CDPSession) {}

  static async attach(page: Page): Promise<WorkMeter> {
    const session = await page.context().newCDPSession(page)
    await session.send('Performance.enable', { timeDomain: 'threadTicks' })
    return new WorkMeter(session)
  }

  async read(): Promise<Totals> {
    const { metrics } = await this.session.send('Performance.getMetrics')
    const byName = new Map(metrics.map((m) => [m.name, m.value]))
    const totals = {} as Record<(typeof NAMES)[number], number>
    for (const name of NAMES) {
      const v = byName.get(name)
      if (v === undefined) throw new Error(`Chromium's Performance.getMetrics gave no ${name}`)
      totals[name] = v
    }
    return totals
  }

  async detach(): Promise<void> {
    await this.session.detach().catch(() => undefined)
  }
}

/** The work between two readings, in ms (the metrics are seconds). */
export function workBetween(before: Totals, after: Totals): PageWork {
  const d = (name: (typeof NAMES)[number]) => Math.max(0, (after[name] - before[name]) * 1000)
  const script = d('ScriptDuration') + d('V8CompileDuration')
  const style = d('RecalcStyleDuration')
  const layout = d('LayoutDuration')
  const total = Math.max(d('TaskDuration'), script + style + layout)
  return { script, style, layout, other: total - script - style - layout, total }
}

export type WorkSummary = Readonly<Record<WorkPart | 'total', Summary>>

export function summarizeWork(samples: readonly PageWork[]): WorkSummary {
  const of = (k: WorkPart | 'total') => summarize(samples.map((s) => s[k]))
  return { script: of('script'), style: of('style'), layout: of('layout'), other: of('other'), total: of('total') }
}

/** The three largest parts by p95, largest first: what to look at when a page's goal is missed. */
export function biggestCosts(w: WorkSummary): string {
  return [...WORK_PARTS]
    .sort((a, b) => w[b].p95 - w[a].p95)
    .slice(0, 3)
    .map((k) => `${PART_LABEL[k]} ${w[k].p95.toFixed(1)} ms`)
    .join(', ')
}

/** "total 3.1 / 5.2 ms (script 1.0, style 0.4, layout 0.3, other 1.2 ms p95)". */
export function workLine(w: WorkSummary): string {
  const parts = WORK_PARTS.map((k) => `${k} ${w[k].p95.toFixed(1)}`).join(', ')
  return `${w.total.median.toFixed(1)} / ${w.total.p95.toFixed(1)} ms (p95: ${parts} ms)`
}
