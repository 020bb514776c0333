import { createHash } from 'node:crypto'
import { realpathSync, rmSync } from 'node:fs'
import * as net from 'node:net'
import * as os from 'node:os'
import * as path from 'node:path'

/**
 * One Salvo process per data folder. Two processes appending to one journal lose acknowledged
 * commands (each thinks it owns the next entry number), so the second must refuse to start and
 * say who holds the folder.
 *
 * The lock is a listening local socket named after the folder's real path, held by the kernel:
 * when the process exits or is killed, the OS closes it, so a crash leaves nothing stale to
 * clean up. On Linux the name is in the abstract namespace (no file at all); on Windows it is a
 * named pipe; both are exclusive and vanish with their process. Elsewhere (macOS) it is a
 * socket file in the user's temp folder: a dead holder's file refuses connections, is removed
 * and taken over. A second process that finds the name taken connects to it and the holder
 * answers with who it is, which is what the refusal names.
 */

/** Who holds a folder, as the holder describes itself. */
export interface LockHolder {
  readonly pid: number
  /** 'the Salvo desktop app', 'Salvo browser mode at http://127.0.0.1:5780/'. */
  readonly what: string
  /** ISO time the holder took the folder. */
  readonly since: string
}

export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(
      holder
        ? `The data folder ${dataDir} is in use by ${holder.what} (process ${holder.pid}, since ${holder.since}). ` +
            'Only one Salvo can use a data folder at a time: close that one first, or start this one with another folder. Nothing was changed.'
        : `The data folder ${dataDir} is in use by another Salvo process (it did not say which). ` +
            'Only one Salvo can use a data folder at a time: close that one first, or start this one with another folder. Nothing was changed.',
    )
  }
}

export interface DataFolderLock {
  readonly endpoint: string
  release(): Promise<void>
}

/** The holder's answer is a line of JSON; anything longer is not a Salvo. */
const MAX_ANSWER_BYTES = 4096
const ASK_TIMEOUT_MS = 1500

/** The lock's name for a folder: the same for every path that reaches it (symlinks, `..`). */
export function lockEndpoint(dataDir: string, platform: NodeJS.Platform = process.platform): string {
  let real: string
  try {
    real = realpathSync.native(dataDir)
  } catch {
    real = path.resolve(dataDir)
  }
  const id = createHash('sha256').update(real).digest('hex').slice(0, 32)
  if (platform === 'linux') return `\0salvo-data-${id}`
  if (platform === 'win32') return `\\\\.\\pipe\\salvo-data-${id}`
  return path.join(os.tmpdir(), `salvo-data-${id}.sock`)
}

/** The name holds a file (not a kernel-only name), so a dead holder can leave it behind. */
const leavesAFile = (endpoint: string) => !endpoint.startsWith('\0') && !endpoint.startsWith('\\\\.\\pipe\\')

function listen(server: net.Server, endpoint: string): Promise<'held' | 'taken'> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      if (e.code === 'EADDRINUSE') resolve('taken')
      else reject(e)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve('held')
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(endpoint)
  })
}

type Answer = { kind: 'holder'; holder: LockHolder | null } | { kind: 'nobody' }

/** Asks whoever holds the name who it is; 'nobody' when nothing answers at all (a dead holder's file). */
function ask(endpoint: string): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(endpoint)
    let text = ''
    let settled = false
    const done = (a: Answer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(a)
    }
    const timer = setTimeout(() => done({ kind: 'holder', holder: null }), ASK_TIMEOUT_MS)
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8')
      if (text.length > MAX_ANSWER_BYTES) done({ kind: 'holder', holder: null })
    })
    socket.on('end', () => done({ kind: 'holder', holder: parseHolder(text) }))
    socket.on('error', (e: NodeJS.ErrnoException) => {
      // A file with no listener behind it: its holder died without removing it.
      if (e.code === 'ECONNREFUSED' || e.code === 'ENOENT') done({ kind: 'nobody' })
      else done({ kind: 'holder', holder: null })
    })
  })
}

function parseHolder(text: string): LockHolder | null {
  try {
    const v = JSON.parse(text) as Partial<LockHolder>
    if (typeof v.pid === 'number' && typeof v.what === 'string' && typeof v.since === 'string') {
      return { pid: v.pid, what: v.what.slice(0, 200), since: v.since.slice(0, 40) }
    }
  } catch {
    // fall through: something answered that is not a Salvo
  }
  return null
}

/**
 * Takes the folder for this process, or throws DataFolderInUseError naming the holder.
 * `describe` is asked each time another process wants to know who holds the folder, so it can
 * name things only known later (browser mode's address).
 */
export async function lockDataFolder(
  dataDir: string,
  describe: () => Omit<LockHolder, 'pid' | 'since'>,
  now: () => Date = () => new Date(),
  endpoint: string = lockEndpoint(dataDir),
): Promise<DataFolderLock> {
  const since = now().toISOString()
  for (let attempt = 0; attempt < 2; attempt++) {
    const server = net.createServer((socket) => {
      socket.on('error', () => socket.destroy())
      socket.end(JSON.stringify({ pid: process.pid, since, ...describe() }))
    })
    if ((await listen(server, endpoint)) === 'held') {
      // The lock must never keep the process alive on its own.
      server.unref()
      return { endpoint, release: () => new Promise((resolve) => server.close(() => resolve())) }
    }
    const answer = await ask(endpoint)
    if (answer.kind === 'holder') throw new DataFolderInUseError(dataDir, answer.holder)
    // Nobody answers: a socket file whose holder died (removed, then the name is taken), or a
    // kernel name freed between our listen and our call (simply tried again).
    if (leavesAFile(endpoint)) rmSync(endpoint, { force: true })
  }
  throw new DataFolderInUseError(dataDir, null)
}
