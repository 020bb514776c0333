import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { SalvoCore, type Connection } from '../../src-main/core/app/salvo-core'
import type { CommandInput, CommandType } from '../../src-shared/commands'
import type { CommandAck, ServerMessage } from '../../src-shared/contract'
import type { RecordsDiff, Snapshot } from '../../src-shared/diff'
import { COMBATANT_KINDS, SIDES, type CombatantId } from '../../src-shared/records'
import type { Result } from '../../src-shared/result'

/** The moment a window's diff was ready to leave the core, with the exact text it would carry. */
export interface DiffArrival {
  readonly at: number
  readonly diff: RecordsDiff
  readonly wire: string
}

/** Stands in for a window: keeps only the latest diff, so listening costs next to nothing. */
export class RecordingWindow {
  #lastDiff: DiffArrival | null = null

  readonly receive = (message: ServerMessage): void => {
    if (message.kind !== 'diff') return
    // Browser mode puts exactly this text on the socket, so serialising is part of the path.
    const wire = JSON.stringify(message)
    this.#lastDiff = { at: performance.now(), diff: message.diff, wire }
  }

  /** The latest diff since the previous call, so each command sees only its own. */
  take(): DiffArrival | null {
    const diff = this.#lastDiff
    this.#lastDiff = null
    return diff
  }
}

let commandCounter = 0

/** Every bench command gets a fresh id; the core refuses none for that reason. */
function nextCommandId(): string {
  return `bench-${++commandCounter}`
}

/** Unwraps a Result, turning a refusal into an error that names the request and the core's reason. */
export function must<T>(what: string, result: Result<T>): T {
  if (!result.ok) throw new Error(`${what} refused: ${result.error.code}: ${result.error.message}`)
  return result.value
}

export function dispatch<T extends CommandType>(conn: Connection, type: T, payload: CommandInput<T>): Promise<Result<CommandAck>> {
  return conn.request('dispatch', { type, payload, meta: { commandId: nextCommandId() } })
}

export async function snapshotOf(conn: Connection): Promise<Snapshot> {
  return must('snapshot', await conn.request('snapshot', undefined))
}

export interface Fixture {
  readonly core: SalvoCore
  readonly dataDir: string
  readonly gm: Connection
  readonly gmWindow: RecordingWindow
  readonly player: Connection
  readonly playerWindow: RecordingWindow
  readonly combatantIds: readonly CombatantId[]
  dispose(): Promise<void>
}

/** A Compound X trooper whose rifle can lay down medium suppression (CX24). */
export const TROOPER = {
  stats: { str: 6, per: 8, fort: 6, cha: 5, int: 5, dex: 6, luck: 5 },
  classId: 'soldier',
  speciesId: 'human',
  weapons: [{ kind: 'ranged', itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 25, spareMagazines: 3 }],
  armour: { rigIds: ['medium-chest-rig'], materialId: 'standard-l1-kevlar' },
}

/**
 * A table a GM could really run: every side and kind, a few combatants hidden from the
 * players, and everyone a little hurt so that healing 1 HP never runs into max HP.
 */
export function combatantPayload(i: number): CommandInput<'combatant/add'> {
  const side = SIDES[i % SIDES.length]!
  const kind = side === 'party' ? 'pc' : COMBATANT_KINDS[1]
  const maxHp = 20 + ((i * 7) % 41)
  return {
    name: `${side === 'party' ? 'Operative' : 'Trooper'} ${i + 1}`,
    side,
    kind,
    maxHp,
    hp: maxHp - 3,
    initiativeModifier: (i % 7) - 3,
    hidden: side === 'enemy' && i % 10 === 3,
  }
}

/**
 * A real core on a real temp folder with `count` combatants in a running encounter, each made by
 * `payload` (some with a sheet, to attack with), and a GM and a player window attached and
 * holding their snapshots (a window gets diffs only after that).
 */
export async function openTableOf(count: number, payload: (i: number) => CommandInput<'combatant/add'>): Promise<Fixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-bench-'))
  const core = new SalvoCore({ dataDir })
  const dispose = async (): Promise<void> => {
    try {
      await core.shutdown()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  try {
    await core.start()
    const gmWindow = new RecordingWindow()
    const playerWindow = new RecordingWindow()
    const gm = core.connect('gm', gmWindow.receive)
    must('createCampaign', await gm.request('createCampaign', { name: `Benchmark ${count}`, seed: 'salvo-bench' }))
    for (let i = 0; i < count; i++) must(`combatant/add #${i + 1}`, await dispatch(gm, 'combatant/add', payload(i)))
    must('encounter/start', await dispatch(gm, 'encounter/start', { name: 'Bench skirmish' }))
    must('encounter/rollInitiative', await dispatch(gm, 'encounter/rollInitiative', {}))
    const player = core.connect('player', playerWindow.receive)
    const gmSnapshot = await snapshotOf(gm)
    await snapshotOf(player)
    // In the order they were added, so "the first few" are the armed ones.
    const byName = new Map(gmSnapshot.records.flatMap((r) => (r.typeName === 'combatant' ? [[r.name, r.id] as const] : [])))
    const combatantIds = Array.from({ length: count }, (_, i) => {
      const id = byName.get(payload(i).name)
      if (!id) throw new Error(`combatant ${payload(i).name} is missing from the GM snapshot`)
      return id
    })
    return { core, dataDir, gm, gmWindow, player, playerWindow, combatantIds, dispose }
  } catch (e) {
    await dispose()
    throw e
  }
}

/** The bench's usual table: `count` combatants of every side and kind (`combatantPayload`). */
export function openFixture(count: number): Promise<Fixture> {
  return openTableOf(count, combatantPayload)
}

/** What a bench data folder holds beyond its fight. */
export interface DataFolderOptions {
  /**
   * Which combatants carry the Compound X trooper's sheet, so the Attack panel can resolve
   * shots: the PCs and the first four (Trooper 2 among them, the paint bench's shooter) — a
   * sheet makes a card several times larger, and the figures were taken without them.
   */
  readonly sheets?: 'none' | 'pcs-and-first-four'
}

/**
 * A data folder another process can open: a campaign with `count` combatants in an encounter
 * with initiative rolled, built by the core in this process and closed (compacted) again.
 * The caller removes the folder.
 */
export async function buildDataFolder(count: number, options: DataFolderOptions = {}): Promise<{ dataDir: string; campaignId: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-paint-'))
  const core = new SalvoCore({ dataDir })
  try {
    await core.start()
    const gm = core.connect('gm', () => undefined)
    const made = must('createCampaign', await gm.request('createCampaign', { name: `Paint ${count}`, seed: 'salvo-paint' }))
    for (let i = 0; i < count; i++) {
      const plain = combatantPayload(i)
      const armed = options.sheets === 'pcs-and-first-four' && (i < 4 || plain.side === 'party')
      const payload = armed ? { ...plain, rules: TROOPER } : plain
      must(`combatant/add #${i + 1}`, await dispatch(gm, 'combatant/add', payload))
    }
    must('encounter/start', await dispatch(gm, 'encounter/start', { name: 'Paint skirmish' }))
    must('encounter/rollInitiative', await dispatch(gm, 'encounter/rollInitiative', {}))
    gm.close()
    await core.shutdown()
    return { dataDir, campaignId: made.id }
  } catch (e) {
    await core.shutdown().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  }
}
