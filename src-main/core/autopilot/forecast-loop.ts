import type { ForecastState } from '../../../src-shared/autopilot'
import type { Ruleset } from '../../rules/ruleset'
import type { ForecastPart } from './forecast-messages'
import { ForecastRun, type ForecastSetup } from './forecast-run'
import type { PreviewMemo } from './opening-odds'

/**
 * The first slice is short so a first estimate shows at once. Later ones are short too: a runner
 * process hears that the desk is busy only between slices (a thread reads it before every act).
 */
const FIRST_SLICE_MS = 15
const SLICE_MS = 10
const REPORT_EVERY_MS = 120

/**
 * Plays a forecast (or a pool worker's share of one) slice by slice, reporting its counts as it
 * refines, yielding between slices so a cancel (or a newer forecast) is heard. `current()` says
 * whether this job is still wanted.
 */
export async function playForecast(
  jobId: string,
  setup: ForecastSetup,
  ruleset: Ruleset,
  report: (p: ForecastPart) => void,
  current: () => boolean,
  memo?: PreviewMemo,
  between?: () => void,
  now: () => number = () => performance.now(),
): Promise<void> {
  const part = (state: ForecastState, run: ForecastRun | null, problem: string | null): ForecastPart => ({
    jobId,
    state,
    done: run?.done ?? 0,
    total: run?.total ?? 0,
    counts: run?.counts() ?? [],
    notes: run?.notes ?? [],
    problem,
  })
  let run: ForecastRun
  try {
    const r = ForecastRun.start(setup, ruleset, memo)
    if (!r.ok) return report(part('failed', null, r.error.message))
    run = r.value
  } catch (e) {
    return report(part('failed', null, `The forecast could not start: ${(e as Error).message}`))
  }
  let reported = -Infinity
  let slice = FIRST_SLICE_MS
  while (!run.finished) {
    if (!current()) return report(part('cancelled', run, null))
    try {
      run.step(slice, now, between)
    } catch (e) {
      return report(part('failed', run, `A simulated fight failed: ${(e as Error).message}`))
    }
    slice = SLICE_MS
    if (now() - reported >= REPORT_EVERY_MS) {
      reported = now()
      report(part('running', run, null))
    }
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  report(part('done', run, null))
}
