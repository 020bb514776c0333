import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../helpers/campaign-harness'

describe('journal replay', () => {
  it('replays acknowledged commands that never reached the document', async () => {
    const h = await CampaignHarness.create()
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
    const expected = JSON.stringify(h.campaign.store.toObject())
    // The document still holds the empty campaign: only the journal has the two commands.
    expect(readFileSync(h.campaign.paths.document, 'utf8')).not.toContain('Raider')
    const reopened = await h.reopen()
    expect(reopened.ok).toBe(true)
    expect(JSON.stringify(h.campaign.store.toObject())).toBe(expected)
  })

  it('cuts off a torn last line and keeps every complete entry', async () => {
    const h = await CampaignHarness.create()
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
    const journal = h.campaign.paths.journal
    const intact = statSync(journal).size
    // A crash mid-write leaves half a line with no newline.
    appendFileSync(journal, '1a2b3c4d {"seq":3,"commandId":"x","commandType":"combatant/ad')
    const reopened = await h.reopen()
    expect(reopened.ok).toBe(true)
    expect(
      h.campaign.store
        .ofType('combatant')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Raider', 'Vex'])
    expect(h.campaign.seq).toBe(2)
    // And the campaign goes on: the next command takes seq 3.
    h.must('dice/roll', { expression: 'd20' })
    expect(h.campaign.seq).toBe(3)
    expect(intact).toBeGreaterThan(0)
  })

  it('treats a checksum failure in the middle of the journal as corruption, changing nothing', async () => {
    const h = await CampaignHarness.create()
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
    const journal = h.campaign.paths.journal
    const lines = readFileSync(journal, 'utf8').split('\n')
    lines[0] = lines[0]!.replace('Vex', 'Vox')
    writeFileSync(journal, lines.join('\n'))
    const bytes = readFileSync(journal)
    const reopened = await h.reopen()
    expect(reopened.ok).toBe(false)
    if (reopened.ok) return
    expect(reopened.error.code).toBe('campaign/journalCorrupt')
    expect(reopened.error.message).toContain('journal.log, line 1: checksum mismatch')
    expect(readFileSync(journal)).toEqual(bytes)
  })
})

describe('a journal write that fails', () => {
  for (const fault of ['partial-write', 'fsync-after-write'] as const) {
    it(`(${fault}) is refused, cut back off, and never replays; later commands survive a crash`, async () => {
      const { FaultyFs } = await import('../helpers/faulty-fs')
      const { tempDir } = await import('../helpers/temp-dir')
      const fs = new FaultyFs()
      const h = await CampaignHarness.create('seed', tempDir(), fs)
      h.must('combatant/add', { name: 'A', side: 'party', kind: 'pc', maxHp: 10 })
      fs.nextAppend = fault
      const refused = h.run('combatant/add', { name: 'REFUSED', side: 'party', kind: 'pc', maxHp: 10 })
      expect(!refused.ok && refused.error.code).toBe('storage/writeFailed')
      expect(h.campaign.store.ofType('combatant').map((c) => c.name)).toEqual(['A'])
      h.must('combatant/add', { name: 'ACKED', side: 'party', kind: 'pc', maxHp: 10 })
      // Crash: reopen from what is on disk.
      const r = await h.reopen()
      expect(r.ok ? 'ok' : r.error.message).toBe('ok')
      expect(
        h.campaign.store
          .ofType('combatant')
          .map((c) => c.name)
          .sort(),
      ).toEqual(['A', 'ACKED'])
    })
  }
})

describe('journal damage beyond a torn tail', () => {
  it('refuses a journal whose every line fails its checksum (e.g. converted to CRLF), changing nothing', async () => {
    const h = await CampaignHarness.create()
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
    const journal = h.campaign.paths.journal
    writeFileSync(journal, readFileSync(journal, 'utf8').replace(/\n/g, '\r\n'))
    const bytes = readFileSync(journal)
    const r = await h.reopen()
    expect(!r.ok && r.error.code).toBe('campaign/journalCorrupt')
    expect(readFileSync(journal)).toEqual(bytes)
  })

  it('keeps a copy of a torn tail before cutting it off', async () => {
    const { readdirSync } = await import('node:fs')
    const h = await CampaignHarness.create()
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
    appendFileSync(h.campaign.paths.journal, 'deadbeef {"half a line')
    expect((await h.reopen()).ok).toBe(true)
    const copy = readdirSync(h.campaign.paths.dir).find((n) => n.startsWith('journal.log.torn-'))
    expect(copy && readFileSync(`${h.campaign.paths.dir}/${copy}`, 'utf8')).toBe('deadbeef {"half a line')
  })
})
