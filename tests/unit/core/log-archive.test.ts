import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CampaignEngine } from '../../../src-main/core/engine/campaign-engine'
import { CampaignRepository } from '../../../src-main/core/persistence/campaign-repository'
import type { CampaignDocument } from '../../../src-main/core/persistence/document-schema'
import { nodeDurableFs } from '../../../src-main/core/persistence/durable-fs'
import { archiveFileName, readArchive } from '../../../src-main/core/persistence/log-archive'
import type { LogEntryRecord } from '../../../src-shared/records'
import { CampaignHarness } from '../helpers/campaign-harness'

/** A short fight, from its start to its end. Returns the encounter's id. */
function fight(h: CampaignHarness, name: string): string {
  h.must('encounter/start', { name })
  h.must('dice/roll', { expression: '2d6', purpose: `${name} opening volley` })
  h.must('encounter/rollInitiative', {})
  h.must('encounter/nextTurn', {})
  h.must('dice/roll', { expression: '1d20+3', purpose: `${name} second volley` })
  const id = h.campaign.store.ofType('encounter').find((e) => e.status === 'active')!.id
  h.must('encounter/end', {})
  return id
}

const archiveOf = (h: CampaignHarness, encounterId: string) =>
  readArchive(nodeDurableFs, h.campaign.paths.logArchive(archiveFileName(encounterId)!))

const texts = (entries: readonly LogEntryRecord[] | undefined) => (entries ?? []).map((e) => e.text)

async function twoCombatants(): Promise<CampaignHarness> {
  const h = await CampaignHarness.create()
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 20 })
  return h
}

describe('closed encounters leave their log to an archive', () => {
  it('ending an encounter moves every entry up to its end to its archive, in order, and the windows hear of each removal', async () => {
    const h = await twoCombatants()
    h.must('encounter/start', { name: 'Dockside' })
    h.must('dice/roll', { expression: '2d6', purpose: 'opening volley' })
    const live = h.campaign.store.ofType('log').sort((a, b) => a.seq - b.seq)
    const id = h.campaign.store.ofType('encounter')[0]!.id
    const end = h.must('encounter/end', {})

    expect(h.campaign.store.ofType('log')).toEqual([])
    const archive = archiveOf(h, id)!
    expect(archive.complete).toBe(true)
    expect(archive.damaged).toBe(0)
    // Setting up before the fight goes with it; the end's own line closes it.
    expect(texts(archive.entries).slice(0, live.length)).toEqual(texts(live))
    expect(archive.entries.at(-1)!.text).toMatch(/^Encounter "Dockside" ended/)
    expect(archive.entries.map((e) => e.seq)).toEqual([...archive.entries.map((e) => e.seq)].sort((a, b) => a - b))
    const removed = end.changes.filter((c) => c.from?.typeName === 'log' && c.to === null).map((c) => c.id)
    expect(removed.sort()).toEqual(archive.entries.map((e) => e.id).sort())
  })

  it('each encounter gets its own file; what is logged between fights stays live until the next one ends', async () => {
    const h = await twoCombatants()
    const first = fight(h, 'First')
    h.must('dice/roll', { expression: '1d6', purpose: 'between fights' })
    expect(texts(h.campaign.store.ofType('log'))).toEqual([expect.stringContaining('between fights')])
    const second = fight(h, 'Second')
    expect(texts(archiveOf(h, first)?.entries).some((t) => t.includes('First opening volley'))).toBe(true)
    expect(texts(archiveOf(h, first)?.entries).some((t) => t.includes('Second'))).toBe(false)
    const later = texts(archiveOf(h, second)?.entries)
    expect(later[0]).toContain('between fights')
    expect(later.some((t) => t.includes('Second second volley'))).toBe(true)
  })

  it('the compacted document holds no archived entry, and a reopen finds them still archived and not live', async () => {
    const h = await twoCombatants()
    const id = fight(h, 'Only')
    const count = archiveOf(h, id)!.entries.length
    await h.campaign.compact()
    const doc = JSON.parse(readFileSync(h.campaign.paths.document, 'utf8')) as CampaignDocument
    expect(Object.values(doc.records).filter((r) => r.typeName === 'log')).toEqual([])
    const again = await h.reopen()
    expect(again.ok).toBe(true)
    expect(h.campaign.store.ofType('log')).toEqual([])
    expect(archiveOf(h, id)!.entries.length).toBe(count)
  })

  it('a retry of the command that ended the fight, after a restart, is known as done (its id is read from the archive)', async () => {
    const h = await twoCombatants()
    h.must('encounter/start', { name: 'Retry' })
    const result = h.engine.execute({ type: 'encounter/end', payload: {}, meta: { commandId: 'end-once' } })
    expect(result.ok).toBe(true)
    await h.reopen()
    const again = h.engine.execute({ type: 'encounter/end', payload: {}, meta: { commandId: 'end-once' } })
    expect(again.ok && again.value.repeated).toBe(true)
  })
})

describe('a crash around archiving neither loses nor doubles an entry', () => {
  /** Every entry once, live or archived: ids across the store and every archive file. */
  function everyEntry(h: CampaignHarness): string[] {
    const archived = nodeDurableFs
      .list(h.campaign.paths.logArchiveDir)
      .flatMap((f) => readArchive(nodeDurableFs, h.campaign.paths.logArchive(f))?.entries ?? [])
    return [...archived, ...h.campaign.store.ofType('log')].map((e) => e.id).sort()
  }

  it('killed after the archive was written, before the document was rewritten: the entries are not live again', async () => {
    const h = await twoCombatants()
    fight(h, 'Killed')
    const expected = everyEntry(h)
    // No compaction: the document and journal still hold every entry, as after a kill.
    await h.reopen()
    expect(everyEntry(h)).toEqual(expected)
    expect(h.campaign.store.ofType('log')).toEqual([])
  })

  it('killed before the archive was written: the next open archives the fight', async () => {
    const refusing = await CampaignHarness.create('s2', undefined, {
      ...nodeDurableFs,
      openAppender(file) {
        if (file.includes('log-archive')) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })
        return nodeDurableFs.openAppender(file)
      },
    })
    refusing.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
    const id = fight(refusing, 'Unarchived')
    // The disk refused the archive: the entries stayed live, the fight is over.
    const before = refusing.campaign.store
      .ofType('log')
      .map((e) => e.id)
      .sort()
    expect(before.length).toBeGreaterThan(3)
    refusing.campaign.abandon()
    const opened = await new CampaignRepository({ dataDir: refusing.dataDir }).open(refusing.campaign.id)
    expect(opened.ok).toBe(true)
    if (!opened.ok) return
    expect(opened.value.store.ofType('log')).toEqual([])
    const archive = readArchive(nodeDurableFs, opened.value.paths.logArchive(archiveFileName(id)!))!
    expect(archive.entries.map((e) => e.id).sort()).toEqual(before)
  })

  it('killed halfway through writing the archive (a torn last line): the next open finishes it, each entry once', async () => {
    const h = await twoCombatants()
    const id = fight(h, 'Torn')
    const expected = everyEntry(h)
    const file = h.campaign.paths.logArchive(archiveFileName(id)!)
    const text = readFileSync(file, 'utf8')
    const lines = text.split('\n').filter(Boolean)
    // Keep the first two entries whole, then half of the third: the batch has no closing line.
    writeFileSync(file, `${lines[0]}\n${lines[1]}\n`)
    appendFileSync(file, lines[2]!.slice(0, 20))
    await h.reopen()
    expect(everyEntry(h)).toEqual(expected)
    const archive = readArchive(nodeDurableFs, file)!
    expect(archive.complete).toBe(true)
    expect(archive.entries.map((e) => e.id).sort()).toEqual(expected)
  })
})

describe('a backup restored to before a fight ended', () => {
  it("sets that fight's archive aside, so its log is archived again, whole, when it ends again", async () => {
    const h = await twoCombatants()
    h.must('encounter/start', { name: 'Redo' })
    h.must('dice/roll', { expression: '2d6', purpose: 'before the backup' })
    const backup = h.campaign.backup('manual')
    const id = h.campaign.store.ofType('encounter')[0]!.id
    h.must('encounter/end', {})
    expect(archiveOf(h, id)?.entries.length).toBeGreaterThan(0)
    h.campaign.abandon()

    const restored = await h.repo.restoreBackup(h.campaign.id, backup)
    expect(restored.ok).toBe(true)
    if (!restored.ok) return
    h.campaign = restored.value
    h.engine = new CampaignEngine(restored.value, h.ruleset)
    expect(archiveOf(h, id)).toBeNull()
    const live = h.campaign.store.ofType('log').length
    h.must('dice/roll', { expression: '1d6', purpose: 'after the restore' })
    h.must('encounter/end', {})
    const archive = archiveOf(h, id)!
    expect(archive.entries.length).toBe(live + 2)
    expect(texts(archive.entries).some((t) => t.includes('after the restore'))).toBe(true)
    expect(h.campaign.store.ofType('log')).toEqual([])
  })
})
