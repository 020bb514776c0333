import { describe, expect, it } from 'vitest'
import { MIGRATIONS, migrate, MigrationError, type Migration } from '../../../src-main/core/persistence/migrations'

const steps: Migration[] = [
  { from: 1, to: 2, migrate: (d) => ({ ...d, renamed: d['old'], old: undefined }) },
  { from: 2, to: 3, migrate: (d) => ({ ...d, added: true }) },
]

describe('migration path', () => {
  it('runs every step in order up to the target version', () => {
    const out = migrate({ schemaVersion: 1, old: 'x' }, steps, 3)
    expect(out).toMatchObject({ schemaVersion: 3, renamed: 'x', added: true })
  })
  it('leaves a current document as it is', () => {
    const doc = { schemaVersion: 3, a: 1 }
    expect(migrate(doc, steps, 3)).toBe(doc)
  })
  it('refuses newer, missing and unbridgeable versions', () => {
    expect(() => migrate({ schemaVersion: 4 }, steps, 3)).toThrow(/newer/)
    expect(() => migrate({}, steps, 3)).toThrow(MigrationError)
    expect(() => migrate({ schemaVersion: 0 }, steps, 3)).toThrow(/no migration from schemaVersion 0/)
  })
})

describe('opening an old campaign file', () => {
  it('backs the file up before migrating it, then opens the migrated campaign', async () => {
    const { readFileSync, writeFileSync, readdirSync } = await import('node:fs')
    const { CampaignRepository } = await import('../../../src-main/core/persistence/campaign-repository')
    const { tempDir } = await import('../helpers/temp-dir')
    const dataDir = tempDir()
    const created = await new CampaignRepository({ dataDir }).create('Old times', 'seed', 'generic-d100')
    await created.close()
    // Pretend version 0 kept the records under another name.
    const current = JSON.parse(readFileSync(created.paths.document, 'utf8')) as Record<string, unknown>
    const v0 = JSON.stringify({ schemaVersion: 0, journalSeq: current['journalSeq'], items: current['records'] })
    writeFileSync(created.paths.document, v0)
    const toV1: Migration = { from: 0, to: 1, migrate: ({ items, ...rest }) => ({ ...rest, records: items }) }

    const repo = new CampaignRepository({ dataDir, migrations: [toV1, ...MIGRATIONS] })
    const opened = await repo.open(created.id)
    expect(opened.ok && opened.value.summary().name).toBe('Old times')
    const backup = readdirSync(created.paths.backupsDir).find((n) => n.includes('before-migration-v0'))
    expect(backup).toBeDefined()
    expect(readFileSync(`${created.paths.backupsDir}/${backup}`, 'utf8')).toBe(v0)
    expect(JSON.parse(readFileSync(created.paths.document, 'utf8'))).toMatchObject({ schemaVersion: 2 })
  })
})

describe('restoring an old-format backup', () => {
  it('migrates it on the way in instead of calling it corrupt', async () => {
    const { readFileSync, writeFileSync } = await import('node:fs')
    const { CampaignRepository } = await import('../../../src-main/core/persistence/campaign-repository')
    const { tempDir } = await import('../helpers/temp-dir')
    const dataDir = tempDir()
    const toV1: Migration = { from: 0, to: 1, migrate: ({ items, ...rest }) => ({ ...rest, records: items }) }
    const repo = new CampaignRepository({ dataDir, migrations: [toV1, ...MIGRATIONS] })
    const created = await repo.create('Old times', 'seed', 'generic-d100')
    await created.close()
    const current = JSON.parse(readFileSync(created.paths.document, 'utf8')) as Record<string, unknown>
    writeFileSync(
      created.paths.backup('2020-01-01T00-00-00-000Z-opened.json'),
      JSON.stringify({ schemaVersion: 0, journalSeq: 0, items: current['records'] }),
    )
    writeFileSync(created.paths.document, '{ broken')
    const restored = await repo.restoreBackup(created.id, '2020-01-01T00-00-00-000Z-opened.json')
    expect(restored.ok ? restored.value.summary().name : restored.error.message).toBe('Old times')
  })
})
