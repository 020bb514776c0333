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
    const add = await gm.conn.request('dispatch', cmd('combatant/add', { name: 'Ghost', side: 'enemy', kind: 'npc', maxHp: 30, hidden: true }, 'c1'))
    expect(add.ok).toBe(true)
    await gm.conn.request('dispatch', cmd('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 50 }, 'c2'))
    const gmDiffs = gm.diffs()
    const playerDiffs = player.diffs()
    expect(gmDiffs.map((d) => [d.fromVersion, d.toVersion])).toEqual([[0, 1], [1, 2]])
    expect(JSON.stringify(gmDiffs)).toContain('Ghost')
    // The player saw nothing of the hidden NPC: its first diff is the second command's.
    expect(playerDiffs.map((d) => [d.fromVersion, d.toVersion])).toEqual([[0, 2]])
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
