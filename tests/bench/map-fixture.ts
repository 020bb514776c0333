import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import { SIDES, type CombatantId, type SceneId } from '../../src-shared/records'
import { makePng } from '../unit/helpers/images'
import { dispatch, must, snapshotOf, TROOPER } from './core-fixture'

/** The scene's picture is MAP_PX square; at the default calibration (50 px a 1 m cell) that is 81.92 m on a side. */
export const MAP_PX = 4096
export const CELL_PX = 50
/** The lattice keeps inside the picture: from 3 m to at most 3 + LATTICE_M on each axis. */
const LATTICE_M = 76

/** A square lattice across the map, so tokens never overlap in metres and every one has a place. */
export interface Lattice {
  readonly columns: number
  readonly spacing: number
}

export function latticeFor(tokens: number): Lattice {
  const columns = Math.max(18, Math.ceil(Math.sqrt(tokens)))
  return { columns, spacing: Math.min(4.5, LATTICE_M / (columns - 1)) }
}

export const spot = (l: Lattice, i: number) => ({ x: 3 + (i % l.columns) * l.spacing, y: 3 + Math.floor(i / l.columns) * l.spacing })

export interface MapTable {
  readonly dataDir: string
  readonly lattice: Lattice
  /** Placed on the map, visible to the players, neither suppressing nor suppressed: safe to move. */
  readonly mover: CombatantId
}

/**
 * A Compound X campaign with `tokens` combatants placed on one scene carrying a synthetic
 * 4096×4096 PNG (a scene without an image is a 40×30 m field, never square), and `zones`
 * medium suppressions, each by a different combatant on another, so each leaves a 1 m zone.
 * Closed (and compacted) before it is returned, so browser mode can open the folder.
 */
export async function buildMapFolder(tokens: number, zones: number): Promise<MapTable> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-map-'))
  const core = new SalvoCore({ dataDir })
  const lattice = latticeFor(tokens)
  let table: MapTable
  try {
    await core.start()
    const gm = core.connect('gm', () => undefined)
    must('createCampaign', await gm.request('createCampaign', { name: `Map ${tokens}`, seed: 'salvo-map', rulesetId: 'compound-x' }))
    for (let i = 0; i < tokens; i++) {
      const side = SIDES[i % SIDES.length]!
      must(
        `combatant/add #${i + 1}`,
        await dispatch(gm, 'combatant/add', {
          name: `${side === 'party' ? 'Operative' : 'Trooper'} ${i + 1}`,
          side,
          kind: side === 'party' ? 'pc' : 'npc',
          maxHp: 30,
          // As in the other benches: a few enemies are the GM's secret, so the player projection filters.
          hidden: side === 'enemy' && i % 10 === 3,
          rules: TROOPER,
        }),
      )
    }
    must(
      'scene/create',
      await dispatch(gm, 'scene/create', {
        name: 'Bench field',
        grid: { kind: 'square', cellPx: CELL_PX, metresPerCell: 1, offsetX: 0, offsetY: 0 },
      }),
    )
    const snap = await snapshotOf(gm)
    const sceneId = snap.records.find((r) => r.typeName === 'scene')!.id as SceneId
    must(
      'importSceneImage',
      await gm.request('importSceneImage', { sceneId, fileName: 'field.png', dataBase64: makePng(MAP_PX, MAP_PX).toString('base64') }),
    )
    const ids = snap.records.flatMap((r) => (r.typeName === 'combatant' ? [r.id] : []))
    // Placed before the encounter starts, so placing is not a move with a cost in the log.
    for (let i = 0; i < ids.length; i++)
      must(`token/place #${i + 1}`, await dispatch(gm, 'token/place', { sceneId, combatantId: ids[i]!, ...spot(lattice, i) }))
    must('encounter/start', await dispatch(gm, 'encounter/start', { name: 'Map skirmish' }))
    must('encounter/rollInitiative', await dispatch(gm, 'encounter/rollInitiative', {}))

    // Pairs spread over the whole lattice, each suppressor shooting at the next visible
    // combatant along its row (the rifle reaches 60 m; a pair across a row's end would not).
    const hidden = new Set(snap.records.flatMap((r) => (r.typeName === 'combatant' && r.hidden ? [r.id] : [])))
    const used = new Set<CombatantId>()
    const step = Math.max(2, Math.floor(ids.length / Math.max(1, zones)))
    const near = (i: number, j: number) => Math.hypot(spot(lattice, j).x - spot(lattice, i).x, spot(lattice, j).y - spot(lattice, i).y) < 20
    let laid = 0
    for (let i = 0; laid < zones && i < ids.length; i += step) {
      const actor = ids[i]!
      if (hidden.has(actor) || used.has(actor)) continue
      const t = ids.findIndex((id, j) => j > i && !hidden.has(id) && !used.has(id) && near(i, j))
      if (t < 0) continue
      const targetId = ids[t]!
      must(
        `suppress #${laid + 1}`,
        await dispatch(gm, 'action/perform', { request: { actorId: actor, action: 'suppress', targetId, options: { level: 'medium' } } }),
      )
      used.add(actor).add(targetId)
      laid++
    }
    if (laid !== zones) throw new Error(`laid ${laid} of ${zones} suppression zones`)
    gm.close()
    const middle = Math.floor(lattice.columns / 2) + lattice.columns * Math.floor(ids.length / lattice.columns / 2)
    const free = [...ids.keys()].filter((i) => !hidden.has(ids[i]!) && !used.has(ids[i]!))
    const closest = free.sort((a, b) => Math.abs(a - middle - 2) - Math.abs(b - middle - 2))[0]!
    table = { dataDir, lattice, mover: ids[closest]! }
  } catch (e) {
    await core.shutdown().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  }
  await core.shutdown()
  return table
}
