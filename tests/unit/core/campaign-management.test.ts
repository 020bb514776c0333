import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SalvoCore, type CoreOptions } from '../../../src-main/core/app/salvo-core'
import { attachWindow, ManualTimer, tickingClock } from '../helpers/core-window'
import { tempDir } from '../helpers/temp-dir'

const cores: SalvoCore[] = []
afterEach(async () => {
  vi.useRealTimers()
  for (const c of cores.splice(0)) await c.shutdown()
})

async function startCore(options: Partial<CoreOptions> = {}) {
  const dataDir = options.dataDir ?? tempDir()
  const core = new SalvoCore({ dataDir, now: tickingClock(), ...options })
  cores.push(core)
  await core.start()
  return { core, dataDir, gm: attachWindow(core) }
}

const campaignFolder = (s: { dataDir: string; created: { id: string } }) => join(s.dataDir, 'campaigns', s.created.id)

const add = (name: string) => ({ name, side: 'party', kind: 'pc', maxHp: 40 })

describe('renaming a campaign', () => {
  it('shows the new name in every window and the campaign list at once, and undo puts the old one back', async () => {
    const { core, gm } = await startCore()
    const player = attachWindow(core, 'player')
    const created = await gm.must('createCampaign', { name: 'Night one', seed: 's', rulesetId: 'generic-d100' })
    await gm.command('campaign/rename', { name: '  Kessler Yard, night one ' })

    for (const w of [gm, player]) expect(w.sessions().at(-1)?.campaign?.name).toBe('Kessler Yard, night one')
    expect((await gm.must('listCampaigns', undefined)).find((c) => c.id === created.id)?.name).toBe('Kessler Yard, night one')
    expect((await gm.must('session', undefined)).undoLabel).toBe('Rename campaign')

    await gm.command('history/undo', {})
    expect(gm.sessions().at(-1)?.campaign?.name).toBe('Night one')
    expect((await gm.must('listCampaigns', undefined))[0]?.name).toBe('Night one')
    await gm.command('history/redo', {})
    expect(gm.sessions().at(-1)?.campaign?.name).toBe('Kessler Yard, night one')

    const same = await gm.request('dispatch', {
      type: 'campaign/rename',
      payload: { name: 'Kessler Yard, night one' },
      meta: { commandId: 'same' },
    })
    expect(!same.ok && same.error.code).toBe('campaign/sameName')
    const empty = await gm.request('dispatch', { type: 'campaign/rename', payload: { name: '   ' }, meta: { commandId: 'empty' } })
    expect(!empty.ok && empty.error.message).toBe('Invalid command: payload.name cannot be empty.')
    // As long as a new campaign's name may be, and no longer.
    await gm.command('campaign/rename', { name: 'L'.repeat(80) })
    const long = await gm.request('dispatch', { type: 'campaign/rename', payload: { name: 'L'.repeat(81) }, meta: { commandId: 'long' } })
    expect(!long.ok && long.error.message).toBe('Invalid command: payload.name must be at most 80 characters.')
  })

  it('keeps the new name across a restart (it is a journaled command)', async () => {
    const dataDir = tempDir()
    const first = await startCore({ dataDir })
    await first.gm.must('createCampaign', { name: 'Night one', seed: 's', rulesetId: 'generic-d100' })
    await first.gm.command('campaign/rename', { name: 'Night two' })
    // No shutdown: the journal alone must carry it.
    await first.core.abandon()
    const second = await startCore({ dataDir })
    expect((await second.gm.must('session', undefined)).campaign?.name).toBe('Night two')
  })
})

describe('rolling backups', () => {
  it('takes one every period while the campaign changes, and none while it stands still', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { gm } = await startCore({ backupEveryMs: 60_000 })
    await gm.must('createCampaign', { name: 'Timed', seed: 's', rulesetId: 'generic-d100' })
    const periodic = async () => (await gm.must('listBackups', undefined)).filter((b) => b.reason === 'periodic')

    await vi.advanceTimersByTimeAsync(60_000)
    expect(await periodic()).toHaveLength(0)
    await gm.command('combatant/add', add('Vex'))
    await vi.advanceTimersByTimeAsync(59_000)
    expect(await periodic()).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await periodic()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await periodic()).toHaveLength(1)
    await gm.command('combatant/add', add('Ossa'))
    await vi.advanceTimersByTimeAsync(60_000)
    const taken = await periodic()
    expect(taken).toHaveLength(2)
    // Newest first, holding the state it was taken at.
    expect(taken[0]!.bytes).toBeGreaterThan(taken[1]!.bytes)
  })

  it('takes one when an encounter ends, holding the state at its end', async () => {
    const timer = new ManualTimer()
    const { gm, dataDir } = await startCore({ backupTimer: timer })
    const created = await gm.must('createCampaign', { name: 'Fights', seed: 's', rulesetId: 'generic-d100' })
    expect([...timer.ticks.values()]).toEqual([10 * 60 * 1000])
    await gm.command('combatant/add', add('Vex'))
    await gm.command('encounter/start', { name: 'Ambush' })
    await gm.command('encounter/rollInitiative', {})
    await gm.command('encounter/end', {})
    const [newest] = await gm.must('listBackups', undefined)
    expect(newest?.reason).toBe('encounter-end')
    expect(newest?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const backup = JSON.parse(readFileSync(join(campaignFolder({ dataDir, created }), 'backups', newest!.name), 'utf8')) as {
      records: Record<string, { typeName: string; status?: string }>
    }
    expect(Object.values(backup.records).find((r) => r.typeName === 'encounter')?.status).toBe('ended')
  })

  it('keeps the last 20 rolling backups without pushing out the one taken on open', async () => {
    const timer = new ManualTimer()
    const { gm } = await startCore({ backupTimer: timer })
    await gm.must('createCampaign', { name: 'Long night', seed: 's', rulesetId: 'generic-d100' })
    for (let i = 0; i < 24; i++) {
      await gm.command('dice/roll', { expression: 'd6' })
      timer.fire()
    }
    await gm.command('encounter/start', { name: 'Last stand' })
    await gm.command('encounter/end', {})
    const backups = await gm.must('listBackups', undefined)
    const rolling = backups.filter((b) => b.reason === 'periodic' || b.reason === 'encounter-end')
    expect(rolling).toHaveLength(20)
    expect(rolling[0]!.reason).toBe('encounter-end')
    expect(backups.filter((b) => b.reason === 'opened')).toHaveLength(1)
  })

  it('stops when the campaign closes', async () => {
    const timer = new ManualTimer()
    const { core, gm } = await startCore({ backupTimer: timer })
    await gm.must('createCampaign', { name: 'A', seed: 's', rulesetId: 'generic-d100' })
    await gm.must('createCampaign', { name: 'B', seed: 's', rulesetId: 'generic-d100' })
    expect(timer.ticks.size).toBe(1)
    await core.shutdown()
    expect(timer.ticks.size).toBe(0)
  })
})

describe('restoring a backup of the open campaign', () => {
  async function withBackup() {
    const timer = new ManualTimer()
    const s = await startCore({ backupTimer: timer })
    const created = await s.gm.must('createCampaign', { name: 'Restorable', seed: 's', rulesetId: 'generic-d100' })
    await s.gm.command('combatant/add', add('Vex'))
    timer.fire()
    const [backup] = await s.gm.must('listBackups', undefined)
    expect(backup?.reason).toBe('periodic')
    const atBackup = (await s.gm.must('exportCampaign', undefined)).text
    await s.gm.command('combatant/add', add('Ossa'))
    return { ...s, created, backup: backup!, atBackup }
  }

  it('goes back to the state the backup holds, keeping the replaced document aside', async () => {
    const s = await withBackup()
    const later = (await s.gm.must('exportCampaign', undefined)).text
    await s.gm.must('restoreBackup', { campaignId: s.created.id, backup: s.backup.name })
    expect((await s.gm.must('exportCampaign', undefined)).text).toBe(s.atBackup)
    const folder = campaignFolder(s)
    const aside = readdirSync(folder).find((n) => n.startsWith('campaign.json.replaced-'))
    expect(aside).toBeDefined()
    // Nothing is lost: the state before the restore was kept as the closing backup too.
    const closed = (await s.gm.must('listBackups', undefined)).find((b) => b.reason === 'closed')!
    const closedDoc = JSON.parse(readFileSync(join(folder, 'backups', closed.name), 'utf8')) as unknown
    expect(closedDoc).toEqual((JSON.parse(later) as { document: unknown }).document)
  })

  it('refuses a damaged backup before closing anything', async () => {
    const s = await withBackup()
    const folder = campaignFolder(s)
    writeFileSync(join(folder, 'backups', s.backup.name), '{ "schemaVersion": 2, "records": ')
    const before = (await s.gm.must('exportCampaign', undefined)).text
    const r = await s.gm.request('restoreBackup', { campaignId: s.created.id, backup: s.backup.name })
    expect(!r.ok && r.error.code).toBe('backup/corrupt')
    expect((await s.gm.must('session', undefined)).campaign?.id).toBe(s.created.id)
    expect((await s.gm.must('exportCampaign', undefined)).text).toBe(before)
  })
})

describe('the recent campaigns list', () => {
  it('puts the most recently opened first, and survives a missing or damaged index', async () => {
    const dataDir = tempDir()
    const { gm } = await startCore({ dataDir })
    const a = await gm.must('createCampaign', { name: 'Alpha', seed: 's', rulesetId: 'generic-d100' })
    const b = await gm.must('createCampaign', { name: 'Bravo', seed: 's', rulesetId: 'generic-d100' })
    const c = await gm.must('createCampaign', { name: 'Charlie', seed: 's', rulesetId: 'generic-d100' })
    const names = async () => (await gm.must('listCampaigns', undefined)).map((x) => x.name)
    expect(await names()).toEqual(['Charlie', 'Bravo', 'Alpha'])
    await gm.must('openCampaign', { campaignId: a.id })
    expect(await names()).toEqual(['Alpha', 'Charlie', 'Bravo'])
    const listed = await gm.must('listCampaigns', undefined)
    expect(Date.parse(listed[0]!.openedAt!)).toBeGreaterThan(Date.parse(listed[1]!.openedAt!))

    writeFileSync(join(dataDir, 'recent.json'), '{"opened": {"alpha": 12, "../etc": "2030-01-01T00:00:00.000Z"')
    expect((await names()).sort()).toEqual(['Alpha', 'Bravo', 'Charlie'])
    await gm.must('openCampaign', { campaignId: b.id })
    expect((await names())[0]).toBe('Bravo')
    expect(JSON.parse(readFileSync(join(dataDir, 'recent.json'), 'utf8'))).toMatchObject({
      version: 1,
      opened: { [b.id]: expect.any(String) },
    })

    writeFileSync(join(dataDir, 'recent.json'), JSON.stringify({ opened: { [c.id]: 'not a time', [a.id]: '2020-01-01T00:00:00.000Z' } }))
    const damaged = await gm.must('listCampaigns', undefined)
    expect(damaged[0]!.name).toBe('Alpha')
    expect(damaged.map((x) => x.name).sort()).toEqual(['Alpha', 'Bravo', 'Charlie'])
  })
})
