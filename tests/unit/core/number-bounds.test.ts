import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crc32Hex } from '../../../src-main/core/persistence/crc32'
import { documentProblem, documentSchema } from '../../../src-main/core/persistence/document-schema'
import { commandPayloadSchemas, type CommandType } from '../../../src-shared/commands'
import { MAP, NUMBERS, SAFE_HEADROOM, TYPED_NUMBERS } from '../../../src-shared/limits'
import { MAX_SCENE_IMAGE_SIDE } from '../../../src-shared/scene-assets'
import { boundsOf } from '../../support/fuzz-mutate'
import { CampaignHarness } from '../helpers/campaign-harness'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { documentWith, storedScene as scene } from '../helpers/stored-documents'

/**
 * Issue 30: a campaign file with `journalSeq` 9007199254740991 imported, opened and took commands,
 * then never opened again ("journalSeq: Too big"). Every number a document holds now has a bound
 * far below 2^53; a campaign at a bound opens, takes what fits and reopens; a command that would
 * pass a bound is refused before anything is journaled.
 */

const startCore = coresForTests()
type CampaignFile = { document: { journalSeq: number; records: Record<string, Record<string, unknown>> } }
type Gm = Awaited<ReturnType<typeof startCore>>['gm']

const campaignDirs = (dataDir: string) => readdirSync(join(dataDir, 'campaigns')).sort()
const journalOf = (dataDir: string, id: string) => join(dataDir, 'campaigns', id, 'journal.log')

/** A generic-d100 campaign with Vex and a raider, exported and edited, imported into the same core; its id. */
async function imported(gm: Gm, edit: (file: CampaignFile) => void, setup: (gm: Gm) => Promise<void> = async () => {}) {
  await gm.must('createCampaign', { name: 'Long', seed: 'long', rulesetId: 'generic-d100' })
  await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 10 })
  await gm.command('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 10 })
  await setup(gm)
  const file = JSON.parse((await gm.must('exportCampaign', undefined)).text) as CampaignFile
  edit(file)
  return (await gm.must('importCampaign', { fileName: 'long.json', text: JSON.stringify(file) })).id
}

const recordOf = (file: CampaignFile, typeName: string) => Object.values(file.document.records).find((r) => r['typeName'] === typeName)!

/** The core restarted on the same data folder, which must open campaign `id` again; a window with fresh command ids. */
async function reopened(core: { shutdown(): Promise<void> }, dataDir: string, id: string) {
  await core.shutdown()
  const again = await startCore({ dataDir })
  const session = await again.gm.must('session', undefined)
  expect(session.problem).toBeNull()
  expect(session.campaign?.id).toBe(id)
  return attachWindow(again.core, 'gm', 'after')
}

let refusals = 0
/** Sends a command that must be refused, and checks the journal did not grow; the refusal. */
async function refused(w: ReturnType<typeof attachWindow>, journal: string, type: CommandType, payload: unknown) {
  const size = statSync(journal).size
  const r = await w.request('dispatch', { type, payload, meta: { commandId: `refused-${++refusals}` } } as never)
  expect(statSync(journal).size).toBe(size)
  return r.ok ? null : r.error
}

describe('the numbers of a campaign document', () => {
  it('each has a bound, and every bound leaves room for a thousand-fold sum below 2^53', () => {
    const bounds = boundsOf(documentSchema)
    expect(bounds.unbounded).toEqual([])
    expect(bounds.largestNumber * SAFE_HEADROOM).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER)
    for (const [name, n] of Object.entries(NUMBERS)) expect(n * SAFE_HEADROOM, name).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER)
  })

  // What only a command writes: the command and the document take the same bound, and neither takes past it.
  const typed: [string, number, [CommandType, (n: number) => unknown], (n: number) => Record<string, unknown>][] = [
    [
      "a roster entry's initiative modifier",
      TYPED_NUMBERS.initiativeModifier,
      ['template/save', (n) => ({ name: 'R', side: 'enemy', kind: 'npc', maxHp: 5, initiativeModifier: n })],
      (n) => ({
        typeName: 'template',
        id: 'template:t',
        name: 'R',
        side: 'enemy',
        kind: 'npc',
        maxHp: 5,
        initiativeModifier: n,
        rules: null,
        faction: '',
        tags: [],
      }),
    ],
    [
      "a token's place",
      MAP.metres,
      ['token/place', (n) => ({ sceneId: 'scene:s1', combatantId: 'combatant:c', x: n, y: -n })],
      (n) => ({ typeName: 'token', id: 'token:t', sceneId: 'scene:s1', combatantId: 'combatant:c', x: n, y: -n }),
    ],
    [
      "an area template's radius",
      MAP.areaRadius.max,
      ['area/place', (n) => ({ sceneId: 'scene:s1', x: 0, y: 0, radius: n })],
      (n) => ({ typeName: 'areaMark', id: 'areaMark:a', sceneId: 'scene:s1', x: 0, y: 0, radius: n, label: '', hidden: false }),
    ],
    [
      "a fog rectangle's width",
      MAP.span,
      ['fog/reveal', (n) => ({ sceneId: 'scene:s1', rect: { x: 0, y: 0, w: n, h: 1 } })],
      (n) => ({
        ...scene,
        fog: { mode: 'areas', steps: [{ op: 'reveal', rect: { x: 0, y: 0, w: n, h: 1 } }] },
      }),
    ],
    [
      'a grid cell',
      MAP.cellPx.max,
      ['scene/update', (n) => ({ sceneId: 'scene:s1', grid: { kind: 'square', cellPx: n, metresPerCell: 1 } })],
      (n) => ({ ...scene, grid: { kind: 'square', cellPx: n, metresPerCell: 1, offsetX: 0, offsetY: 0 } }),
    ],
    [
      "a picture's side",
      MAX_SCENE_IMAGE_SIDE,
      ['scene/setImage', (n) => ({ sceneId: 'scene:s1', image: { ...scene.image, width: n } })],
      (n) => ({ ...scene, image: { ...scene.image, width: n } }),
    ],
    [
      "the projector's frame",
      MAP.span,
      ['projector/set', (n) => ({ view: { x: 0, y: 0, w: n, h: 1 } })],
      (n) => ({ typeName: 'projector', id: 'projector', mode: 'fixed', view: { x: 0, y: 0, w: n, h: 1 }, blank: false }),
    ],
    [
      "a ruleset setting's number",
      TYPED_NUMBERS.settingNumber,
      ['campaign/setRulesetSetting', (n) => ({ key: 'k', value: n })],
      (n) => ({ ...documentWith().records.campaign, rulesetSettings: { k: n } }),
    ],
  ]
  it.each(typed)('%s: the command and the document both take %s, and neither takes past it', (_what, bound, [type, payload], record) => {
    const past = Number.isInteger(bound) ? bound + 1 : bound + 0.01
    expect(commandPayloadSchemas[type].safeParse(payload(bound)).success, `${type} at ${bound}`).toBe(true)
    expect(commandPayloadSchemas[type].safeParse(payload(past)).success, `${type} at ${past}`).toBe(false)
    expect(documentProblem(documentWith(record(bound)))).toBeNull()
    expect(documentProblem(documentWith(record(past)))).toMatch(
      new RegExp(`^records › \\S+ › .*: is ${past.toLocaleString('en')}; it must be`),
    )
  })

  it('what the GM types of health stays far inside what the document holds (damage goes on below zero)', () => {
    for (const type of ['combatant/setHp', 'combatant/adjustHp'] as const) {
      const key = type === 'combatant/setHp' ? 'hp' : 'delta'
      expect(commandPayloadSchemas[type].safeParse({ combatantId: 'combatant:c', [key]: -TYPED_NUMBERS.hp }).success).toBe(true)
      expect(commandPayloadSchemas[type].safeParse({ combatantId: 'combatant:c', [key]: 1e15 }).success).toBe(false)
    }
    expect(commandPayloadSchemas['combatant/damage'].safeParse({ combatantId: 'combatant:c', amount: 1e15, damageType: 'x' }).success).toBe(
      false,
    )
    expect(TYPED_NUMBERS.hp * 1000).toBeLessThanOrEqual(NUMBERS.hp)
  })

  it('refuses what JSON can write but no Salvo does, naming the field: 1e999 (Infinity), 1e308, 2^53, a fraction where a count goes', () => {
    for (const [value, shown] of [
      [Infinity, 'Infinity'],
      [1e308, '1e+308'],
      [2 ** 53, '9007199254740992'],
      [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
      [0.5, '0.5'],
    ] as const) {
      expect(documentProblem({ ...documentWith(), journalSeq: value })).toBe(
        `journalSeq: is ${shown}; it must be a whole number from 0 to 1,000,000,000`,
      )
    }
  })
})

describe('a campaign whose journal reaches its bound', () => {
  it('imported two short of it: takes two commands, refuses the third with the reason and nothing journaled, and reopens after a restart', async () => {
    const { core, dataDir, gm } = await startCore()
    const id = await imported(gm, (f) => (f.document.journalSeq = NUMBERS.journal - 2))
    const late = attachWindow(core, 'gm', 'late')
    const vex = (await late.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant' && r.name === 'Vex')!.id
    expect((await late.command('combatant/adjustHp', { combatantId: vex, delta: -3 })).version).toBe(NUMBERS.journal - 1)
    expect((await late.command('dice/roll', { expression: 'd20', purpose: 'Luck' })).version).toBe(NUMBERS.journal)

    const before = JSON.stringify((await late.must('snapshot', undefined)).records)
    const messages = late.messages.length
    for (const [type, payload] of [
      ['combatant/adjustHp', { combatantId: vex, delta: -1 }],
      ['history/undo', {}],
    ] as const) {
      expect(await refused(late, journalOf(dataDir, id), type, payload)).toEqual({
        code: 'campaign/journalFull',
        message:
          'This campaign has taken 1,000,000,000 commands, as many as its journal can number; nothing was changed. ' +
          'It still opens and exports as it is, but takes no more commands, and an exported copy would be just as full: to play on, start a new campaign.',
      })
    }
    expect(JSON.stringify((await late.must('snapshot', undefined)).records)).toBe(before)
    expect(late.messages.length).toBe(messages)

    const again = await reopened(core, dataDir, id)
    expect(JSON.stringify((await again.must('snapshot', undefined)).records)).toBe(before)
    const file = JSON.parse((await again.must('exportCampaign', undefined)).text) as CampaignFile
    expect(file.document.journalSeq).toBe(NUMBERS.journal)
    expect(documentProblem(file.document)).toBeNull()
    expect((await refused(again, journalOf(dataDir, id), 'dice/roll', { expression: 'd6' }))?.code).toBe('campaign/journalFull')
  })

  it.each([
    [NUMBERS.journal + 1, '1,000,000,001'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('imported at %i: refused, naming journalSeq and its bound, and nothing made', async (journalSeq, shown) => {
    const { dataDir, gm } = await startCore()
    await gm.must('createCampaign', { name: 'Crafted', seed: 'c', rulesetId: 'generic-d100' })
    const file = JSON.parse((await gm.must('exportCampaign', undefined)).text) as CampaignFile
    file.document.journalSeq = journalSeq
    const dirs = campaignDirs(dataDir)
    const r = await gm.request('importCampaign', { fileName: 'crafted.json', text: JSON.stringify(file) })
    expect(!r.ok && r.error).toEqual({
      code: 'import/invalid',
      message: `crafted.json: document › journalSeq: is ${shown}; it must be a whole number from 0 to 1,000,000,000.`,
    })
    expect(campaignDirs(dataDir)).toEqual(dirs)
  })
})

describe("a campaign's other counters at their bounds", () => {
  it('a fight a round short of the last: it goes into the last round and through it, the round after is refused, and the campaign reopens', async () => {
    const { core, dataDir, gm } = await startCore()
    const id = await imported(
      gm,
      (f) => (recordOf(f, 'encounter')['round'] = NUMBERS.round - 1),
      async (g) => {
        await g.command('encounter/start', { name: 'Endless' })
        await g.command('encounter/rollInitiative', {})
      },
    )
    const late = attachWindow(core, 'gm', 'late')
    // Two in the order: the second's turn, then the first's in the last round, then the second's.
    for (let i = 0; i < 3; i++) await late.command('encounter/nextTurn', {})
    const encounter = (await late.must('snapshot', undefined)).records.find((r) => r.typeName === 'encounter')
    expect(encounter?.typeName === 'encounter' && encounter.round).toBe(NUMBERS.round)
    expect(await refused(late, journalOf(dataDir, id), 'encounter/nextTurn', {})).toEqual({
      code: 'encounter/lastRound',
      message:
        'This fight has reached round 1,000,000, the last a campaign counts; nothing was changed. End the encounter, and start another to fight on.',
    })
    // What the GM is told to do goes: the fight ends.
    await (await reopened(core, dataDir, id)).command('encounter/end', {})
  })

  it("the table's story at its count of facts: a command that tells one more is refused, naming the field, and nothing is journaled", async () => {
    const { core, dataDir, gm } = await startCore()
    const id = await imported(gm, (f) => {
      f.document.records['story'] = { typeName: 'story', id: 'story', told: NUMBERS.tally, lines: [], fight: null, ended: null }
    })
    const late = attachWindow(core, 'gm', 'late')
    expect(await refused(late, journalOf(dataDir, id), 'dice/roll', { expression: 'd20' })).toEqual({
      code: 'campaign/pastBounds',
      message:
        'That would write a number past what a campaign can hold (story › told: is 1,000,000,000,001; it must be a whole number from 0 to 1,000,000,000,000), ' +
        'and the campaign could not be opened again; nothing was changed.',
    })
    // A secret roll tells the table nothing, so it still goes.
    await late.command('dice/roll', { expression: 'd20', secret: true })
    await reopened(core, dataDir, id)
  })

  it('health at its floor: more damage is refused, naming the combatant and the field; the campaign reopens', async () => {
    const { core, dataDir, gm } = await startCore()
    const id = await imported(gm, (f) => {
      const vex = Object.values(f.document.records).find((r) => r['name'] === 'Vex')!
      vex['hp'] = -NUMBERS.hp + 5
    })
    const late = attachWindow(core, 'gm', 'late')
    const vex = (await late.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant' && r.name === 'Vex')!.id
    await late.command('combatant/adjustHp', { combatantId: vex, delta: -5 })
    const refusal = await refused(late, journalOf(dataDir, id), 'combatant/adjustHp', { combatantId: vex, delta: -1 })
    expect(refusal?.code).toBe('campaign/pastBounds')
    expect(refusal?.message).toContain(`(${vex} › hp: is -1,000,000,001; it must be a whole number from -1,000,000,000 to 1,000,000,000)`)
    const again = await reopened(core, dataDir, id)
    const hp = (await again.must('snapshot', undefined)).records.find((r) => r.id === vex)
    expect(hp && 'numbers' in hp && hp.numbers.kind === 'exact' && hp.numbers.hp).toBe(-NUMBERS.hp)
  })
})

describe('a journal holding what the app never writes', () => {
  /** A harness campaign whose journal's only entry is rewritten (its checksum made anew), and the document edited. */
  async function rewritten(
    editEntry: (entry: Record<string, unknown>) => void,
    editDocument: (doc: CampaignFile['document']) => void = () => {},
  ) {
    const h = await CampaignHarness.create()
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 10 })
    const line = readFileSync(h.campaign.paths.journal, 'utf8').trim()
    const entry = JSON.parse(line.slice(9)) as Record<string, unknown>
    editEntry(entry)
    const json = JSON.stringify(entry)
    writeFileSync(h.campaign.paths.journal, `${crc32Hex(json)} ${json}\n`)
    const doc = JSON.parse(readFileSync(h.campaign.paths.document, 'utf8')) as CampaignFile['document']
    editDocument(doc)
    writeFileSync(h.campaign.paths.document, JSON.stringify(doc))
    const bytes = [readFileSync(h.campaign.paths.journal), readFileSync(h.campaign.paths.document)]
    return { h, bytes }
  }

  it('an entry past the journal bound: the open is refused, naming the entry, and nothing is touched', async () => {
    const { h, bytes } = await rewritten(
      (e) => (e['seq'] = NUMBERS.journal + 1),
      (d) => (d.journalSeq = NUMBERS.journal),
    )
    const reopened = await h.reopen()
    expect(!reopened.ok && reopened.error).toMatchObject({
      code: 'campaign/journalCorrupt',
      message: expect.stringMatching(/journal\.log: entry 1000000001: it is past the most a journal numbers$/),
    })
    expect([readFileSync(h.campaign.paths.journal), readFileSync(h.campaign.paths.document)]).toEqual(bytes)
  })

  it('an entry writing a number past its bound: the open is refused, naming the entry and the field', async () => {
    const { h, bytes } = await rewritten((e) => {
      const added = (e['events'] as { type: string; record?: Record<string, unknown> }[]).find(
        (x) => x.record?.['typeName'] === 'combatant',
      )!
      added.record!['maxHp'] = 1e15
    })
    const reopened = await h.reopen()
    expect(!reopened.ok && reopened.error.code).toBe('campaign/journalCorrupt')
    expect(!reopened.ok && reopened.error.message).toMatch(
      /journal\.log: entry 1: it writes past what a campaign holds \(combatant:[\w-]+ › maxHp: is 1,000,000,000,000,000; it must be a whole number from 1 to 1,000,000,000\)$/,
    )
    expect([readFileSync(h.campaign.paths.journal), readFileSync(h.campaign.paths.document)]).toEqual(bytes)
  })
})
