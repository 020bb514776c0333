import type { Browser, Page } from '@playwright/test'
import type { WindowMarks } from './paint-sampler'

/**
 * Where a page's main-thread time went in one traced sample: Chromium's trace of the whole
 * browser (devtools.timeline), each page's main thread found by a mark it makes once tracing
 * runs, and each trace event's self time (its thread time less its children's, so time the
 * thread was not running on a loaded machine is left out, as in paint-work.ts) summed by what
 * it is. Script is named by its function and file, so a missed goal points at code, not at
 * "script". Tracing slows the pages, so only one extra sample is traced, after the measured
 * ones, and only where a work goal was missed.
 */

export interface Cost {
  readonly what: string
  readonly ms: number
}

export interface TracedCosts {
  readonly gm: readonly Cost[]
  readonly player: readonly Cost[]
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'toplevel', 'v8.execute']
const MARK = { gm: 'salvo-trace-gm', player: 'salvo-trace-player' } as const
const END = 'salvo-trace-end'

interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly ts: number
  readonly dur?: number
  /** The thread's own CPU time in the event, where the trace has it: a busy machine's preemption left out. */
  readonly tdur?: number
  readonly pid: number
  readonly tid: number
  readonly args?: {
    readonly data?: { readonly functionName?: string; readonly url?: string; readonly lineNumber?: number; readonly type?: string }
  }
}

const UNNAMED = 'unnamed task time'

/** Scheduler wrappers whose self time is only the task's own bookkeeping. */
const WRAPPERS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork'])

function label(e: TraceEvent): string {
  const d = e.args?.data
  if ((e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.callFunction') && (d?.functionName || d?.url)) {
    const file = d.url ? d.url.split('/').pop()!.split('?')[0] : ''
    // The built bundle is not minified: file and line find the function where it has no name.
    const line = typeof d.lineNumber === 'number' ? `:${d.lineNumber}` : ''
    return `script ${d.functionName || '(anonymous)'}${file ? ` (${file}${line})` : ''}`
  }
  if (e.name === 'EventDispatch' && d?.type) return `EventDispatch ${d.type}`
  if (e.name === 'UpdateLayoutTree') return 'style (UpdateLayoutTree)'
  // Promise callbacks run here with no event of their own: Svelte's effects flush in microtasks.
  if (e.name === 'RunMicrotasks') return 'script in microtasks (promise callbacks, Svelte effects)'
  if (WRAPPERS.has(e.name)) return UNNAMED
  return e.name
}

/** Self time by label on one thread, events starting within [from, to) (trace µs). */
export function selfTimes(events: readonly TraceEvent[], pid: number, tid: number, from: number, to: number): Cost[] {
  const mine = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number' && e.ts >= from && e.ts < to)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const self = new Map<TraceEvent, number>()
  const stack: TraceEvent[] = []
  for (const e of mine) {
    while (stack.length && stack[stack.length - 1]!.ts + stack[stack.length - 1]!.dur! <= e.ts) stack.pop()
    const parent = stack[stack.length - 1]
    const cost = e.tdur ?? e.dur!
    if (parent) self.set(parent, (self.get(parent) ?? 0) - cost)
    self.set(e, (self.get(e) ?? 0) + cost)
    stack.push(e)
  }
  const byLabel = new Map<string, number>()
  for (const [e, us] of self) byLabel.set(label(e), (byLabel.get(label(e)) ?? 0) + Math.max(0, us) / 1000)
  return [...byLabel].map(([what, ms]) => ({ what, ms })).sort((a, b) => b.ms - a.ms)
}

/**
 * Runs `sample` traced. The sample calls `start` right before its input: each page then marks
 * itself, which names its main thread in the trace and opens the counted window; `end` (both
 * pages painted and settled) closes it, so the untimed restore is left out.
 */
export async function traced(
  browser: Browser,
  pages: { readonly gm: Page; readonly player: Page },
  sample: (marks: WindowMarks) => Promise<unknown>,
): Promise<TracedCosts> {
  await browser.startTracing(undefined, { categories: CATEGORIES })
  let buffer: Buffer
  try {
    await sample({
      start: async () => {
        await pages.gm.evaluate((m) => performance.mark(m), MARK.gm)
        await pages.player.evaluate((m) => performance.mark(m), MARK.player)
      },
      end: async () => {
        await pages.gm.evaluate((m) => performance.mark(m), END)
        await pages.player.evaluate((m) => performance.mark(m), END)
      },
    })
  } finally {
    buffer = await browser.stopTracing()
  }
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? [])
  const costsOf = (mark: string): Cost[] => {
    const at = events.find((e) => e.name === mark)
    if (!at) throw new Error(`the trace holds no ${mark} mark`)
    const end = events.find((e) => e.name === END && e.pid === at.pid && e.tid === at.tid)
    if (!end) throw new Error(`the trace holds no end mark beside ${mark}`)
    return selfTimes(events, at.pid, at.tid, at.ts, end.ts)
  }
  return { gm: costsOf(MARK.gm), player: costsOf(MARK.player) }
}

/**
 * "Layerize 12.1 ms, script … 4.0 ms, Paint 2.2 ms (and 9.0 ms no traced event accounts for)":
 * the three largest named costs; the unnamed rest is said apart, since it names nothing to fix.
 */
export function topCosts(costs: readonly Cost[], n = 3): string {
  const unnamed = costs.find((c) => c.what === UNNAMED)
  const named = costs
    .filter((c) => c.what !== UNNAMED)
    .slice(0, n)
    .map((c) => `${c.what} ${c.ms.toFixed(1)} ms`)
    .join(', ')
  return unnamed ? `${named} (and ${unnamed.ms.toFixed(1)} ms of task time no traced event accounts for)` : named
}
