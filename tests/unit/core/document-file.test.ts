import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DurableJsonAdapter } from '../../../src-main/core/persistence/durable-json-adapter'
import { nodeDurableFs, type DurableFs } from '../../../src-main/core/persistence/durable-fs'
import { coresForTests } from '../helpers/core-window'

/** The real disk, counting what happens to campaign.json and whether the durable adapter did it. */
function countingFs() {
  const seen = { writes: 0, writesAroundAdapter: 0, readFiles: [] as string[] }
  let inAdapter = 0
  const isDocument = (file: string) => basename(file) === 'campaign.json'
  const fs: DurableFs = {
    ...nodeDurableFs,
    readFile(file) {
      if (isDocument(file)) seen.readFiles.push(file)
      return nodeDurableFs.readFile(file)
    },
    writeFileAtomic(file, data) {
      if (isDocument(file)) {
        seen.writes++
        if (inAdapter === 0) seen.writesAroundAdapter++
      }
      nodeDurableFs.writeFileAtomic(file, data)
    },
  }
  const write = DurableJsonAdapter.prototype.write
  vi.spyOn(DurableJsonAdapter.prototype, 'write').mockImplementation(async function (this: DurableJsonAdapter<unknown>, data) {
    inAdapter++
    try {
      await write.call(this, data)
    } finally {
      inAdapter--
    }
  })
  return { fs, seen }
}

const startCore = coresForTests()
afterEach(() => {
  vi.restoreAllMocks()
})

describe('campaign.json', () => {
  it('is read once when a campaign opens, a migrated one included', async () => {
    const { fs, seen } = countingFs()
    const { gm, dataDir } = await startCore({ fs })
    const created = await gm.must('createCampaign', { name: 'Read once', seed: 's', rulesetId: 'generic-d100' })
    await gm.command('campaign/rename', { name: 'Read once, again' })
    await gm.must('createCampaign', { name: 'Another', seed: 't', rulesetId: 'generic-d100' })

    // The campaign closing may read its own document for its closing backup; the one opening, once.
    const file = join(dataDir, 'campaigns', created.id, 'campaign.json')
    const readsOf = () => seen.readFiles.filter((f) => f === file).length
    seen.readFiles = []
    await gm.must('openCampaign', { campaignId: created.id })
    expect(readsOf()).toBe(1)

    // An older document: migrated, backed up and written back, still from the one read.
    await gm.must('createCampaign', { name: 'A third', seed: 'u', rulesetId: 'generic-d100' })
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { schemaVersion: number }
    writeFileSync(file, JSON.stringify({ ...doc, schemaVersion: 1 }))
    seen.readFiles = []
    await gm.must('openCampaign', { campaignId: created.id })
    expect(readsOf()).toBe(1)
  })

  it('is written only through the durable adapter: create, import, compaction, restore', async () => {
    const { fs, seen } = countingFs()
    const { gm } = await startCore({ fs })
    const created = await gm.must('createCampaign', { name: 'Through Low', seed: 's', rulesetId: 'generic-d100' })
    await gm.command('campaign/rename', { name: 'Through Low, renamed' })
    const file = await gm.must('exportCampaign', undefined)
    await gm.must('importCampaign', file)
    await gm.must('openCampaign', { campaignId: created.id })
    const [backup] = await gm.must('listBackups', undefined)
    await gm.must('restoreBackup', { campaignId: created.id, backup: backup!.name })

    expect(seen.writes).toBeGreaterThanOrEqual(4)
    expect(seen.writesAroundAdapter).toBe(0)
  })
})
