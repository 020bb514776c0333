import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_CAMPAIGN_FILE_BYTES, type RequestInputs } from '../../../src-shared/contract'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { trooper } from '../rules/compound-x/cx-harness'
import { homebrew } from '../rules/compound-x/fixtures'

const startWith = coresForTests()
const startCore = (dataDir?: string) => startWith(dataDir ? { dataDir } : {})

type Gm = ReturnType<typeof attachWindow>

const idOf = async (gm: Gm, name: string) => {
  const snap = await gm.must('snapshot', undefined)
  const c = snap.records.find((r) => r.typeName === 'combatant' && r.name === name)
  if (!c) throw new Error(`no ${name}`)
  return c.id
}

/** A Compound X campaign with a bit of everything: items, sheets, a fight, seeded dice, undo and redo. */
async function playedCampaign() {
  const a = await startCore()
  await a.gm.must('createCampaign', { name: 'Night at Kessler Yard', seed: 'transfer-seed', rulesetId: 'compound-x' })
  await a.gm.command('content/import', { fileName: 'homebrew.json', text: JSON.stringify(homebrew) })
  await a.gm.command('combatant/add', {
    name: 'Vex',
    side: 'party',
    kind: 'pc',
    maxHp: 1,
    rules: trooper({ weapons: [{ kind: 'ranged', itemId: 'kestrel-rail-pistol', attachmentIds: [], ammo: 8, spareMagazines: 1 }] }),
  })
  await a.gm.command('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, hidden: true, rules: trooper() })
  await a.gm.command('encounter/start', { name: 'Loading dock' })
  await a.gm.command('encounter/rollInitiative', {})
  const vex = await idOf(a.gm, 'Vex')
  const raider = await idOf(a.gm, 'Raider')
  await a.gm.command('attack/resolve', {
    request: { attackerId: vex, targetId: raider, weapon: 0, mode: 'semi', options: { distance: 5 } },
  })
  await a.gm.command('attack/resolve', {
    request: { attackerId: raider, targetId: vex, weapon: 0, mode: 'semi', options: { distance: 5 } },
  })
  await a.gm.command('dice/roll', { expression: '3d10', purpose: 'Scatter' })
  // A map with a grenade's template the table sees and a mine it does not.
  await a.gm.command('scene/create', { name: 'Yard' })
  const yard = (await a.gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'scene')!.id
  await a.gm.command('area/place', { sceneId: yard, x: 6, y: 4, radius: 3, label: 'Grenade' })
  await a.gm.command('area/place', { sceneId: yard, x: 12, y: 9, radius: 1.5, label: 'Mine', hidden: true })
  await a.gm.command('combatant/adjustHp', { combatantId: vex, delta: -5 })
  // Leaves something on the redo stack too.
  await a.gm.command('history/undo', {})
  return { ...a, vex, raider }
}

/** The same commands, with the same ids, for both copies of a campaign. */
async function playOn(gm: Gm, vex: string, raider: string) {
  const commands: [string, unknown][] = [
    ['history/redo', {}],
    ['dice/roll', { expression: '2d100', purpose: 'Reinforcements' }],
    ['attack/resolve', { request: { attackerId: vex, targetId: raider, weapon: 0, mode: 'semi', options: { distance: 12 } } }],
    ['encounter/nextTurn', {}],
    ['encounter/end', {}],
  ]
  for (const [i, [type, payload]] of commands.entries()) {
    await gm.must('dispatch', { type, payload, meta: { commandId: `later-${i}` } } as RequestInputs['dispatch'])
  }
}

const campaignDirs = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'campaigns')).sort()
  } catch {
    return []
  }
}

describe('exporting and importing a campaign', () => {
  it('reproduces the campaign exactly in a fresh data folder, where it keeps rolling the same dice', async () => {
    const a = await playedCampaign()
    const exported = await a.gm.must('exportCampaign', undefined)
    expect(exported.fileName).toBe('night-at-kessler-yard.salvo-campaign.json')
    const file = JSON.parse(exported.text) as {
      format: string
      formatVersion: number
      document: { journalSeq: number; records: Record<string, { typeName: string }> }
    }
    expect(file).toMatchObject({ format: 'salvo-campaign', formatVersion: 1 })
    // The journal is folded in: every command so far, the generator and the undo history.
    expect(file.document.journalSeq).toBe(13)
    expect(Object.values(file.document.records).map((r) => r.typeName)).toEqual(
      expect.arrayContaining(['rng', 'history', 'content', 'combatant', 'encounter', 'log', 'scene', 'areaMark']),
    )
    expect(Object.values(file.document.records).filter((r) => r.typeName === 'areaMark')).toEqual([
      expect.objectContaining({ label: 'Grenade', radius: 3, x: 6, y: 4, hidden: false }),
      expect.objectContaining({ label: 'Mine', radius: 1.5, hidden: true }),
    ])

    const b = await startCore()
    expect(campaignDirs(b.dataDir)).toEqual([])
    const imported = await b.gm.must('importCampaign', { fileName: exported.fileName, text: exported.text })
    expect(imported.name).toBe('Night at Kessler Yard')
    expect((await b.gm.must('session', undefined)).campaign?.id).toBe(imported.id)
    expect(campaignDirs(b.dataDir)).toEqual([imported.id])
    const again = await b.gm.must('exportCampaign', undefined)
    expect(JSON.parse(again.text)).toEqual(file)
    // Byte for byte: the import goes on with the checked document, in the file's own key order.
    expect(again.text).toBe(exported.text)

    // It is a real campaign on disk: a restarted Salvo reopens it as it was.
    await b.core.shutdown()
    const b2 = await startCore(b.dataDir)
    expect(JSON.parse((await b2.gm.must('exportCampaign', undefined)).text)).toEqual(file)

    // Fed the same commands, the original and the copy roll the same dice and end up identical.
    await playOn(a.gm, a.vex, a.raider)
    await playOn(b2.gm, a.vex, a.raider)
    const original = JSON.parse((await a.gm.must('exportCampaign', undefined)).text) as typeof file
    const copy = JSON.parse((await b2.gm.must('exportCampaign', undefined)).text) as typeof file
    // The fight ended in playOn, so its log is in the file's archive of it, not among the records.
    type Logged = { typeName: string; seq: number; rolls: { faces: number[] }[] }
    const rolls = (f: typeof file & { logArchive?: Record<string, Logged[]> }) =>
      [...Object.values(f.document.records), ...Object.values(f.logArchive ?? {}).flat()]
        .filter((r): r is Logged => r.typeName === 'log')
        .sort((x, y) => x.seq - y.seq)
        .flatMap((l) => l.rolls.map((r) => r.faces.join(',')))
    expect(rolls(copy).length).toBeGreaterThan(rolls(file).length)
    expect(rolls(copy)).toEqual(rolls(original))
    expect(copy).toEqual(original)
  })

  it('imports an export of an older format through the migrations', async () => {
    const a = await startCore()
    await a.gm.must('createCampaign', { name: 'Old export', seed: 's', rulesetId: 'generic-d100' })
    await a.gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 40 })
    const file = JSON.parse((await a.gm.must('exportCampaign', undefined)).text) as {
      document: { schemaVersion: number; records: Record<string, Record<string, unknown>> }
    }
    file.document.schemaVersion = 1
    for (const r of Object.values(file.document.records)) {
      if (r['typeName'] === 'combatant') for (const k of ['conditions', 'spent', 'delayed', 'held', 'templateId']) delete r[k]
    }
    const b = await startCore()
    await b.gm.must('importCampaign', { fileName: 'old.json', text: JSON.stringify(file) })
    const snap = await b.gm.must('snapshot', undefined)
    expect(snap.records.find((r) => r.typeName === 'combatant')).toMatchObject({ name: 'Vex', delayed: false, conditions: [] })
  })

  it('gives the import a folder of its own even when the same file is imported twice', async () => {
    const a = await startCore()
    await a.gm.must('createCampaign', { name: 'Twice', seed: 's', rulesetId: 'generic-d100' })
    const exported = await a.gm.must('exportCampaign', undefined)
    const b = await startCore()
    const first = await b.gm.must('importCampaign', exported)
    const second = await b.gm.must('importCampaign', exported)
    expect(first.id).not.toBe(second.id)
    expect(campaignDirs(b.dataDir)).toEqual([first.id, second.id].sort())
  })
})

describe('importing a damaged file', () => {
  type FileJson = {
    format: string
    formatVersion: number
    document: { schemaVersion: number; records: Record<string, Record<string, unknown>> }
  }

  async function setUp() {
    const source = await playedCampaign()
    const good = await source.gm.must('exportCampaign', undefined)
    // The GM's own campaign, open in another data folder, that a bad import must not touch.
    const home = await startCore()
    await home.gm.must('createCampaign', { name: 'Home game', seed: 'home', rulesetId: 'compound-x' })
    await home.gm.command('combatant/add', { name: 'Ossa', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
    const before = {
      dirs: campaignDirs(home.dataDir),
      session: (await home.gm.must('session', undefined)).campaign,
      export: (await home.gm.must('exportCampaign', undefined)).text,
    }
    const edit = (change: (f: FileJson) => void) => {
      const f = JSON.parse(good.text) as FileJson
      change(f)
      return JSON.stringify(f, null, 1)
    }
    const combatantKey = (f: FileJson) => Object.keys(f.document.records).find((k) => f.document.records[k]!['typeName'] === 'combatant')!
    return { good, home, before, edit, combatantKey, source }
  }

  const cases: [string, (s: Awaited<ReturnType<typeof setUp>>) => string, string, RegExp][] = [
    [
      'truncated JSON',
      (s) => s.good.text.slice(0, Math.floor(s.good.text.length / 2)),
      'import/truncated',
      /^night\.json is cut off at line \d+, column \d+: the text ends (inside|where) .*\. The file was probably not saved or copied completely\.$/,
    ],
    [
      'not JSON at all',
      () => 'Vex 110/110, Raider down\n',
      'import/notJson',
      /^night\.json is not valid JSON: line 1, column 1: unexpected "V" where a value should be\.$/,
    ],
    [
      'a stray character mid-file',
      (s) => s.good.text.replace('"rng": {"typeName":"rng","id":"rng","seed":', '"rng": {"typeName":"rng","id":"rng","seed";'),
      'import/notJson',
      /^night\.json is not valid JSON: line \d+, column 43: unexpected ";" where ":" after the property name should be\.$/,
    ],
    [
      'the wrong format marker',
      (s) => s.edit((f) => (f.format = 'salvo-items')),
      'import/notCampaign',
      /no "format": "salvo-campaign" marker \(its "format" is "salvo-items"\)/,
    ],
    ['an item file', () => JSON.stringify(homebrew), 'import/notCampaign', /It looks like a campaign item file/],
    [
      'a record with a bad field',
      (s) => s.edit((f) => (f.document.records[s.combatantKey(f)]!['hp'] = 'lots')),
      'import/invalid',
      /^night\.json: document › records › combatant:[\w-]+ › hp: .*expected number/,
    ],
    [
      'a bad record in the undo history',
      (s) =>
        s.edit((f) => {
          const h = f.document.records['history'] as { undo: { changes: { to: Record<string, unknown> | null }[] }[] }
          const change = h.undo.flatMap((m) => m.changes).find((c) => c.to?.['typeName'] === 'combatant')!
          change.to!['side'] = 'martians'
        }),
      'import/invalid',
      /document › records › history › undo › \d+ › changes › \d+ › to › side/,
    ],
    [
      'a broken area template',
      (s) =>
        s.edit((f) => {
          const mark = Object.values(f.document.records).find((r) => r['typeName'] === 'areaMark')!
          mark['radius'] = 'big'
        }),
      'import/invalid',
      /^night\.json: document › records › areaMark:[\w-]+ › radius: .*expected number/,
    ],
    [
      'sheet data the ruleset refuses',
      (s) => s.edit((f) => ((f.document.records[s.combatantKey(f)]!['rules'] as { stats: { str: number } }).stats.str = 99)),
      'import/invalid',
      /document › records › combatant:[\w-]+ › rules: Compound X sheet: stats\.str/,
    ],
    [
      'a newer schema version',
      (s) => s.edit((f) => (f.document.schemaVersion = 3)),
      'import/tooNew',
      /holds a campaign in format 3, newer than this Salvo understands \(2\)/,
    ],
    [
      'a newer file format',
      (s) => s.edit((f) => (f.formatVersion = 2)),
      'import/tooNew',
      /written by a newer Salvo \(file format 2; this one reads up to 1\)/,
    ],
    [
      'an oversized file',
      () => ' '.repeat(MAX_CAMPAIGN_FILE_BYTES + 1024 * 1024),
      'import/tooLarge',
      /^night\.json is 129 MB; a campaign file can be at most 128 MB\.$/,
    ],
    [
      'an unknown ruleset',
      (s) => s.edit((f) => (f.document.records['campaign']!['rulesetId'] = 'd20-fantasy')),
      'import/unknownRuleset',
      /^night\.json is a campaign for the ruleset "d20-fantasy", which this version of Salvo does not have\.$/,
    ],
    ['an empty file', () => '', 'import/empty', /^night\.json is empty\.$/],
  ]

  it.each(cases)('%s: names the problem, creates nothing and leaves the open campaign as it was', async (_what, make, code, message) => {
    const s = await setUp()
    const r = await s.home.gm.request('importCampaign', { fileName: 'night.json', text: make(s) })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe(code)
    expect(r.error.message).toMatch(message)
    expect(campaignDirs(s.home.dataDir)).toEqual(s.before.dirs)
    expect((await s.home.gm.must('session', undefined)).campaign).toEqual({ ...s.before.session, updatedAt: expect.any(String) })
    expect((await s.home.gm.must('exportCampaign', undefined)).text).toBe(s.before.export)
    // The windows were never told to drop what they show.
    expect(s.home.gm.messages.filter((m) => m.kind === 'snapshot')).toHaveLength(1)
  })

  it('is refused to the player window, like export and the backups', async () => {
    const s = await setUp()
    const player = attachWindow(s.home.core, 'player')
    for (const [name, input] of [
      ['importCampaign', s.good],
      ['exportCampaign', undefined],
      ['listBackups', undefined],
    ] as const) {
      const r = await player.request(name, input as never)
      expect(!r.ok && r.error.code, name).toBe('request/forbidden')
    }
    expect(campaignDirs(s.home.dataDir)).toEqual(s.before.dirs)
  })
})

describe('the export file', () => {
  it('puts one record on a line, so the line an import error names is the record it is in', async () => {
    const a = await startCore()
    await a.gm.must('createCampaign', { name: 'Lines', seed: 's', rulesetId: 'generic-d100' })
    await a.gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 40 })
    const { text } = await a.gm.must('exportCampaign', undefined)
    const lines = text.split('\n')
    const rng = lines.findIndex((l) => l.startsWith('"rng": {'))
    expect(rng).toBeGreaterThan(0)
    lines[rng] = lines[rng]!.replace('"seed":', '"seed" ')
    const r = await a.gm.request('importCampaign', { fileName: 'lines.json', text: lines.join('\n') })
    expect(!r.ok && r.error.message).toMatch(new RegExp(`^lines\\.json is not valid JSON: line ${rng + 1}, column \\d+: `))
  })

  it('holds no time of export or folder id, so exporting twice gives the same bytes', async () => {
    const a = await startCore()
    const created = await a.gm.must('createCampaign', { name: 'Stable', seed: 's', rulesetId: 'generic-d100' })
    const one = await a.gm.must('exportCampaign', undefined)
    const two = await a.gm.must('exportCampaign', undefined)
    expect(two.text).toBe(one.text)
    expect(one.text).not.toContain(created.id)
    // What the campaign folder holds after compaction is the same document.
    await a.core.shutdown()
    const onDisk = JSON.parse(readFileSync(join(a.dataDir, 'campaigns', created.id, 'campaign.json'), 'utf8')) as unknown
    expect((JSON.parse(one.text) as { document: unknown }).document).toEqual(onDisk)
  })
})
