import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { format } from 'node:util'
import { errorText } from './quit-sequence'

/**
 * What the desktop app writes down when something goes wrong, and what it does about it. A
 * packaged app has no console, so `console.error` alone tells a GM (and whoever helps them)
 * nothing; the log file is the one place a failure can be read after the fact. Pure Node: the
 * Electron events are translated into these calls in main.ts.
 */

export const LOG_FILE = 'salvo.log'
/** Enough for many evenings of warnings, small enough to attach to a message. */
export const LOG_MAX_BYTES = 512 * 1024
/** Rotated files kept beside the current one (salvo.1.log is the most recent). */
export const LOG_KEEP = 2

export interface LogOptions {
  dir: string
  maxBytes?: number
  keep?: number
  now?: () => Date
  /** Where a line also goes; the console in development, so nothing is hidden there. */
  echo?: (line: string) => void
}

export interface DiagnosticsLog {
  readonly file: string
  readonly dir: string
  /** `echo: false` for lines that were printed already (the console's own, see teeConsole). */
  write(level: 'info' | 'warn' | 'error', message: string, options?: { echo?: boolean }): void
}

/**
 * A bounded, rotating log. Writing never throws: a full disk or a read-only folder must not
 * turn a logged problem into a crash.
 */
export function createLog(options: LogOptions): DiagnosticsLog {
  const maxBytes = Math.max(1024, options.maxBytes ?? LOG_MAX_BYTES)
  const keep = Math.max(0, Math.floor(options.keep ?? LOG_KEEP))
  const now = options.now ?? (() => new Date())
  const file = join(options.dir, LOG_FILE)
  const rotated = (n: number) => join(options.dir, `salvo.${n}.log`)

  function rotateIfFull(incoming: number): void {
    let size: number
    try {
      size = statSync(file).size
    } catch {
      return // no file yet
    }
    if (size + incoming <= maxBytes) return
    if (keep === 0) {
      rmSync(file, { force: true })
      return
    }
    rmSync(rotated(keep), { force: true })
    for (let n = keep - 1; n >= 1; n--) {
      try {
        renameSync(rotated(n), rotated(n + 1))
      } catch {
        // that generation does not exist yet
      }
    }
    renameSync(file, rotated(1))
  }

  return {
    file,
    dir: options.dir,
    write(level, message, writeOptions) {
      // One line per entry keeps the file readable with any tool; a stack's lines are indented.
      const text = String(message).replace(/\r?\n/g, '\n    ')
      let line = `${now().toISOString()} ${level.toUpperCase()} ${text}\n`
      // A single huge entry is cut rather than allowed to blow the bound.
      if (Buffer.byteLength(line) > maxBytes) line = `${line.slice(0, Math.floor(maxBytes / 4))}… [cut]\n`
      try {
        if (writeOptions?.echo !== false) options.echo?.(line.trimEnd())
      } catch {
        // an echo target that fails is not worth losing the entry for
      }
      try {
        mkdirSync(options.dir, { recursive: true })
        rotateIfFull(Buffer.byteLength(line))
        appendFileSync(file, line)
      } catch {
        // nowhere left to write it; swallowing is the only choice that keeps the app up
      }
    },
  }
}

type ConsoleLike = { error: (...args: unknown[]) => void; warn: (...args: unknown[]) => void }

/**
 * Copies the main process's console.error and console.warn into the log, so what the core and
 * libraries report reaches a file in a packaged app. The console still gets every line.
 * Returns a function that puts the console back.
 */
export function teeConsole(target: ConsoleLike, log: DiagnosticsLog): () => void {
  const original = { error: target.error, warn: target.warn }
  const tee =
    (level: 'error' | 'warn') =>
    (...args: unknown[]) => {
      original[level].apply(target, args)
      log.write(level, safeFormat(args), { echo: false })
    }
  target.error = tee('error')
  target.warn = tee('warn')
  return () => Object.assign(target, original)
}

function safeFormat(args: unknown[]): string {
  try {
    return format(...args)
  } catch {
    return args.map((a) => String(a)).join(' ')
  }
}

/** Log text for an uncaught error or rejection in the main process. */
export function describeUncaught(kind: 'exception' | 'rejection', e: unknown): string {
  return `Uncaught ${kind} in the main process: ${errorText(e)}`
}

// --- renderer crashes ----------------------------------------------------------------------

export type WindowRole = 'gm' | 'player'

export interface CrashDetails {
  reason?: string
  exitCode?: number
}

/** Crashes closer together than this count as one run of crashes. */
export const CRASH_WINDOW_MS = 60_000
/** Reloads allowed within CRASH_WINDOW_MS before the app stops trying. */
export const CRASH_RELOADS = 3

export interface CrashDecision {
  log: string
  reload: boolean
  /** The window is hidden rather than left blank, for the projector above all. */
  hide: boolean
  /** Text for a dialog to the GM, when one is due. */
  dialog: string | null
}

/**
 * Decides what to do when a window's renderer is gone. A crash is reloaded, so the projector
 * is back in a second; a renderer that keeps crashing is not reloaded forever: the player
 * window is hidden (never a blank screen on the table) and the GM is told where the log is.
 */
export class CrashPolicy {
  private readonly crashes = new Map<WindowRole, number[]>()

  constructor(
    private readonly logFile: string,
    private readonly now: () => number = Date.now,
  ) {}

  onGone(role: WindowRole, details: CrashDetails | null | undefined): CrashDecision {
    const reason = typeof details?.reason === 'string' ? details.reason : 'unknown'
    const code = typeof details?.exitCode === 'number' ? ` (exit code ${details.exitCode})` : ''
    const log = `The ${windowName(role)}'s renderer is gone: ${reason}${code}`
    // A clean exit is the renderer closing with its window, not a crash.
    if (reason === 'clean-exit') return { log, reload: false, hide: false, dialog: null }
    const t = this.now()
    const recent = (this.crashes.get(role) ?? []).filter((at) => t - at < CRASH_WINDOW_MS)
    recent.push(t)
    this.crashes.set(role, recent)
    if (recent.length <= CRASH_RELOADS) return { log: `${log}; reloading`, reload: true, hide: false, dialog: null }
    return {
      log: `${log}; crashed ${recent.length} times in a minute, not reloading`,
      reload: false,
      hide: role === 'player',
      dialog:
        `The ${windowName(role)} keeps crashing (${reason}), so Salvo stopped reloading it.` +
        (role === 'player' ? ' It is hidden, so the table does not see a blank screen.' : '') +
        `\n\nWhat happened is written in the log:\n${this.logFile}`,
    }
  }
}

// --- failed page loads ---------------------------------------------------------------------

/** Chromium's net::ERR_ABORTED: a load replaced by another, not a failure. */
const ERR_ABORTED = -3

export interface LoadFailure {
  errorCode: number
  errorDescription: string
  url: string
  isMainFrame: boolean
}

export interface LoadDecision {
  log: string | null
  reload: boolean
  dialog: { title: string; message: string } | null
}

/**
 * A page that does not load is tried once more (a first load can race the app scheme on a slow
 * disk); a second failure is shown to the GM, naming the page, the error and the log file.
 */
export class LoadFailurePolicy {
  private readonly failed = new Set<WindowRole>()

  constructor(private readonly logFile: string) {}

  onFail(role: WindowRole, failure: LoadFailure): LoadDecision {
    if (!failure.isMainFrame || failure.errorCode === ERR_ABORTED) return { log: null, reload: false, dialog: null }
    const what = `${failure.errorDescription || 'unknown error'} (${failure.errorCode})`
    const log = `The ${windowName(role)} could not load ${failure.url}: ${what}`
    if (!this.failed.has(role)) {
      this.failed.add(role)
      return { log: `${log}; trying once more`, reload: true, dialog: null }
    }
    return {
      log,
      reload: false,
      dialog: {
        title: `Salvo could not open the ${windowName(role)}`,
        message: `The page ${failure.url} did not load: ${what}.\n\nDetails are in the log:\n${this.logFile}`,
      },
    }
  }

  /** A page that loaded resets the retry, so a later failure is tried again too. */
  onLoaded(role: WindowRole): void {
    this.failed.delete(role)
  }
}

function windowName(role: WindowRole): string {
  return role === 'gm' ? 'GM console' : 'player view'
}
