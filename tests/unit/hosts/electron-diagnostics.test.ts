import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  CRASH_RELOADS,
  CRASH_WINDOW_MS,
  CrashPolicy,
  LOG_FILE,
  LoadFailurePolicy,
  createLog,
  describeUncaught,
  teeConsole,
} from '../../../src-main/hosts/electron/diagnostics'

let dir = ''
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'salvo-diag-'))))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('log file', () => {
  it('creates its folder and appends timestamped lines', () => {
    const logs = join(dir, 'nested', 'logs')
    const log = createLog({ dir: logs, now: () => new Date('2026-11-29T20:00:00Z') })
    log.write('error', 'first')
    log.write('info', 'second')
    expect(log.file).toBe(join(logs, LOG_FILE))
    expect(readFileSync(log.file, 'utf8')).toBe('2026-11-29T20:00:00.000Z ERROR first\n2026-11-29T20:00:00.000Z INFO second\n')
  })

  it('keeps each entry on one line, indenting a stack', () => {
    const log = createLog({ dir })
    log.write('error', describeUncaught('exception', new Error('boom')))
    const lines = readFileSync(log.file, 'utf8').trimEnd().split('\n')
    expect(lines[0]).toContain('Uncaught exception in the main process: Error: boom')
    expect(lines.slice(1).every((l) => l.startsWith('    '))).toBe(true)
  })

  it('rotates when full and keeps the folder bounded', () => {
    const maxBytes = 2048
    const log = createLog({ dir, maxBytes, keep: 2 })
    for (let i = 0; i < 400; i++) log.write('info', `entry ${i} ${'x'.repeat(40)}`)
    expect(readdirSync(dir).sort()).toEqual(['salvo.1.log', 'salvo.2.log', LOG_FILE].sort())
    for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).size).toBeLessThanOrEqual(maxBytes)
    // The newest entry is in the current file, the one before it rotated out in order.
    expect(readFileSync(join(dir, LOG_FILE), 'utf8')).toContain('entry 399 ')
    const current = readFileSync(join(dir, LOG_FILE), 'utf8')
    const first = Number(/entry (\d+) /.exec(current)![1])
    expect(readFileSync(join(dir, 'salvo.1.log'), 'utf8')).toContain(`entry ${first - 1} `)
  })

  it('cuts a single entry larger than the bound', () => {
    const log = createLog({ dir, maxBytes: 2048 })
    log.write('error', 'y'.repeat(10_000))
    expect(statSync(log.file).size).toBeLessThanOrEqual(2048)
    expect(readFileSync(log.file, 'utf8')).toContain('[cut]')
  })

  it('never throws when it cannot write', () => {
    // A file where the folder should be: nothing can be created under it.
    const blocked = join(dir, 'blocked')
    writeFileSync(blocked, '')
    const log = createLog({ dir: join(blocked, 'logs') })
    expect(() => log.write('error', 'lost')).not.toThrow()
    if (process.platform !== 'win32' && process.getuid?.() !== 0) {
      chmodSync(dir, 0o500)
      try {
        expect(() => createLog({ dir }).write('error', 'lost')).not.toThrow()
      } finally {
        chmodSync(dir, 0o700)
      }
    }
  })

  it('echoes lines, and an echo that throws loses nothing', () => {
    const seen: string[] = []
    createLog({ dir, echo: (l) => void seen.push(l) }).write('warn', 'hello')
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatch(/WARN hello$/)
    const log = createLog({
      dir,
      echo: () => {
        throw new Error('no console')
      },
    })
    log.write('info', 'kept')
    expect(readFileSync(log.file, 'utf8')).toContain('kept')
  })

  it('describes odd things thrown', () => {
    expect(describeUncaught('rejection', 'plain')).toContain('plain')
    expect(describeUncaught('rejection', { code: 7 })).toContain('{"code":7}')
    const circular: Record<string, unknown> = {}
    circular['self'] = circular
    expect(() => describeUncaught('rejection', circular)).not.toThrow()
    expect(describeUncaught('rejection', undefined)).toContain('undefined')
  })
})

describe('console into the log', () => {
  it('writes console.error and console.warn to the log, still prints them, and can be undone', () => {
    const printed: string[] = []
    const fake = {
      error: (...args: unknown[]) => void printed.push(`E ${args.join(' ')}`),
      warn: (...args: unknown[]) => void printed.push(`W ${args.join(' ')}`),
    }
    // The log's echo goes to the same console: a console line must not come out twice.
    const log = createLog({ dir, echo: (line) => void printed.push(`echo ${line}`) })
    const restore = teeConsole(fake, log)
    fake.error('journal %s failed', 'flush', { code: 5 })
    fake.warn('slow disk')
    expect(printed).toEqual(['E journal %s failed flush [object Object]', 'W slow disk'])
    const written = readFileSync(log.file, 'utf8')
    expect(written).toMatch(/ERROR journal flush failed \{ code: 5 \}/)
    expect(written).toContain('WARN slow disk')
    restore()
    fake.error('after')
    expect(readFileSync(log.file, 'utf8')).not.toContain('after')
    expect(printed.at(-1)).toBe('E after')
  })
})

describe('crashed renderer', () => {
  const logFile = '/logs/salvo.log'

  it('reloads a crashed renderer', () => {
    const policy = new CrashPolicy(logFile, () => 0)
    const d = policy.onGone('player', { reason: 'crashed', exitCode: 11 })
    expect(d).toMatchObject({ reload: true, hide: false, dialog: null })
    expect(d.log).toContain('player view')
    expect(d.log).toContain('crashed')
    expect(d.log).toContain('11')
  })

  it('leaves a clean exit alone', () => {
    expect(new CrashPolicy(logFile).onGone('gm', { reason: 'clean-exit' })).toMatchObject({ reload: false, dialog: null })
  })

  it('stops reloading a renderer that keeps crashing, hides the projector and names the log', () => {
    let t = 0
    const policy = new CrashPolicy(logFile, () => t)
    for (let i = 0; i < CRASH_RELOADS; i++) {
      expect(policy.onGone('player', { reason: 'oom' }).reload).toBe(true)
      t += 1000
    }
    const d = policy.onGone('player', { reason: 'oom' })
    expect(d).toMatchObject({ reload: false, hide: true })
    expect(d.dialog).toContain(logFile)
    // The GM console's own count is separate; it is never hidden.
    expect(policy.onGone('gm', { reason: 'crashed' }).reload).toBe(true)
  })

  it('forgets crashes older than the window', () => {
    let t = 0
    const policy = new CrashPolicy(logFile, () => t)
    for (let i = 0; i < CRASH_RELOADS * 3; i++) {
      expect(policy.onGone('gm', { reason: 'crashed' }).reload).toBe(true)
      t += CRASH_WINDOW_MS / 2
    }
  })

  it('copes with missing details', () => {
    const d = new CrashPolicy(logFile).onGone('gm', undefined)
    expect(d.reload).toBe(true)
    expect(d.log).toContain('unknown')
  })
})

describe('page that fails to load', () => {
  const logFile = '/logs/salvo.log'
  const failure = {
    errorCode: -6,
    errorDescription: 'ERR_FILE_NOT_FOUND',
    url: 'salvo://app/player.html',
    isMainFrame: true,
  }

  it('tries once more, then shows a dialog naming the page, the error and the log', () => {
    const policy = new LoadFailurePolicy(logFile)
    expect(policy.onFail('player', failure)).toMatchObject({ reload: true, dialog: null })
    const d = policy.onFail('player', failure)
    expect(d.reload).toBe(false)
    expect(d.dialog!.title).toContain('player view')
    for (const part of [failure.url, failure.errorDescription, '-6', logFile]) expect(d.dialog!.message).toContain(part)
    expect(d.log).toContain(failure.url)
  })

  it('retries again after a successful load', () => {
    const policy = new LoadFailurePolicy(logFile)
    policy.onFail('gm', failure)
    policy.onLoaded('gm')
    expect(policy.onFail('gm', failure).reload).toBe(true)
  })

  it('ignores aborted loads and subframes', () => {
    const policy = new LoadFailurePolicy(logFile)
    expect(policy.onFail('gm', { ...failure, errorCode: -3 })).toEqual({ log: null, reload: false, dialog: null })
    expect(policy.onFail('gm', { ...failure, isMainFrame: false })).toEqual({ log: null, reload: false, dialog: null })
    // Neither used up the retry.
    expect(policy.onFail('gm', failure).reload).toBe(true)
  })

  it('keeps each window its own retry', () => {
    const policy = new LoadFailurePolicy(logFile)
    policy.onFail('gm', failure)
    expect(policy.onFail('player', failure).reload).toBe(true)
  })
})
