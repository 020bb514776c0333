import { afterEach, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../../src-shared/contract'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { attachWindow, tickingClock } from '../helpers/core-window'
import { tempDir } from '../helpers/temp-dir'
import { trooper } from '../rules/compound-x/cx-harness'
import { playerPreview } from '../../../src-renderer/lib/map/player-preview'
import { tableHolds } from '../../../src-shared/table-holding'
import type { ViewRecord, ViewRecordId } from '../../../src-shared/views'

/**
 * Prep stays off the table: while no fight runs the player window is sent no scene, token or
 * template — in its snapshot or in any diff — unless the GM turns on "Show the map to the table";
 * starting a fight brings the map, ending it takes it away again. The GM's projector preview
 * agrees with the core at every step.
 */

const cores: SalvoCore[] = []
afterEach(async () => {
  for (const c of cores.splice(0)) await c.shutdown()
})

/** What the table holds of the map, from the messages the player window was sent (snapshots reset it, diffs change it). */
function tableMap(messages: readonly ServerMessage[]): string[] {
  const held = new Map<string, ViewRecord>()
  for (const m of messages) {
    if (m.kind === 'snapshot') {
      held.clear()
      for (const r of m.snapshot.records) held.set(r.id, r)
    } else if (m.kind === 'diff') {
      for (const r of m.diff.added) held.set(r.id, r)
      for (const [, r] of m.diff.updated) held.set(r.id, r)
      for (const id of m.diff.removed) held.delete(id)
    }
  }
  return [...held.values()]
    .filter((r) => ['scene', 'token', 'areaMark'].includes(r.typeName))
    .map((r) => r.typeName)
    .sort()
}

/** Whatever message text the player was sent, as one string, to look for the GM's prep in it. */
const sentText = (messages: readonly ServerMessage[], from = 0) =>
  messages
    .slice(from)
    .map((m) => JSON.stringify(m))
    .join('\n')

async function preppedEvening() {
  const core = new SalvoCore({ dataDir: tempDir(), now: tickingClock() })
  cores.push(core)
  const gm = attachWindow(core, 'gm')
  const player = attachWindow(core, 'player')
  await gm.must('createCampaign', { name: 'Holding', seed: 'holding-1', rulesetId: 'compound-x' })
  for (const name of ['Vex', 'Raider'])
    await gm.command('combatant/add', {
      name,
      side: name === 'Vex' ? 'party' : 'enemy',
      kind: name === 'Vex' ? 'pc' : 'npc',
      maxHp: 1,
      rules: trooper(),
    })
  await gm.command('scene/create', { name: 'Quarry Dock' })
  const records = (await gm.must('snapshot', undefined)).records
  const sceneId = records.find((r) => r.typeName === 'scene')!.id
  const idOf = (name: string) => records.find((r) => r.typeName === 'combatant' && r.name === name)!.id
  await gm.command('token/place', { sceneId, combatantId: idOf('Vex'), x: 3, y: 4 })
  await gm.command('token/place', { sceneId, combatantId: idOf('Raider'), x: 11, y: 7 })
  await gm.command('area/place', { sceneId, x: 6, y: 6, radius: 2, label: 'Smoke bank', hidden: false })
  const preview = async () => {
    const view = (await gm.must('snapshot', undefined)) as { version: number; records: ViewRecord[] }
    const state = { version: view.version, records: new Map(view.records.map((r) => [r.id as ViewRecordId, r])) }
    return [...playerPreview(state).records.values()]
      .filter((r) => ['scene', 'token', 'areaMark'].includes(r.typeName))
      .map((r) => r.typeName)
      .sort()
  }
  return { gm, player, preview }
}

describe('the table holds while no fight runs (prep stays off the table)', () => {
  it('sends the table no scene, token or template in prep, in any message, and the preview agrees', async () => {
    const { player, preview } = await preppedEvening()
    // The prep went on while the player window watched: none of it reached it.
    expect(tableMap(player.messages)).toEqual([])
    const text = sentText(player.messages)
    for (const secret of ['Quarry Dock', 'Smoke bank', '"typeName":"token"', '"typeName":"scene"']) expect(text).not.toContain(secret)
    // A fresh snapshot says the same.
    const snap = await player.must('snapshot', undefined)
    expect(snap.records.filter((r) => ['scene', 'token', 'areaMark'].includes(r.typeName))).toEqual([])
    expect(await preview()).toEqual([])
  })

  it('the switch shows the map in prep and takes it away again, each in a diff', async () => {
    const { gm, player, preview } = await preppedEvening()
    await gm.command('projector/set', { prepMap: true })
    expect(tableMap(player.messages)).toEqual(['areaMark', 'scene', 'token', 'token'])
    expect(await preview()).toEqual(['areaMark', 'scene', 'token', 'token'])
    await gm.command('projector/set', { prepMap: false })
    expect(tableMap(player.messages)).toEqual([])
    expect(await preview()).toEqual([])
  })

  it('starting a fight brings the map to the table; ending it holds again', async () => {
    const { gm, player, preview } = await preppedEvening()
    const before = player.messages.length
    await gm.command('encounter/start', { name: 'Dock fight' })
    expect(tableMap(player.messages)).toEqual(['areaMark', 'scene', 'token', 'token'])
    expect(sentText(player.messages, before)).toContain('Quarry Dock')
    expect(await preview()).toEqual(['areaMark', 'scene', 'token', 'token'])
    await gm.command('encounter/end', {})
    expect(tableMap(player.messages)).toEqual([])
    expect(await preview()).toEqual([])
  })

  it('a switch value that is not a yes or no is refused, and the projector is unchanged', async () => {
    const { gm } = await preppedEvening()
    const r = await gm.request('dispatch', { type: 'projector/set', payload: { prepMap: 'yes' }, meta: { commandId: 'bad-1' } } as never)
    expect(r.ok).toBe(false)
    const projector = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'projector')
    expect(projector === undefined || !('prepMap' in projector) || projector.prepMap !== true).toBe(true)
  })

  it('holds only while no fight runs and the switch is off (older campaigns have no switch: they hold)', () => {
    expect(tableHolds(false, null)).toBe(true)
    expect(tableHolds(false, {})).toBe(true)
    expect(tableHolds(false, { prepMap: false })).toBe(true)
    expect(tableHolds(false, { prepMap: true })).toBe(false)
    expect(tableHolds(true, { prepMap: false })).toBe(false)
  })
})
