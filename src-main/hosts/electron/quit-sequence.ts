/**
 * How the desktop app ends, whatever asked it to: the Quit command, the last window closing,
 * a signal, or the system shutting down or logging off. Pure: Electron is reached only through
 * the steps it is given, so the sequence can be run against a core that never answers.
 *
 * The order matters. Windows go first, so a GM cannot click into a console whose IPC is already
 * gone; the core's shutdown flushes the journal, so every acknowledged command is on disk; and a
 * deadline bounds it all, because a hung shutdown must not leave a process the GM cannot end.
 */

export const QUIT_DEADLINE_MS = 10_000

/** What ended the run; written to the log, so a GM's report says which path was taken. */
export type QuitReason = 'quit' | 'windows-closed' | 'session-end' | 'signal' | 'start-failed'

export type QuitState = 'running' | 'stopping' | 'stopped'

export interface QuitSteps {
  /**
   * Writes down where the windows are, before they are hidden: the process ends with app.exit,
   * which closes windows without their 'close' events, so nothing later can.
   */
  saveWindowPlaces?(): void
  /** Hides (not closes) every window: closing the GM window would itself ask to quit. */
  hideWindows(): void
  /** Closes the core; may hang or reject, neither of which stops the exit. */
  shutdown(): Promise<void>
  /** Ends the process without going through `before-quit` again. */
  exit(code: number): void
  log(message: string): void
  /** Timers are given so tests can run the deadline on fake time. */
  setTimer(fn: () => void, ms: number): unknown
  clearTimer(handle: unknown): void
  deadlineMs?: number
}

export interface QuitSequence {
  readonly state: QuitState
  /** Starts the sequence; asking again while it runs returns the same promise. */
  request(reason: QuitReason): Promise<number>
  /**
   * For `before-quit`: true when the event must be prevented so the sequence can run first.
   * Once the sequence has finished, Electron's own quit goes through.
   */
  holdBeforeQuit(): boolean
}

export function createQuitSequence(steps: QuitSteps): QuitSequence {
  const deadlineMs = steps.deadlineMs ?? QUIT_DEADLINE_MS
  let state: QuitState = 'running'
  let running: Promise<number> | null = null

  // Each step is fenced: a throwing step must never keep the process alive.
  const safely = (what: string, fn: () => void) => {
    try {
      fn()
    } catch (e) {
      steps.log(`Quit: ${what} failed: ${errorText(e)}`)
    }
  }

  async function run(reason: QuitReason): Promise<number> {
    steps.log(`Quit: started (${reason})`)
    safely("saving the windows' places", () => steps.saveWindowPlaces?.())
    safely('hiding the windows', () => steps.hideWindows())
    let timer: unknown = null
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = steps.setTimer(() => resolve('timeout'), deadlineMs)
    })
    let shutdown: Promise<'done' | 'failed'>
    try {
      shutdown = steps.shutdown().then(
        () => 'done' as const,
        (e: unknown) => {
          steps.log(`Quit: the core did not shut down cleanly: ${errorText(e)}`)
          return 'failed' as const
        },
      )
    } catch (e) {
      steps.log(`Quit: the core did not shut down cleanly: ${errorText(e)}`)
      shutdown = Promise.resolve('failed')
    }
    const outcome = await Promise.race([shutdown, deadline])
    safely('clearing the deadline', () => steps.clearTimer(timer))
    if (outcome === 'timeout') steps.log(`Quit: the core did not finish within ${deadlineMs} ms; exiting anyway`)
    const code = outcome === 'done' && reason !== 'start-failed' ? 0 : 1
    state = 'stopped'
    steps.log(`Quit: exiting with code ${code}`)
    safely('exiting', () => steps.exit(code))
    return code
  }

  return {
    get state() {
      return state
    },
    request(reason) {
      if (!running) {
        state = 'stopping'
        running = run(reason)
      }
      return running
    },
    holdBeforeQuit() {
      return state !== 'stopped'
    },
  }
}

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.stack ?? `${e.name}: ${e.message}`
  try {
    return typeof e === 'string' ? e : (JSON.stringify(e) ?? String(e))
  } catch {
    return String(e)
  }
}

/** The signals that end a process politely; each takes the same path as Quit. */
export const QUIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * What a second launch does, by the first one's state: focus the GM console when it is up,
 * focus it as soon as it exists while starting, and say so while quitting, rather than nothing.
 */
export type SecondLaunchAction = 'focus' | 'focus-when-ready' | 'tell-quitting'

export function secondLaunchAction(state: QuitState, gmWindowShown: boolean): SecondLaunchAction {
  if (state !== 'running') return 'tell-quitting'
  // Focusing a window before it is ready would show it blank; showing it focuses it anyway.
  return gmWindowShown ? 'focus' : 'focus-when-ready'
}
