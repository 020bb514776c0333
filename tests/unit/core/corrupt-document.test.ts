import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { OpenProblem } from '../../../src-shared/contract'
import { CampaignHarness } from '../helpers/campaign-harness'

async function brokenCampaign(mangle: (text: string) => string) {
  const h = await CampaignHarness.create()
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
  await h.campaign.close()
  const file = h.campaign.paths.document
  writeFileSync(file, mangle(readFileSync(file, 'utf8')))
  return { h, file, bytes: readFileSync(file) }
}

describe('a corrupt or hand-broken campaign document', () => {
  it('is refused with an error naming the file and the JSON problem, and left untouched', async () => {
    const { h, file, bytes } = await brokenCampaign((t) => t.slice(0, t.length / 2))
    const r = await h.reopen()
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('campaign/corrupt')
    expect(r.error.message).toContain(file)
    expect(r.error.message).toMatch(/not valid JSON/)
    expect(readFileSync(file)).toEqual(bytes)
  })

  it('names the record and field a hand edit broke', async () => {
    const { h, file, bytes } = await brokenCampaign((t) => {
      const doc = JSON.parse(t) as { records: Record<string, Record<string, unknown>> }
      const vex = Object.values(doc.records).find((r) => r['typeName'] === 'combatant')!
      vex['hp'] = 'sixty'
      return JSON.stringify(doc)
    })
    const r = await h.reopen()
    expect(!r.ok && r.error.message).toMatch(/records › combatant:[\w-]+ › hp: .*number/)
    expect(readFileSync(file)).toEqual(bytes)
  })

  it('offers the last good backup, and restoring it keeps the broken file aside', async () => {
    const { h, file, bytes } = await brokenCampaign((t) => t.replace('"schemaVersion":2', '"schemaVersion":"one"'))
    const r = await h.reopen()
    expect(r.ok).toBe(false)
    if (r.ok) return
    const problem = r.error.detail as OpenProblem
    expect(problem.file).toBe(file)
    expect(problem.backups.length).toBeGreaterThan(0)
    const restored = await h.repo.restoreBackup(problem.campaignId, problem.backups[0]!.name)
    expect(restored.ok).toBe(true)
    const names = restored.ok ? restored.value.store.ofType('combatant').map((c) => c.name) : []
    expect(names).toEqual(['Vex'])
    const { readdirSync } = await import('node:fs')
    const aside = readdirSync(h.campaign.paths.dir).find((n) => n.startsWith('campaign.json.broken-'))
    expect(aside).toBeDefined()
    expect(readFileSync(`${h.campaign.paths.dir}/${aside}`)).toEqual(bytes)
  })

  it('checks records inside undo marks too, since undo would restore them', async () => {
    const { h } = await brokenCampaign((t) => {
      const doc = JSON.parse(t) as { records: { history: { undo: { changes: { to: Record<string, unknown> }[] }[] } } }
      doc.records.history.undo[0]!.changes.find((c) => c.to['typeName'] === 'combatant')!.to['side'] = 'martians'
      return JSON.stringify(doc)
    })
    const r = await h.reopen()
    expect(!r.ok && r.error.message).toMatch(/records › history › undo › 0 › changes › \d+ › to › side/)
  })

  it('refuses a field past its bound, naming the record, the field and the bound, without touching the file', async () => {
    const { h, file, bytes } = await brokenCampaign((t) => {
      const doc = JSON.parse(t) as { records: Record<string, Record<string, unknown>> }
      Object.values(doc.records).find((r) => r['typeName'] === 'combatant')!['name'] = 'V'.repeat(61)
      return JSON.stringify(doc)
    })
    const r = await h.reopen()
    expect(!r.ok && r.error.message).toMatch(/records › combatant:[\w-]+ › name: is 61 characters long; it may be at most 60$/)
    expect(readFileSync(file)).toEqual(bytes)
  })

  it('opens with a field no Salvo writes left out of the records it holds', async () => {
    const { h, bytes } = await brokenCampaign((t) => t.replaceAll('"name":"Vex"', '"name":"Vex","gmNotes":"the traitor"'))
    expect(bytes.toString()).toMatch(/"typeName":"combatant","id":"[^"]+","name":"Vex","gmNotes"/)
    const r = await h.reopen()
    expect(r.ok && r.value.store.ofType('combatant').map((c) => Object.keys(c).includes('gmNotes'))).toEqual([false])
  })

  it('refuses a backup holding a field past its bound before anything is closed', async () => {
    const { listBackups } = await import('../../../src-main/core/persistence/backups')
    const { nodeDurableFs } = await import('../../../src-main/core/persistence/durable-fs')
    const { h } = await brokenCampaign((t) => t)
    const [backup] = listBackups(nodeDurableFs, h.campaign.paths)
    const path = h.campaign.paths.backup(backup!.name)
    writeFileSync(path, readFileSync(path, 'utf8').replace('"name":"Test campaign"', `"name":"${'C'.repeat(81)}"`))
    const r = h.repo.readBackup(h.campaign.id, backup!.name)
    expect(!r.ok && r.error).toMatchObject({
      code: 'backup/corrupt',
      message: expect.stringMatching(/records › campaign › name: is 81 characters long; it may be at most 80; choose another backup\.$/),
    })
  })

  it('refuses a document from a newer Salvo without touching it', async () => {
    const { h, file, bytes } = await brokenCampaign((t) => t.replace('"schemaVersion":2', '"schemaVersion":99'))
    const r = await h.reopen()
    expect(!r.ok && r.error.code).toBe('campaign/tooNew')
    expect(readFileSync(file)).toEqual(bytes)
  })
})

describe('backup listing', () => {
  it('lists backups newest first with when and why they were taken', async () => {
    const { listBackups } = await import('../../../src-main/core/persistence/backups')
    const { nodeDurableFs } = await import('../../../src-main/core/persistence/durable-fs')
    const h = await CampaignHarness.create()
    await h.campaign.close()
    const backups = listBackups(nodeDurableFs, h.campaign.paths)
    expect(backups.map((b) => b.reason)).toEqual(['closed', 'opened'])
    expect(Date.parse(backups[0]!.createdAt)).toBeGreaterThan(Date.parse(backups[1]!.createdAt))
    expect(backups[0]!.bytes).toBeGreaterThan(0)
  })
})
