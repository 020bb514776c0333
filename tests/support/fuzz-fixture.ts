import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import type { RequestInputs } from '../../src-shared/contract'
import type { ViewRecord } from '../../src-shared/views'
import { attachWindow, tickingClock } from '../unit/helpers/core-window'
import { makePng } from '../unit/helpers/images'
import { trooper } from '../unit/rules/compound-x/cx-harness'
import { homebrew } from '../unit/rules/compound-x/fixtures'

/**
 * The campaign every fuzz case is thrown at: a real core on a real temp data folder, with a
 * Compound X campaign holding one of everything a command can name — combatants (one hidden,
 * one delayed, one holding actions), a roster entry, a saved encounter, two scenes (one on the
 * table, with an image), tokens, an area template, a campaign item, a condition with a note
 * and an encounter with initiative rolled — so the fuzzers can aim at ids that exist.
 */

type Window = ReturnType<typeof attachWindow>

export interface FuzzIds {
  readonly vex: string
  readonly raider: string
  readonly ghost: string
  readonly delayed: string
  readonly holder: string
  /** Whose turn it is. */
  readonly acting: string
  readonly template: string
  readonly plan: string
  readonly yard: string
  readonly shelf: string
  readonly token: string
  readonly mark: string
  /** A wall of three corners, and a closed door. */
  readonly wall: string
  readonly door: string
  readonly content: string
  readonly conditionKey: string
  readonly imageHash: string
}

export interface FuzzFixture {
  readonly core: SalvoCore
  readonly dataDir: string
  readonly gm: Window
  readonly player: Window
  readonly ids: FuzzIds
  readonly campaignId: string
  /** Everything a refused request must leave as it was (see `sameState`). */
  state(): Promise<FuzzState>
  /** The state every fuzz run must start from (a test that changes the campaign on purpose sets it anew). */
  expected: FuzzState
  close(): Promise<void>
}

export interface FuzzState {
  readonly version: number
  /** The GM's snapshot records, as text: every field of every record the GM can see. */
  readonly records: string
  readonly journalBytes: number
  readonly journal: string
  readonly campaignDirs: string
  /** The open campaign's stored images. */
  readonly assets: string
  readonly openCampaign: string
}

const byName = (records: readonly ViewRecord[], typeName: string, name: string): string => {
  const r = records.find((x) => x.typeName === typeName && 'name' in x && x.name === name)
  if (!r) throw new Error(`fixture: no ${typeName} named ${name}`)
  return r.id
}

export async function fuzzFixture(): Promise<FuzzFixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-fuzz-'))
  // No idle compaction while fuzzing: the journal's size is one of the things checked.
  const core = new SalvoCore({ dataDir, now: tickingClock(), idleCompactMs: 3_600_000 })
  await core.start()
  const gm = attachWindow(core, 'gm')
  const player = attachWindow(core, 'player')
  const summary = await gm.must('createCampaign', { name: 'Fuzz', seed: 'fuzz', rulesetId: 'compound-x' })
  const records = async () => (await gm.must('snapshot', undefined)).records
  await gm.command('content/import', { fileName: 'homebrew.json', text: JSON.stringify(homebrew) })
  for (const [name, side, kind, hidden] of [
    ['Vex', 'party', 'pc', false],
    ['Raider', 'enemy', 'npc', false],
    ['Ghost', 'enemy', 'npc', true],
    ['Ossa', 'party', 'pc', false],
    ['Brute', 'enemy', 'npc', false],
  ] as const) {
    await gm.command('combatant/add', { name, side, kind, maxHp: 30, hidden, rules: trooper() })
  }
  await gm.command('template/save', { name: 'Raider template', side: 'enemy', kind: 'npc', maxHp: 30, rules: trooper() })
  const template = byName(await records(), 'template', 'Raider template')
  await gm.command('encounter/start', { name: 'Yard fight' })
  await gm.command('template/spawn', { templateId: template, count: 1 })
  await gm.command('plan/save', { name: 'Ambush' })
  await gm.command('scene/create', { name: 'Yard' })
  await gm.command('scene/create', { name: 'Shelf' })
  let all = await records()
  const yard = byName(all, 'scene', 'Yard')
  for (const [i, name] of ['Vex', 'Raider', 'Ghost', 'Ossa', 'Brute'].entries()) {
    await gm.command('token/place', { sceneId: yard, combatantId: byName(all, 'combatant', name), x: 2 + 3 * i, y: 4 })
  }
  await gm.command('area/place', { sceneId: yard, x: 6, y: 4, radius: 3, label: 'Grenade' })
  await gm.command('wall/add', {
    sceneId: yard,
    kind: 'wall',
    points: [
      { x: 1, y: 1 },
      { x: 5, y: 1 },
      { x: 5, y: 2 },
    ],
  })
  await gm.command('wall/add', {
    sceneId: yard,
    kind: 'door',
    points: [
      { x: 5, y: 2 },
      { x: 5, y: 3 },
    ],
  })
  // 20 × 6 m at the scene's 50 px a metre: the tokens above stand on it.
  const png = makePng(1000, 300, 7)
  const image = await gm.must('importSceneImage', {
    sceneId: yard as `scene:${string}`,
    fileName: 'yard.png',
    dataBase64: png.toString('base64'),
  })
  await gm.must('importPortrait', {
    combatantId: byName(all, 'combatant', 'Vex') as `combatant:${string}`,
    fileName: 'vex.png',
    dataBase64: makePng(8, 8, 3).toString('base64'),
  })
  await gm.command('condition/add', {
    combatantId: byName(all, 'combatant', 'Raider'),
    condition: 'bleeding',
    duration: { kind: 'rounds', rounds: 3 },
    note: 'fixture note',
  })
  await gm.command('encounter/rollInitiative', {})
  // The first to act waits (delayed), the next holds actions: both have a command to undo it.
  const current = async () => {
    const e = (await records()).find((r) => r.typeName === 'encounter' && r.status === 'active')
    return e?.typeName === 'encounter' ? e.currentCombatantId : null
  }
  const delayed = (await current())!
  await gm.command('initiative/delay', { combatantId: delayed })
  const holder = (await current())!
  await gm.command('hold/declare', { combatantId: holder, trigger: 'a raider shows itself', amount: 1 })
  await gm.command('encounter/nextTurn', {})
  const acting = (await current())!
  all = await records()
  const raider = all.find((r) => r.id === byName(all, 'combatant', 'Raider'))
  const ids: FuzzIds = {
    vex: byName(all, 'combatant', 'Vex'),
    raider: byName(all, 'combatant', 'Raider'),
    ghost: byName(all, 'combatant', 'Ghost'),
    delayed,
    holder,
    acting,
    template,
    plan: byName(all, 'plan', 'Ambush'),
    yard,
    shelf: byName(all, 'scene', 'Shelf'),
    token: all.find((r) => r.typeName === 'token')!.id,
    mark: all.find((r) => r.typeName === 'areaMark')!.id,
    wall: all.find((r) => r.typeName === 'wall' && r.kind === 'wall')!.id,
    door: all.find((r) => r.typeName === 'wall' && r.kind === 'door')!.id,
    content: all.find((r) => r.typeName === 'content')!.id,
    conditionKey: raider?.typeName === 'combatant' ? raider.conditions[0]!.key : '',
    imageHash: image.hash,
  }
  const journal = join(dataDir, 'campaigns', summary.id, 'journal.log')
  const state = async (): Promise<FuzzState> => {
    const snap = await gm.must('snapshot', undefined)
    return {
      version: snap.version,
      records: JSON.stringify(snap.records),
      journalBytes: statSync(journal).size,
      journal,
      campaignDirs: readdirSync(join(dataDir, 'campaigns')).sort().join(','),
      assets: readdirSync(join(dataDir, 'campaigns', summary.id, 'assets'))
        .sort()
        .join(','),
      // The summary's updatedAt is read from the clock each time: the campaign is what counts.
      openCampaign: JSON.stringify({ ...(await gm.must('session', undefined)).campaign, updatedAt: null }),
    }
  }
  const close = async () => {
    await core.shutdown()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { core, dataDir, gm, player, ids, campaignId: summary.id, state, close, expected: await state() }
}

/** A dispatch request for one command, with a fresh id. */
let sent = 0
export const envelope = (type: string, payload: unknown): RequestInputs['dispatch'] =>
  ({ type, payload, meta: { commandId: `fuzz-${++sent}` } }) as RequestInputs['dispatch']
