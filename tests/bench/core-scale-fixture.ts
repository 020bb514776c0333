import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import type { CommandInput } from '../../src-shared/commands'
import { dispatch, must, RecordingWindow, snapshotOf, type Fixture } from './core-fixture'

/**
 * As `openFixture`, with the caller choosing each combatant (some with a sheet, to attack with):
 * a real core on a real temp folder, the fight running, a GM and a player window holding snapshots.
 */
export async function openTableOf(count: number, payload: (i: number) => CommandInput<'combatant/add'>): Promise<Fixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-scale-'))
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
    must('createCampaign', await gm.request('createCampaign', { name: `Scale ${count}`, seed: 'salvo-scale' }))
    for (let i = 0; i < count; i++) must(`combatant/add #${i + 1}`, await dispatch(gm, 'combatant/add', payload(i)))
    must('encounter/start', await dispatch(gm, 'encounter/start', { name: 'Scale skirmish' }))
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
