import { describe, expect, it } from 'vitest'
import { LIVE_LOG } from '../../../src-shared/contract'
import type { LogEntryRecord } from '../../../src-shared/records'
import { attachWindow, coresForTests } from '../helpers/core-window'

const startWith = coresForTests()
type Gm = ReturnType<typeof attachWindow>

/** A fight longer than the desk keeps: Vex and a hidden Ghost, many rolls, some naming Vex. */
async function longFight(gm: Gm, rolls: number) {
  await gm.must('createCampaign', { name: 'Long', seed: 'long-seed', rulesetId: 'generic-d100' })
  await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
  await gm.command('combatant/add', { name: 'Ghost', side: 'enemy', kind: 'npc', maxHp: 20, hidden: true })
  await gm.command('encounter/start', { name: 'Dockside' })
  await gm.command('encounter/rollInitiative', {})
  for (let i = 0; i < rolls; i++)
    await gm.command('dice/roll', { expression: '1d6', purpose: i % 10 === 0 ? `Vex volley ${i}` : `volley ${i}` })
}

const liveLog = async (gm: Gm) =>
  (await gm.must('snapshot', undefined)).records.filter((r): r is LogEntryRecord => r.typeName === 'log').sort((a, b) => a.seq - b.seq)

describe("the running campaign's earlier log lines", () => {
  it('pages back from the oldest line a snapshot holds to the first, with nothing skipped or repeated', async () => {
    const { gm } = await startWith({})
    await longFight(gm, LIVE_LOG.tail + 150)
    const tail = await liveLog(gm)
    expect(tail.length).toBe(LIVE_LOG.tail)
    // The whole log in one page (it fits under the page's cap).
    const whole = await gm.must('readEarlierLog', { beforeSeq: null, limit: LIVE_LOG.maxLimit })
    expect(whole.more).toBe(false)
    const all = whole.entries
    expect(all.length).toBeGreaterThan(LIVE_LOG.tail + 150)
    expect(all.slice(-LIVE_LOG.tail).map((e) => e.id)).toEqual(tail.map((e) => e.id))

    const pages: LogEntryRecord[][] = []
    let before: number | null = tail[0]!.seq
    for (let more = true; more;) {
      const page: { entries: readonly LogEntryRecord[]; more: boolean } = await gm.must('readEarlierLog', { beforeSeq: before, limit: 60 })
      pages.unshift([...page.entries])
      before = page.entries[0]?.seq ?? before
      more = page.more
    }
    expect([...pages.flat(), ...tail].map((e) => e.id)).toEqual(all.map((e) => e.id))
  })

  it('filters on the core as the panel does: who an entry is about, and the round', async () => {
    const { gm } = await startWith({})
    await longFight(gm, LIVE_LOG.tail + 100)
    const vex = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant' && r.name === 'Vex')!
    const page = await gm.must('readEarlierLog', { beforeSeq: null, whoId: vex.id as `combatant:${string}`, round: 1, limit: 500 })
    const volleys = page.entries.filter((e) => e.rolls[0]?.purpose.startsWith('Vex volley'))
    expect(volleys.length).toBe(Math.ceil((LIVE_LOG.tail + 100) / 10))
    expect(page.entries.every((e) => e.round === 1)).toBe(true)
    expect(page.entries.some((e) => e.rolls[0]?.purpose.startsWith('volley'))).toBe(false)
    expect(page.more).toBe(false)
  })

  it('is bounded, refuses a combatant that is gone, and never answers the player window', async () => {
    const { core, gm } = await startWith({})
    await longFight(gm, 20)
    expect((await gm.request('readEarlierLog', { beforeSeq: null, limit: LIVE_LOG.maxLimit + 1 })).ok).toBe(false)
    expect((await gm.request('readEarlierLog', { beforeSeq: null, limit: 0 })).ok).toBe(false)
    expect((await gm.request('readEarlierLog', { beforeSeq: Number.NaN, limit: 5 } as never)).ok).toBe(false)
    const gone = await gm.request('readEarlierLog', { beforeSeq: null, whoId: 'combatant:nobody', limit: 5 })
    expect(!gone.ok && gone.error.code).toBe('combatant/notFound')
    // The GM's answer holds the hidden Ghost's lines; the player's request is refused outright.
    const gmView = await gm.must('readEarlierLog', { beforeSeq: null, limit: 500 })
    expect(gmView.entries.some((e) => e.visibility === 'gm')).toBe(true)
    const player = attachWindow(core, 'player')
    expect(await player.request('readEarlierLog', { beforeSeq: null, limit: 500 })).toMatchObject({
      ok: false,
      error: { code: 'request/forbidden' },
    })
    expect(JSON.stringify(player.messages)).not.toContain('Ghost')
  })
})
