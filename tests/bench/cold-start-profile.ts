import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { WEB_MAIN, WebProcess } from './web-process'

/**
 * Where the server's code load goes (issue 36: "schema building" apart from loading the code).
 * The server bundle's modules run one after another at import, zod's schemas being built among
 * them, so no mark can be put between the two; a CPU profile of one start can. This starts browser
 * mode once under `node --cpu-prof` on an empty data folder (code load does not depend on the
 * campaign), stops it once it listens, and sorts the samples by what they were doing:
 * - Node's own start and its built-in modules;
 * - compiling and linking the bundle (V8's parse and compile of each module);
 * - building schemas: the top-level run of the bundle inside zod's code (z.object(...) and the like);
 * - the rest of the bundle's top-level run (our constants, tables, classes);
 * - after it, up to listening: the content pack's check, and everything else the host does.
 * The profiler makes each part a little slower than in an unprofiled start; the shares hold.
 */

interface ProfileNode {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly children?: readonly number[]
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[]
  readonly samples: readonly number[]
  readonly timeDeltas: readonly number[]
}

export interface CodeLoadShares {
  readonly nodeStart: number
  readonly compile: number
  readonly schemas: number
  readonly otherTopLevel: number
  readonly contentPack: number
  readonly hostOther: number
  readonly gc: number
}

const NAMES: Record<keyof CodeLoadShares, string> = {
  nodeStart: "Node's own start and built-in modules",
  compile: 'compiling + linking the bundle',
  schemas: 'building zod schemas at import',
  otherTopLevel: "the bundle's other top-level code",
  contentPack: 'checking the content pack',
  hostOther: 'the rest up to listening',
  gc: 'garbage collection',
}

/** A stretch this long with nothing to do, after the host's main began, is the server listening. */
const LISTENING_IDLE_MS = 30

/** For each bundled file: the source module each line belongs to (rolldown writes `// <path>` before each). */
function regionsOf(file: string): string[] {
  const owner: string[] = []
  let current = ''
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\/\/ ((?:src-|node_modules\/|\0)\S+)$/.exec(line)
    if (m) current = m[1]!
    owner.push(current)
  }
  return owner
}

/** Sorts one profile's samples (ms per share). Exported for its test-by-use in the bench only. */
export function sharesOf(profile: CpuProfile, bundleDir: string): CodeLoadShares {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const regions = new Map<string, string[]>()
  const moduleOf = (url: string, line: number): string | null => {
    if (!url.startsWith('file://') || !url.startsWith(`file://${bundleDir}`)) return null
    const file = url.slice('file://'.length)
    if (!regions.has(file)) regions.set(file, regionsOf(file))
    return regions.get(file)![line] ?? ''
  }
  const shares: Record<keyof CodeLoadShares, number> = {
    nodeStart: 0,
    compile: 0,
    schemas: 0,
    otherTopLevel: 0,
    contentPack: 0,
    hostOther: 0,
    gc: 0,
  }
  // The host's `main` runs once the bundle's top level has; its first sample ends the code load.
  let inMain = false
  // Once listening the server idles until it is stopped; its shutdown is no part of a start.
  let idleRun = 0
  let listened = false
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    const leaf = byId.get(id)!.callFrame
    if (listened) return
    if (leaf.functionName === '(idle)') {
      idleRun += ms
      if (inMain && idleRun >= LISTENING_IDLE_MS) listened = true
      return
    }
    idleRun = 0
    if (leaf.functionName === '(garbage collector)') {
      shares.gc += ms
      return
    }
    const stack: ProfileNode['callFrame'][] = []
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame)
    const names = stack.map((f) => f.functionName)
    if (names.includes('main') && stack.some((f) => f.url.endsWith('/main.js'))) inMain = true
    if (inMain) {
      if (names.includes('loadContentPack')) shares.contentPack += ms
      else shares.hostOther += ms
      return
    }
    // The innermost frame of the bundle: whose code was running.
    const ours = stack.find((f) => moduleOf(f.url, f.lineNumber) !== null)
    if (ours) {
      if (moduleOf(ours.url, ours.lineNumber)!.startsWith('node_modules/zod/')) shares.schemas += ms
      else shares.otherTopLevel += ms
    } else if (names.includes('compileForInternalLoader') || names.includes('requireBuiltin')) shares.nodeStart += ms
    else if (names.some((n) => /compile|translate|link|instantiate/i.test(n))) shares.compile += ms
    else shares.nodeStart += ms
  })
  return shares
}

/** One profiled start; null (with the reason) if it could not be taken. */
export async function profileCodeLoad(main = WEB_MAIN): Promise<{ shares: CodeLoadShares } | { why: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-cold-profile-data-'))
  const profileDir = mkdtempSync(join(tmpdir(), 'salvo-cold-profile-'))
  try {
    const server = await WebProcess.start(dataDir, 60_000, {
      main,
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250'],
    })
    await server.stop()
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))
    if (!file) return { why: 'the profiled start wrote no profile' }
    const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile
    return { shares: sharesOf(profile, dirname(main)) }
  } catch (e) {
    return { why: e instanceof Error ? e.message.split('\n')[0]! : String(e) }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(profileDir, { recursive: true, force: true })
  }
}

/** The shares as one line, largest first. */
export function sharesLine(shares: CodeLoadShares): string {
  return (Object.keys(NAMES) as (keyof CodeLoadShares)[])
    .map((k) => [k, shares[k]] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([k, ms]) => `${NAMES[k]} ${ms.toFixed(0)} ms`)
    .join(' · ')
}
