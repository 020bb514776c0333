import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../../src-shared/contract'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { tempDir } from '../helpers/temp-dir'

function window(core: SalvoCore, role: 'gm' | 'player') {
  const messages: ServerMessage[] = []
  const conn = core.connect(role, (m) => messages.push(m))
  return { conn, messages, diffs: () => messages.flatMap((m) => (m.kind === 'diff' ? [m.diff] : [])) }
}

const cmd = (type: string, payload: unknown, id: string) => ({ type, payload, meta: { commandId: id } })

describe('SalvoCore', () => {
  it('refuses every command and campaign change from the player window', async () => {
    const core = new SalvoCore({ dataDir: tempDir() })
    await core.start()
    const gm = window(core, 'gm')
    const player = window(core, 'player')
    expect((await gm.conn.request('createCampaign', { name: 'Night one', seed: 's' })).ok).toBe(true)
    for (const [name, input] of [
      ['dispatch', cmd('encounter/start', { name: 'x' }, 'p1')],
      ['createCampaign', { name: 'Mine now' }],
      ['listCampaigns', undefined],
      ['openCampaign', { campaignId: 'whatever' }],
    ] as const) {
      const r = await player.conn.request(name, input)
      expect(!r.ok && r.error.code, name).toBe('request/forbidden')
    }
    expect((await player.conn.request('snapshot', undefined)).ok).toBe(true)
    await core.shutdown()
  })

  it('sends each window its own projection as versioned diffs', async () => {
    const core = new SalvoCore({ dataDir: tempDir() })
    await core.start()
    const gm = window(core, 'gm')
    const player = window(core, 'player')
    await gm.conn.request('createCampaign', { name: 'Night one', seed: 's' })
    await gm.conn.request('snapshot', undefined)
    await player.conn.request('snapshot', undefined)
    const add = await gm.conn.request(
      'dispatch',
      cmd('combatant/add', { name: 'Ghost', side: 'enemy', kind: 'npc', maxHp: 30, hidden: true }, 'c1'),
    )
    expect(add.ok).toBe(true)
    await gm.conn.request('dispatch', cmd('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 50 }, 'c2'))
    const gmDiffs = gm.diffs()
    const playerDiffs = player.diffs()
    expect(gmDiffs.map((d) => [d.fromVersion, d.toVersion])).toEqual([
      [0, 1],
      [1, 2],
    ])
    expect(JSON.stringify(gmDiffs)).toContain('Ghost')
    // The player saw nothing of the hidden NPC: one diff, for the second command, and its
    // version numbers count only what the player was sent (no gap betrays the hidden add).
    expect(playerDiffs).toHaveLength(1)
    expect(playerDiffs[0]!.toVersion).toBe(playerDiffs[0]!.fromVersion + 1)
    expect(JSON.stringify(player.messages)).not.toContain('Ghost')
    await core.shutdown()
  })

  it('turns bad input into typed errors without changing anything', async () => {
    const core = new SalvoCore({ dataDir: tempDir() })
    await core.start()
    const gm = window(core, 'gm')
    const none = await gm.conn.request('dispatch', cmd('encounter/start', { name: 'x' }, 'n1'))
    expect(!none.ok && none.error.code).toBe('campaign/none')
    await gm.conn.request('createCampaign', { name: 'Night one' })
    const weird = await gm.conn.request('nonsense' as 'session', undefined)
    expect(!weird.ok && weird.error.code).toBe('request/unknown')
    const bad = await gm.conn.request('dispatch', { type: 'combatant/add', payload: { name: 5 }, meta: { commandId: 'b1' } })
    expect(!bad.ok && bad.error.code).toBe('command/invalid')
    const badCreate = await gm.conn.request('createCampaign', { name: '' })
    expect(!badCreate.ok && badCreate.error.code).toBe('request/invalid')
    expect(gm.diffs()).toHaveLength(0)
    await core.shutdown()
  })

  it('reopens the last campaign on start, with every acknowledged command', async () => {
    const dataDir = tempDir()
    const first = new SalvoCore({ dataDir })
    await first.start()
    const gm = window(first, 'gm')
    await gm.conn.request('createCampaign', { name: 'Night one' })
    await gm.conn.request('dispatch', cmd('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 50 }, 'a1'))
    // No shutdown: the process "dies" here. A second core on the same folder picks up.
    await first.abandon()
    const second = new SalvoCore({ dataDir })
    await second.start()
    const again = window(second, 'gm')
    const session = await again.conn.request('session', undefined)
    expect(session.ok && session.value.campaign?.name).toBe('Night one')
    const snap = await again.conn.request('snapshot', undefined)
    expect(snap.ok && snap.value.records.some((r) => r.typeName === 'combatant' && r.name === 'Vex')).toBe(true)
    await second.shutdown()
  })
})

describe('SalvoCore when opening goes wrong', () => {
  it('tells every window when a campaign names a ruleset this Salvo lacks', async () => {
    const { readFileSync, writeFileSync } = await import('node:fs')
    const dataDir = tempDir()
    const core = new SalvoCore({ dataDir })
    await core.start()
    const gm = window(core, 'gm')
    const created = await gm.conn.request('createCampaign', { name: 'Odd rules' })
    const id = created.ok ? created.value.id : ''
    await gm.conn.request('dispatch', cmd('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 50 }, 'r1'))
    await core.shutdown()
    const file = `${dataDir}/campaigns/${id}/campaign.json`
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"rulesetId":"[a-z0-9-]+"/, '"rulesetId":"martian-chess"'))

    const again = new SalvoCore({ dataDir })
    await again.start()
    const w = window(again, 'gm')
    const session = await w.conn.request('session', undefined)
    expect(session.ok && session.value.campaign).toBeNull()
    expect(session.ok && session.value.problem?.code).toBe('campaign/unknownRuleset')
    expect(session.ok && session.value.problem?.message).toContain('martian-chess')
    await again.shutdown()
  })

  it('starts, with the problem shown, when the last campaign has a malformed journal entry', async () => {
    const { appendFileSync } = await import('node:fs')
    const { crc32Hex } = await import('../../../src-main/core/persistence/crc32')
    const dataDir = tempDir()
    const core = new SalvoCore({ dataDir })
    await core.start()
    const gm = window(core, 'gm')
    const created = await gm.conn.request('createCampaign', { name: 'Broken' })
    const id = created.ok ? created.value.id : ''
    // A checksum-valid entry whose event is malformed (no `results` array).
    const json = JSON.stringify({
      seq: 1,
      commandId: 'x',
      commandType: 'encounter/rollInitiative',
      label: 'x',
      events: [{ type: 'initiative/rolled', encounterId: 'encounter:n9' }],
    })
    await core.abandon()
    appendFileSync(`${dataDir}/campaigns/${id}/journal.log`, `${crc32Hex(json)} ${json}\n`)
    const again = new SalvoCore({ dataDir })
    await expect(again.start()).resolves.toBeUndefined()
    const session = await window(again, 'gm').conn.request('session', undefined)
    expect(session.ok && session.value.problem?.code).toBe('campaign/journalCorrupt')
    await again.shutdown()
    await core.shutdown()
  })

  it('pushes a fresh session and an empty snapshot to every window when an open fails', async () => {
    const dataDir = tempDir()
    const core = new SalvoCore({ dataDir })
    await core.start()
    const gm = window(core, 'gm')
    const player = window(core, 'player')
    const broken = await gm.conn.request('createCampaign', { name: 'Broken' })
    await gm.conn.request('createCampaign', { name: 'First' })
    if (!broken.ok) throw new Error('no campaign')
    writeFileSync(join(dataDir, 'campaigns', broken.value.id, 'campaign.json'), '{"schemaVersion":')
    gm.messages.length = 0
    player.messages.length = 0
    // A campaign that is not there is refused before anything closes.
    expect(await gm.conn.request('openCampaign', { campaignId: 'no-such-campaign' })).toMatchObject({
      ok: false,
      error: { code: 'campaign/notFound' },
    })
    expect([...gm.messages, ...player.messages]).toEqual([])
    const r = await gm.conn.request('openCampaign', { campaignId: broken.value.id })
    expect(r.ok).toBe(false)
    for (const w of [gm, player]) {
      const session = w.messages.find((m) => m.kind === 'session')
      expect(session?.kind === 'session' && session.session.campaign).toBeNull()
      const snap = w.messages.find((m) => m.kind === 'snapshot')
      expect(snap?.kind === 'snapshot' && snap.snapshot.records).toEqual([])
    }
    await core.shutdown()
  })

  it('refuses a command meant for another campaign', async () => {
    const core = new SalvoCore({ dataDir: tempDir() })
    await core.start()
    const gm = window(core, 'gm')
    const a = await gm.conn.request('createCampaign', { name: 'A' })
    await gm.conn.request('createCampaign', { name: 'B' })
    const stale = await gm.conn.request('dispatch', {
      type: 'encounter/start',
      payload: { name: 'x' },
      meta: { commandId: 'old-tab', campaignId: a.ok ? a.value.id : '' },
    })
    expect(!stale.ok && stale.error.code).toBe('campaign/changed')
    await core.shutdown()
  })

  it('warns the GM when the document cannot be rewritten, without losing commands', async () => {
    const { nodeDurableFs } = await import('../../../src-main/core/persistence/durable-fs')
    let diskFull = false
    const fs = {
      ...nodeDurableFs,
      writeFileAtomic(file: string, data: string | Uint8Array) {
        if (diskFull && file.endsWith('campaign.json')) throw new Error('ENOSPC: no space left on device')
        nodeDurableFs.writeFileAtomic(file, data)
      },
    }
    const dataDir = tempDir()
    const core = new SalvoCore({ dataDir, fs, idleCompactMs: 10 })
    await core.start()
    const gm = window(core, 'gm')
    await gm.conn.request('createCampaign', { name: 'Full disk' })
    diskFull = true
    await gm.conn.request('dispatch', cmd('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 50 }, 'f1'))
    await expect
      .poll(() => gm.messages.some((m) => m.kind === 'session' && m.session.warning?.includes('ENOSPC')), { timeout: 2000 })
      .toBe(true)
    // Nothing was lost: a fresh core replays the journal.
    await core.abandon()
    const again = new SalvoCore({ dataDir })
    await again.start()
    const snap = await window(again, 'gm').conn.request('snapshot', undefined)
    expect(snap.ok && snap.value.records.some((r) => r.typeName === 'combatant')).toBe(true)
    await again.shutdown()
  })
})
