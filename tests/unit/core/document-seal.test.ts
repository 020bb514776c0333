import { createHash, createHmac } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { documentSchema } from '../../../src-main/core/persistence/document-schema'
import { SCHEMA_FINGERPRINT } from '../../../src-main/core/persistence/document-seal'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

/**
 * Issue 15: a document this data folder's Salvo wrote opens without a deep check of every record
 * (it carries a keyed seal); anything else — a hand edit, a file from another folder — is checked
 * in full as before.
 */

/** A campaign with one combatant, closed (so compacted and sealed). */
async function closedCampaign(dataDir = tempDir()) {
  const h = await CampaignHarness.create('seal-seed', dataDir)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
  await h.campaign.close()
  return h
}

/** Rewrites the document with `edit` and seals the result with this folder's own key, as Salvo would. */
function rewriteSealed(h: CampaignHarness, edit: (doc: { records: Record<string, Record<string, unknown>> }) => void) {
  const file = h.campaign.paths.document
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { records: Record<string, Record<string, unknown>> }
  edit(doc)
  const bytes = Buffer.from(JSON.stringify(doc), 'utf8')
  writeFileSync(file, bytes)
  const key = readFileSync(join(h.dataDir, 'document-seal.key'))
  const hmac = createHmac('sha256', key).update(`salvo-document ${SCHEMA_FINGERPRINT}\n`).update(bytes).digest('hex')
  writeFileSync(`${file}.seal`, JSON.stringify({ format: 1, bytes: bytes.length, hmac }))
}

const vexOf = (doc: { records: Record<string, Record<string, unknown>> }) =>
  Object.values(doc.records).find((r) => r['typeName'] === 'combatant')!

describe('the document seal', () => {
  it('is written beside the document by compaction, with a key kept in the data folder', async () => {
    const h = await closedCampaign()
    expect(existsSync(`${h.campaign.paths.document}.seal`)).toBe(true)
    expect(readFileSync(join(h.dataDir, 'document-seal.key'))).toHaveLength(32)
    const r = await h.reopen()
    expect(r.ok && r.value.store.ofType('combatant').map((c) => c.name)).toEqual(['Vex'])
  })

  it('lets a sealed document skip the per-record check (a field the schema would drop stays)', async () => {
    const h = await closedCampaign()
    rewriteSealed(h, (doc) => (vexOf(doc)['unchecked'] = 'kept'))
    const r = await h.reopen()
    expect(r.ok).toBe(true)
    const vex = r.ok ? (r.value.store.ofType('combatant')[0] as unknown as Record<string, unknown>) : {}
    expect(vex['unchecked']).toBe('kept')
  })

  it('does not cover a hand edit: the seal no longer matches and the record is checked', async () => {
    const h = await closedCampaign()
    const file = h.campaign.paths.document
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { records: Record<string, Record<string, unknown>> }
    vexOf(doc)['hp'] = 'sixty'
    writeFileSync(file, JSON.stringify(doc))
    const r = await h.reopen()
    expect(!r.ok && r.error.message).toMatch(/records › combatant:[\w-]+ › hp: .*number/)
  })

  it('does not cover a campaign folder copied into another data folder (its key differs)', async () => {
    const h = await closedCampaign()
    rewriteSealed(h, (doc) => (vexOf(doc)['hp'] = 'sixty'))
    // Opens here, unchecked: this folder sealed it (a test can, a file from elsewhere cannot).
    expect((await h.reopen()).ok).toBe(true)
    const other = await closedCampaign()
    const from = h.campaign.paths
    const to = other.campaign.paths
    mkdirSync(to.dir, { recursive: true })
    for (const f of [from.document, `${from.document}.seal`]) copyFileSync(f, join(to.dir, f.slice(from.dir.length + 1)))
    writeFileSync(to.journal, '')
    const r = await other.reopen()
    expect(!r.ok && r.error.message).toMatch(/records › combatant:[\w-]+ › hp: .*number/)
  })

  it('is checked only for its shape when sealed: a missing campaign record is still refused', async () => {
    const h = await closedCampaign()
    rewriteSealed(h, (doc) => delete doc.records['campaign'])
    const r = await h.reopen()
    expect(!r.ok && r.error.message).toMatch(/the campaign record is missing/)
  })

  it('names the schema it was made under: change the schema, and update SCHEMA_FINGERPRINT so old seals stop matching', () => {
    const described = JSON.stringify(z.toJSONSchema(documentSchema, { unrepresentable: 'any', io: 'input' }))
    expect(createHash('sha256').update(described).digest('hex').slice(0, SCHEMA_FINGERPRINT.length)).toBe(SCHEMA_FINGERPRINT)
  })
})
