import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { nodeDurableFs, type DurableFs } from '../../../src-main/core/persistence/durable-fs'
import type { CampaignDocument } from '../../../src-main/core/persistence/document-schema'
import type { ServerMessage } from '../../../src-shared/contract'
import { attachWindow, coresForTests } from '../helpers/core-window'

/**
 * What opening a campaign repairs or refuses, and what the GM is told: a cut journal line, a
 * journal that ends before its document, a full disk, stray temp files, an old campaign
 * without an id key — and, while playing, a command sent twice, and GM-only work the table
 * must not hear of.
 */

const startCore = coresForTests()

async function campaignWith(commands: number) {
  const s = await startCore()
  const made = await s.gm.must('createCampaign', { name: 'Night one', seed: 'night1', rulesetId: 'compound-x' })
  for (let i = 0; i < commands; i++) await s.gm.command('combatant/add', { name: `Raider ${i + 1}`, side: 'enemy', kind: 'npc', maxHp: 20 })
  const dir = join(s.dataDir, 'campaigns', made.id)
  return { ...s, id: made.id, dir, journal: join(dir, 'journal.log'), document: join(dir, 'campaign.json') }
}

/** A second core on the same folder, after the first went the way a killed process goes. */
async function restart(first: { core: SalvoCore; dataDir: string }, fs?: DurableFs) {
  await first.core.abandon()
  return startCore({ dataDir: first.dataDir, ...(fs ? { fs } : {}) })
}

const combatants = async (gm: ReturnType<typeof attachWindow>) =>
  (await gm.must('snapshot', undefined)).records.filter((r) => r.typeName === 'combatant').length

describe('a cut last journal line is told to the GM, with what is kept', () => {
  it('a write a kill interrupted (no line end): nothing the GM saw is lost, and the bytes are kept', async () => {
    const c = await campaignWith(2)
    appendFileSync(c.journal, '1a2b3c4d {"seq":3,"commandId":"half')
    const again = await restart(c)
    const session = await again.gm.must('session', undefined)
    expect(session.problem).toBeNull()
    expect(session.notices).toEqual([
      expect.stringMatching(
        /^Salvo stopped while it was writing a command to .*journal\.log\. That command was never confirmed on screen, so nothing you saw is lost; its bytes are kept in .*journal\.log\.torn-.*\. The campaign is as it was after command 2\.$/,
      ),
    ])
    expect(await combatants(again.gm)).toBe(2)
    const kept = readdirSync(c.dir).find((f) => f.startsWith('journal.log.torn-'))!
    expect(readFileSync(join(c.dir, kept), 'utf8')).toBe('1a2b3c4d {"seq":3,"commandId":"half')
  })

  it('a whole last line that was damaged afterwards: named as damage, and the GM told to check the last thing done', async () => {
    const c = await campaignWith(2)
    const lines = readFileSync(c.journal, 'utf8').split('\n')
    // The last entry's checksum no longer matches (a bit flipped on disk); the line is otherwise whole.
    lines[lines.length - 2] = lines[lines.length - 2]!.replace(/^(.)/, (d) => (d === '0' ? '1' : '0'))
    writeFileSync(c.journal, lines.join('\n'))
    const again = await restart(c)
    const session = await again.gm.must('session', undefined)
    expect(session.notices).toEqual([
      expect.stringMatching(
        /The last line of .*journal\.log was damaged \(checksum mismatch\) and has been set aside in .*journal\.log\.torn-.*\. The campaign is as it was after command 1; if the last thing you did before Salvo stopped is missing, do it again\./,
      ),
    ])
    expect(await combatants(again.gm)).toBe(1)
    // The table hears nothing of it.
    const player = attachWindow(again.core, 'player')
    expect((await player.must('session', undefined)).notices).toEqual([])
  })
})

describe('a journal that ends before its document', () => {
  it('is refused, naming both files, and neither is touched', async () => {
    const c = await campaignWith(3)
    await c.core.shutdown()
    // The document claims more than the journal beside it holds: say a campaign.json copied in from later on.
    const doc = JSON.parse(readFileSync(c.document, 'utf8')) as CampaignDocument
    writeFileSync(c.document, JSON.stringify({ ...doc, journalSeq: doc.journalSeq + 50 }))
    const journalLine = '{"seq":1,"commandId":"old","commandType":"combatant/add","label":"x","events":[]}'
    const { crc32Hex } = await import('../../../src-main/core/persistence/crc32')
    writeFileSync(c.journal, `${crc32Hex(journalLine)} ${journalLine}\n`)
    const before = [readFileSync(c.document), readFileSync(c.journal)]
    const again = await startCore({ dataDir: c.dataDir })
    const session = await again.gm.must('session', undefined)
    expect(session.campaign).toBeNull()
    expect(session.problem).toMatchObject({
      code: 'campaign/journalBehind',
      message: expect.stringMatching(
        /journal\.log ends at entry 1, but .*campaign\.json already holds every entry up to \d+: the two files are from different moments/,
      ),
    })
    expect([readFileSync(c.document), readFileSync(c.journal)]).toEqual(before)
  })
})

describe('a full disk at open', () => {
  it('still opens the campaign the journal holds, telling the GM what could not be written', async () => {
    const c = await campaignWith(2)
    let full = false
    const fs: DurableFs = {
      ...nodeDurableFs,
      writeFileAtomic(file, data) {
        if (full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
        nodeDurableFs.writeFileAtomic(file, data)
      },
    }
    full = true
    const again = await restart(c, fs)
    const session = await again.gm.must('session', undefined)
    expect(session.problem).toBeNull()
    expect(session.campaign?.name).toBe('Night one')
    expect(await combatants(again.gm)).toBe(2)
    expect(session.notices.some((n) => n.startsWith('Salvo could not take the backup it takes when a campaign opens (ENOSPC'))).toBe(true)
  })

  it('an open that fails outright puts the reason in front of the GM', async () => {
    const c = await campaignWith(1)
    const fs: DurableFs = {
      ...nodeDurableFs,
      readFile(file) {
        if (file.endsWith('campaign.json')) throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })
        return nodeDurableFs.readFile(file)
      },
    }
    const again = await restart(c, fs)
    const session = await again.gm.must('session', undefined)
    expect(session.campaign).toBeNull()
    expect(session.problem).toMatchObject({
      campaignId: c.id,
      code: 'campaign/openFailed',
      message: expect.stringContaining('EIO: i/o error, read'),
    })
  })
})

describe('stray temp files', () => {
  it('are removed when the campaign and the data folder open; other files stay', async () => {
    const c = await campaignWith(1)
    await c.core.abandon()
    const strays = [
      join(c.dir, 'campaign.json.tmp-4242'),
      join(c.dir, 'meta.json.tmp-17'),
      join(c.dir, 'backups', 'x.json.tmp-9'),
      join(c.dataDir, 'recent.json.tmp-31'),
    ]
    mkdirSync(join(c.dir, 'backups'), { recursive: true })
    for (const f of strays) writeFileSync(f, 'half a file')
    writeFileSync(join(c.dir, 'notes.tmp'), "the GM's own")
    await startCore({ dataDir: c.dataDir })
    expect(strays.filter((f) => existsSync(f))).toEqual([])
    expect(existsSync(join(c.dir, 'notes.tmp'))).toBe(true)
  })
})

describe('ids and keys the table sees', () => {
  it('a campaign saved before id keys gets one when it opens, in its undo marks too, and keeps it', async () => {
    const c = await campaignWith(2)
    await c.core.shutdown()
    const doc = JSON.parse(readFileSync(c.document, 'utf8')) as CampaignDocument
    const strip = (r: unknown) =>
      r && typeof r === 'object' && (r as { typeName?: string }).typeName === 'rng' ? { ...(r as object), idKey: undefined } : r
    const history = doc.records['history']!
    const old = JSON.parse(
      JSON.stringify({
        ...doc,
        records: {
          ...doc.records,
          rng: strip(doc.records['rng']),
          history:
            history.typeName === 'history'
              ? {
                  ...history,
                  undo: history.undo.map((m) => ({
                    ...m,
                    changes: m.changes.map((ch) => ({ ...ch, from: strip(ch.from), to: strip(ch.to) })),
                  })),
                }
              : history,
        },
      }),
    ) as CampaignDocument
    expect(JSON.stringify(old)).not.toContain('idKey')
    writeFileSync(c.document, JSON.stringify(old))
    const again = await startCore({ dataDir: c.dataDir })
    await again.gm.command('dice/roll', { expression: 'd6', purpose: 'test' })
    await again.core.shutdown()
    const saved = JSON.parse(readFileSync(c.document, 'utf8')) as CampaignDocument
    const key = (saved.records['rng'] as { idKey?: string }).idKey
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    const savedHistory = saved.records['history']
    const marks = JSON.stringify(savedHistory?.typeName === 'history' ? savedHistory.undo : [])
    // Every copy of the generator an undo would put back carries the same key.
    expect(marks.match(/"typeName":"rng"/g)?.length).toBe(marks.match(new RegExp(`"idKey":"${key}"`, 'g'))?.length)
  })

  it("a condition's key tells nothing of how many commands came before it", async () => {
    const c = await campaignWith(5)
    const raider = (await c.gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant')!.id
    await c.gm.command('condition/add', { combatantId: raider, condition: 'prone', duration: { kind: 'indefinite' } })
    const player = attachWindow(c.core, 'player')
    const seen = (await player.must('snapshot', undefined)).records.find((r) => r.id === raider) as unknown as {
      conditions: { key: string }[]
    }
    expect(seen.conditions[0]!.key).toMatch(/^condition:[A-Za-z0-9_-]{12}$/)
  })
})

describe('while playing', () => {
  it('a command sent twice is acknowledged both times, at one version, and applied once — also after a restart', async () => {
    const c = await campaignWith(0)
    const player = attachWindow(c.core, 'player')
    await player.must('snapshot', undefined)
    const command = {
      type: 'combatant/add',
      payload: { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 },
      meta: { commandId: 'retry-me' },
    } as const
    const first = await c.gm.must('dispatch', command)
    const journalSize = readFileSync(c.journal).length
    const pushes = player.messages.length
    const second = await c.gm.must('dispatch', command)
    expect(second).toEqual(first)
    expect(await combatants(c.gm)).toBe(1)
    expect(readFileSync(c.journal).length).toBe(journalSize)
    expect(player.messages.length).toBe(pushes)
    const again = await restart(c)
    expect(await again.gm.must('dispatch', command)).toEqual(first)
    expect(await combatants(again.gm)).toBe(1)
  })

  it('GM-only work sends the table nothing at all: no diff, no session', async () => {
    const c = await campaignWith(1)
    // The first scene goes on the table; more scenes stay on the GM's shelf.
    await c.gm.command('scene/create', { name: 'Table' })
    const player = attachWindow(c.core, 'player')
    await player.must('snapshot', undefined)
    await player.must('session', undefined)
    const raider = (await c.gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant')!.id
    const before = player.messages.length
    await c.gm.command('combatant/add', { name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 10, hidden: true })
    await c.gm.command('dice/roll', { expression: '2d10', purpose: 'stealth', secret: true })
    await c.gm.command('template/fromCombatant', { combatantId: raider })
    await c.gm.command('history/undo', {})
    await c.gm.command('history/redo', {})
    await c.gm.command('scene/create', { name: 'Shelf' })
    await c.gm.command('scene/create', { name: 'Another shelf' })
    const sent: ServerMessage[] = player.messages.slice(before)
    expect(sent).toEqual([])
  })
})
