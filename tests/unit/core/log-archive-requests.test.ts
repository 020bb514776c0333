import { describe, expect, it } from 'vitest'
import type { LogEntryRecord } from '../../../src-shared/records'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { vexAndGhostFight } from '../helpers/vex-and-ghost'

const startWith = coresForTests()
type Gm = ReturnType<typeof attachWindow>

/** Two fights with a hidden raider (whose turns the GM alone sees logged), the first one ended. */
async function campaignWithArchive(gm: Gm) {
  await vexAndGhostFight(gm, 'Archive', 'archive-seed')
  for (let i = 0; i < 6; i++) await gm.command('encounter/nextTurn', {})
  for (let i = 0; i < 30; i++) await gm.command('dice/roll', { expression: '1d6', purpose: `volley ${i}` })
  await gm.command('encounter/end', {})
  await gm.command('encounter/start', { name: 'Rooftops' })
  await gm.command('dice/roll', { expression: '1d6', purpose: 'still live' })
}

describe("reading closed encounters' archived logs", () => {
  it('lists the archived encounters by name and pages and searches one, bounded', async () => {
    const { gm } = await startWith({})
    await campaignWithArchive(gm)
    const list = await gm.must('listLogArchives', undefined)
    expect(list).toEqual([{ encounterId: expect.stringMatching(/^encounter:/), name: 'Dockside', bytes: expect.any(Number) }])
    const id = list[0]!.encounterId
    const all = await gm.must('readLogArchive', { encounterId: id, offset: 0, limit: 500 })
    expect(all.damaged).toBe(0)
    expect(all.entries.length).toBe(all.total)
    expect(all.entries.map((e) => e.text)).toContainEqual(expect.stringMatching(/^Encounter "Dockside" started/))
    expect(all.entries.some((e) => e.text.includes('still live'))).toBe(false)
    const page = await gm.must('readLogArchive', { encounterId: id, text: 'VOLLEY', offset: 10, limit: 5 })
    expect(page.total).toBe(30)
    expect(page.entries.map((e) => e.rolls[0]?.purpose ?? e.text)).toEqual(
      all.entries
        .filter((e) => JSON.stringify(e.rolls).includes('volley'))
        .slice(10, 15)
        .map((e) => e.rolls[0]?.purpose ?? e.text),
    )
    // The live log holds only what came after the end.
    const live = (await gm.must('snapshot', undefined)).records.filter((r): r is LogEntryRecord => r.typeName === 'log')
    expect(live.some((e) => e.text.includes('still live'))).toBe(true)
    expect(live.some((e) => e.text.includes('Dockside'))).toBe(false)
    // Every size is bounded; an id that names no archive is told so.
    expect((await gm.request('readLogArchive', { encounterId: id, offset: 0, limit: 100_000 })).ok).toBe(false)
    expect((await gm.request('readLogArchive', { encounterId: id, text: 'x'.repeat(10_000), offset: 0, limit: 5 })).ok).toBe(false)
    expect((await gm.request('readLogArchive', { encounterId: '../../etc/passwd' as never, offset: 0, limit: 5 })).ok).toBe(false)
    const none = await gm.request('readLogArchive', { encounterId: 'encounter:nothere', offset: 0, limit: 5 })
    expect(!none.ok && none.error.code).toBe('archive/notFound')
  })

  it("never answers the player window: the GM-only lines (a hidden combatant's turns) stay in the core", async () => {
    const { core, gm } = await startWith({})
    await campaignWithArchive(gm)
    const [archive] = await gm.must('listLogArchives', undefined)
    const gmView = await gm.must('readLogArchive', { encounterId: archive!.encounterId, offset: 0, limit: 500 })
    // The test means something: the archive does hold GM-only lines.
    expect(gmView.entries.some((e) => e.visibility === 'gm')).toBe(true)
    const player = attachWindow(core, 'player')
    const listed = await player.request('listLogArchives', undefined)
    const read = await player.request('readLogArchive', { encounterId: archive!.encounterId, offset: 0, limit: 500 })
    expect(listed).toMatchObject({ ok: false, error: { code: 'request/forbidden' } })
    expect(read).toMatchObject({ ok: false, error: { code: 'request/forbidden' } })
    expect(JSON.stringify(player.messages)).not.toContain('Ghost')
  })

  it('an exported campaign imported elsewhere has its archived logs, still searchable', async () => {
    const a = await startWith({})
    await campaignWithArchive(a.gm)
    const [archive] = await a.gm.must('listLogArchives', undefined)
    const before = await a.gm.must('readLogArchive', { encounterId: archive!.encounterId, offset: 0, limit: 500 })
    const file = await a.gm.must('exportCampaign', undefined)
    expect(JSON.parse(file.text)).toHaveProperty('logArchive')

    const b = await startWith({})
    await b.gm.must('importCampaign', file)
    const listed = await b.gm.must('listLogArchives', undefined)
    expect(listed.map((l) => l.name)).toEqual(['Dockside'])
    const after = await b.gm.must('readLogArchive', { encounterId: listed[0]!.encounterId, offset: 0, limit: 500 })
    expect(after).toEqual(before)
    const found = await b.gm.must('readLogArchive', { encounterId: listed[0]!.encounterId, text: 'volley 7', offset: 0, limit: 5 })
    expect(found.total).toBe(1)
    // And it exports again as it came in.
    expect((await b.gm.must('exportCampaign', undefined)).text).toBe(file.text)
  })

  it('an imported file whose archive holds something that is not a log entry is refused, naming it', async () => {
    const a = await startWith({})
    await campaignWithArchive(a.gm)
    const file = await a.gm.must('exportCampaign', undefined)
    const parsed = JSON.parse(file.text) as { logArchive: Record<string, unknown[]> }
    const name = Object.keys(parsed.logArchive)[0]!
    parsed.logArchive[name]!.push({ typeName: 'log', id: 'log:x', text: 42 })
    const refused = await a.gm.request('importCampaign', { fileName: 'bad.json', text: JSON.stringify(parsed) })
    expect(refused).toMatchObject({ ok: false, error: { code: 'import/invalid', message: expect.stringContaining('logArchive') } })
    const renamed = JSON.parse(file.text) as { logArchive: Record<string, unknown[]> }
    renamed.logArchive = { '../escape.jsonl': renamed.logArchive[name]! }
    const escaped = await a.gm.request('importCampaign', { fileName: 'bad.json', text: JSON.stringify(renamed) })
    expect(escaped).toMatchObject({ ok: false, error: { code: 'import/invalid' } })
  })
})
