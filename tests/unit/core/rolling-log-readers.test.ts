import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LIVE_LOG } from '../../../src-shared/contract'
import type { LogEntryRecord } from '../../../src-shared/records'
import { nodeDurableFs } from '../../../src-main/core/persistence/durable-fs'
import { readArchive } from '../../../src-main/core/persistence/log-archive'
import { ROLLING_LOG } from '../../../src-main/core/persistence/rolling-log'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { vexAndGhostFight } from '../helpers/vex-and-ghost'

const startWith = coresForTests()
type Gm = ReturnType<typeof attachWindow>

const ROLLS = ROLLING_LOG.bound + 400

/** A fight whose log passed its bound: Vex and a hidden Ghost, many rolls, one in ten naming Vex. */
async function longFight(gm: Gm) {
  await vexAndGhostFight(gm, 'Long', 'long-seed')
  for (let i = 0; i < ROLLS; i++)
    await gm.command('dice/roll', { expression: '1d6', purpose: i % 10 === 0 ? `Vex volley ${i}` : `volley ${i}` })
}

/** The running fight's archive, once the upkeep has rolled the log into it (it does so between commands). */
async function rolledArchive(dataDir: string): Promise<string> {
  const campaigns = join(dataDir, 'campaigns')
  for (let tries = 0; tries < 200; tries++) {
    for (const c of readdirSync(campaigns)) {
      const dir = join(campaigns, c, 'log-archive')
      const file = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.jsonl')) : undefined
      // The first roll takes the log from past its bound down to what it keeps.
      const archived = file ? (readArchive(nodeDurableFs, join(dir, file))?.entries.length ?? 0) : 0
      if (archived > ROLLING_LOG.bound - ROLLING_LOG.keep) return join(dir, file!)
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('the running fight never rolled its log into an archive')
}

const purposes = (entries: readonly LogEntryRecord[]) =>
  entries.flatMap((e) => e.rolls.map((r) => r.purpose)).filter((p) => p.includes('volley'))
const volleys = Array.from({ length: ROLLS }, (_, i) => (i % 10 === 0 ? `Vex volley ${i}` : `volley ${i}`))

/** The whole log as readEarlierLog gives it, page by page from the newest. */
async function pagedBack(gm: Gm): Promise<LogEntryRecord[]> {
  const pages: LogEntryRecord[][] = []
  let before: number | null = null
  for (let more = true; more;) {
    const page: { entries: readonly LogEntryRecord[]; more: boolean } = await gm.must('readEarlierLog', {
      beforeSeq: before,
      limit: LIVE_LOG.maxLimit,
    })
    pages.unshift([...page.entries])
    before = page.entries[0]?.seq ?? before
    more = page.more
  }
  return pages.flat()
}

describe("the running fight's log, rolled into its archive, read as one", () => {
  it('pages back from the live tail through the archive: every line once, in order', async () => {
    const { gm, dataDir } = await startWith({})
    await longFight(gm)
    const file = await rolledArchive(dataDir)
    const archived = readArchive(nodeDurableFs, file)!.entries
    expect(archived.length).toBeGreaterThanOrEqual(ROLLING_LOG.bound - ROLLING_LOG.keep)

    const whole = await pagedBack(gm)
    expect(new Set(whole.map((e) => e.id)).size).toBe(whole.length)
    expect(whole.map((e) => e.seq)).toEqual([...whole.map((e) => e.seq)].sort((a, b) => a - b))
    expect(purposes(whole)).toEqual(volleys)
    // The archive's lines are among them, at the start.
    expect(whole.slice(0, archived.length).map((e) => e.id)).toEqual(archived.map((e) => e.id))
  })

  it('filters across the archive and the live tail as the panel does: who and round', async () => {
    const { gm, dataDir } = await startWith({})
    await longFight(gm)
    await rolledArchive(dataDir)
    const vex = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant' && r.name === 'Vex')!
    const who = vex.id as `combatant:${string}`
    const page = await gm.must('readEarlierLog', { beforeSeq: null, whoId: who, round: 1, limit: 500 })
    expect(purposes(page.entries)).toEqual(volleys.filter((p) => p.startsWith('Vex')))
    expect(page.entries.every((e) => e.round === 1)).toBe(true)
    expect(page.more).toBe(false)
    // Paging a filter back from a line in the archive reaches only older ones.
    const middle = page.entries[Math.floor(page.entries.length / 4)]!
    const older = await gm.must('readEarlierLog', { beforeSeq: middle.seq, whoId: who, round: 1, limit: 500 })
    expect(older.entries.map((e) => e.id)).toEqual(page.entries.slice(0, Math.floor(page.entries.length / 4)).map((e) => e.id))
  })

  it('is exported and imported with its archive: the copy holds every line once', async () => {
    const { gm, dataDir } = await startWith({})
    await longFight(gm)
    await rolledArchive(dataDir)
    const exported = await gm.must('exportCampaign', undefined)
    const other = await startWith({})
    await other.gm.must('importCampaign', { fileName: exported.fileName, text: exported.text })
    const whole = await pagedBack(other.gm)
    expect(new Set(whole.map((e) => e.id)).size).toBe(whole.length)
    expect(purposes(whole)).toEqual(volleys)
  })

  it('is not an earlier fight while it runs; once it ends, its archive holds its whole log once', async () => {
    const { gm, dataDir } = await startWith({})
    await longFight(gm)
    await rolledArchive(dataDir)
    expect(await gm.must('listLogArchives', undefined)).toEqual([])
    await gm.command('encounter/end', {})
    const [fight] = await gm.must('listLogArchives', undefined)
    expect(fight?.name).toBe('Dockside')
    const all: LogEntryRecord[] = []
    for (let offset = 0; ; offset += 500) {
      const page = await gm.must('readLogArchive', { encounterId: fight!.encounterId, offset, limit: 500 })
      all.push(...page.entries)
      if (all.length >= page.total) break
    }
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length)
    expect(purposes(all)).toEqual(volleys)
  })
})
