import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CampaignRepository } from '../../../src-main/core/persistence/campaign-repository'
import { historyPieces, yieldToLoop } from '../../../src-main/core/persistence/chunked-json'
import type { CampaignDocument } from '../../../src-main/core/persistence/document-schema'
import { readJournal } from '../../../src-main/core/persistence/journal'
import { nodeDurableFs } from '../../../src-main/core/persistence/durable-fs'
import { paddedCampaign } from '../helpers/padded-campaign'

const stateOf = (records: Iterable<{ id: string }>) => JSON.stringify([...records].sort((a, b) => (a.id < b.id ? -1 : 1)))

/** A campaign mid-fight whose document is a few MB of log: compaction takes the sliced, streamed path. */
const largeCampaign = () => paddedCampaign(8_000)

describe('compaction while commands keep coming', () => {
  it('acknowledges commands meanwhile; the document holds the snapshot and the journal exactly what came after', async () => {
    const h = await largeCampaign()
    expect(readFileSync(h.campaign.paths.document).length).toBeGreaterThan(1_000_000)
    for (let i = 0; i < 3; i++) h.must('dice/roll', { expression: '1d6', purpose: `before ${i}` })
    const snapshotSeq = h.campaign.seq
    const compaction = h.campaign.compact()
    // Commands between the slices: each is acknowledged at once, while the document is written.
    let during = 0
    while (h.campaign.compacting) {
      h.must('dice/roll', { expression: '1d6', purpose: `during ${during++}` })
      await yieldToLoop()
    }
    await compaction
    expect(during).toBeGreaterThan(1)

    const doc = JSON.parse(readFileSync(h.campaign.paths.document, 'utf8')) as CampaignDocument
    expect(doc.journalSeq).toBe(snapshotSeq)
    const journal = readJournal(nodeDurableFs, h.campaign.paths.journal).entries.map((e) => e.seq)
    expect(journal).toEqual(Array.from({ length: during }, (_, i) => snapshotSeq + 1 + i))

    // Appending goes on in the rewritten journal, and a reopen holds every acknowledged command.
    h.must('dice/roll', { expression: '1d6', purpose: 'after' })
    const live = stateOf(h.campaign.store.values())
    h.campaign.abandon()
    const again = await new CampaignRepository({ dataDir: h.dataDir }).open(h.campaign.id)
    expect(again.ok && stateOf(again.value.store.values())).toBe(live)
  })

  it('a campaign let go of mid-compaction (a kill) leaves the document as it was and the journal whole', async () => {
    const h = await largeCampaign()
    const before = readFileSync(h.campaign.paths.document)
    h.must('dice/roll', { expression: '1d6', purpose: 'pending' })
    const live = stateOf(h.campaign.store.values())
    const compaction = h.campaign.compact()
    await yieldToLoop()
    h.campaign.abandon()
    await compaction
    expect(readFileSync(h.campaign.paths.document).equals(before)).toBe(true)
    expect(nodeDurableFs.list(h.campaign.paths.dir).filter((f) => f.includes('.tmp-'))).toEqual([])
    const again = await new CampaignRepository({ dataDir: h.dataDir }).open(h.campaign.id)
    expect(again.ok && stateOf(again.value.store.values())).toBe(live)
  })

  it('writes byte for byte what JSON.stringify of the document gives', async () => {
    const h = await largeCampaign()
    h.must('dice/roll', { expression: '1d6', purpose: 'one more' })
    await h.campaign.compact()
    const text = readFileSync(h.campaign.paths.document, 'utf8')
    expect(text).toBe(JSON.stringify(h.campaign.document()))
  })
})

describe("a large campaign's rolling backup", () => {
  it('is written a slice at a time while commands keep coming, and holds the campaign as it was when asked', async () => {
    const h = await largeCampaign()
    const asked = JSON.stringify(h.campaign.document())
    const backup = h.campaign.backupSliced('periodic')
    let during = 0
    let done = false
    void backup.then(() => (done = true))
    while (!done) {
      h.must('dice/roll', { expression: '1d6', purpose: `during ${during++}` })
      await yieldToLoop()
    }
    const name = await backup
    expect(during).toBeGreaterThan(1)
    expect(readFileSync(h.campaign.paths.backup(name!), 'utf8')).toBe(asked)
  })
})

describe('the undo history, serialised mark by mark', () => {
  it('comes to what JSON.stringify gives, undefined keys and elements included', () => {
    const history = {
      typeName: 'history',
      id: 'history',
      skipped: undefined,
      undo: [
        { label: 'a', changes: [{ id: 'x', from: null, to: { n: 1, gone: undefined } }] },
        undefined,
        { label: 'b"\u2028', changes: [] },
      ],
      redo: [],
      note: { nested: [1, 2, { deep: 'y' }] },
    }
    expect([...historyPieces(history)].join('')).toBe(JSON.stringify(history))
    expect([...historyPieces({ typeName: 'history', id: 'history', undo: [], redo: [] })].join('')).toBe(
      JSON.stringify({ typeName: 'history', id: 'history', undo: [], redo: [] }),
    )
  })
})
