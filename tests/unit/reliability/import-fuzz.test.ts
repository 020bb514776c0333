import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import seedrandom from 'seedrandom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_SCENE_IMAGE_BYTES, PORTRAIT_LIMITS } from '../../../src-shared/scene-assets'
import { envelope, fuzzFixture, type FuzzFixture } from '../../support/fuzz-fixture'
import {
  acceptedDocumentProblems,
  campaignFileDamage,
  campaignFileExtras,
  itemFileDamage,
  justPastTheBounds,
  numbersAtTheirEdges,
  numbersPastTheirEdges,
  valueAt,
  type Depth,
} from '../../support/fuzz-import'
import { allRefused, CASES, STRESS, type FuzzCase } from '../../support/fuzz-run'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { makePng } from '../helpers/images'

/**
 * The two imports, fed damaged files through the real core: a campaign file (importCampaign)
 * made from the fixture's own export, and Compound X item files (content/import) made from
 * the shipped pack's section files. Each must be refused with a typed error naming the
 * problem, with no campaign folder made, the open campaign as it was and no window told
 * anything. Oversized images (a scene's and a portrait) are cases here too; the image tests
 * (tests/unit/core/scene-image.test.ts, portraits.test.ts) hold the rest of their refusals.
 * What an import takes is held to the document's bounds too: campaign files carrying fields no
 * Salvo writes are taken without them, and nothing taken is longer than the schema allows.
 */

const PACK = join('resources', 'content-packs', 'compound-x')
const packFiles = (JSON.parse(readFileSync(join(PACK, 'pack.json'), 'utf8')) as { files: string[] }).files.map((name) => ({
  name,
  text: readFileSync(join(PACK, name), 'utf8'),
}))

let f: FuzzFixture
let exported: string
beforeAll(async () => {
  f = await fuzzFixture()
  await fillBoundedFields(f)
  f.expected = await f.state()
  exported = (await f.gm.must('exportCampaign', undefined)).text
}, 60_000)

/** Gives the fixture's fields it leaves empty a value (a faction, tags, fog, a log entry's working), so the damage reaches them. */
async function fillBoundedFields(fx: FuzzFixture) {
  const must = async (type: string, payload: unknown) => {
    const r = await fx.gm.request('dispatch', envelope(type, payload))
    if (!r.ok) throw new Error(`${type}: ${r.error.message}`)
  }
  await must('template/save', {
    templateId: fx.ids.template,
    name: 'Raider template',
    side: 'enemy',
    kind: 'npc',
    maxHp: 30,
    faction: 'Red Hand',
    tags: ['raiders', 'armed'],
  })
  await must('dice/roll', { expression: '3d10', purpose: 'Scatter' })
  await must('fog/reveal', { sceneId: fx.ids.yard, rect: { x: 1, y: 1, w: 4, h: 3 } })
  await must('projector/set', { view: { x: 2, y: 2, w: 12, h: 9 }, ribbonNext: 3 })
  // (Compound X has no ruleset settings: campaign.rulesetSettings is left to the schema's own test, document-bounds.test.ts.)
  // An attack writes a log entry with its working (detail sections and lines).
  const base = {
    attackerId: fx.ids.vex as `combatant:${string}`,
    targetId: fx.ids.raider as `combatant:${string}`,
    weapon: 0,
    mode: '',
    options: {},
  }
  const preview = await fx.gm.must('previewAttack', { request: base })
  const weapon = preview.weapons[0]!
  await must('attack/resolve', { request: { ...base, weapon: weapon.index, mode: weapon.modes[0]! } })
}
afterAll(async () => f?.close())

/** The fields a set of cases reaches must include these. */
function expectToReach(cases: readonly { field: string }[], fields: readonly string[]) {
  const reached = new Set(cases.map((c) => c.field))
  for (const field of fields) expect(reached, field).toContain(field)
}

/** Each case's file sent to the campaign import, which must refuse it as invalid in words `message` matches. */
const importsRefused = (seed: string, cases: readonly { text: string; what: string }[], message: RegExp) =>
  allRefused(f, seed, cases.length, (_rng, i) => ({
    what: cases[i]!.what,
    send: () => f.gm.request('importCampaign', { fileName: 'night.json', text: cases[i]!.text }),
    code: 'import/invalid',
    message,
  }))

describe('damaged campaign files', () => {
  it('are made from a file that imports (into another data folder)', async () => {
    const other = await fuzzFixture()
    try {
      expect((await other.gm.request('importCampaign', { fileName: 'fuzz.json', text: exported })).ok).toBe(true)
    } finally {
      await other.close()
    }
  }, 60_000)

  it(`${CASES} of them: each refused, naming the file, and nothing made or changed`, async () => {
    const damage = campaignFileDamage(exported)
    const make = (rng: () => number): FuzzCase => {
      const { text, what } = damage(rng)
      return {
        what,
        send: () => f.gm.request('importCampaign', { fileName: 'night.json', text }),
        code: /^import\//,
        message: /^night\.json/,
      }
    }
    expect(await allRefused(f, 'campaign-file', CASES, make)).toEqual([])
  }, 120_000)

  it('each bounded field one past its bound (a character, an entry, a level) is refused, naming the field and the bound', async () => {
    const cases = justPastTheBounds(exported)
    // Every field the GM types, and the engine's own, where the fixture's file has one.
    expectToReach(cases, [
      'campaign.name',
      'campaign.rulesetId',
      'campaign.createdAt',
      'rng.seed',
      'combatant.id',
      'combatant.name',
      'combatant.conditions[].note',
      'combatant.conditions[].label',
      'combatant.conditions',
      'combatant.held.trigger',
      'combatant.rules',
      'combatant.spent.*',
      'combatant.initiative.roll.faces',
      'combatant.initiative.roll.purpose',
      'combatant.portrait.fileName',
      'template.name',
      'template.faction',
      'template.tags',
      'template.tags[]',
      'plan.name',
      'plan.entries',
      'scene.name',
      'scene.fog.steps',
      'scene.image.fileName',
      'encounter.name',
      'areaMark.label',
      'content.name',
      'content.itemId',
      'content.entry',
      'log.text',
      'log.rolls',
      'log.subjects',
      'log.commandId',
      'log.detail',
      'log.detail[].title',
      'log.detail[].lines',
      'log.detail[].lines[].label',
      'log.detail[].lines[].value',
      'log.detail[].total',
      'history.undo',
      'history.undo[].label',
      'history.undo[].changes[].to(combatant).name',
      'history.undo[].changes[].from(combatant).rules',
      '*',
    ])
    const bounded =
      /^night\.json: document › .+: (its key )?(is [\d,]+ characters long; it may be at most [\d,]+|has [\d,]+ entries; it may have at most [\d,]+|must be JSON of at most [\d,]+ characters and \d+ levels)\.$/
    expect(await importsRefused('just-past', cases, bounded)).toEqual([])
  }, 120_000)

  it('each number past its edges (one past either end, far past, a fraction where it is whole) is refused, naming the field and its range', async () => {
    const cases = numbersPastTheirEdges(exported)
    // Every counter, sum and position the fixture's file has, live and in an undo mark.
    expectToReach(cases, [
      'journalSeq',
      'rng.state.c',
      'rng.state.s0',
      'log.seq',
      'log.round',
      'log.rolls[].faces[]',
      'combatant.hp',
      'combatant.maxHp',
      'combatant.initiativeModifier',
      'combatant.initiative.total',
      'combatant.orderKey',
      'combatant.spent.*',
      'combatant.held.amount',
      'combatant.portrait.width',
      'combatant.conditions[].stacks',
      'combatant.conditions[].duration.endsRound',
      'encounter.round',
      'encounter.turnAnchor',
      'story.told',
      'story.lines[].n',
      'story.fight.gm.rows[].taken',
      'story.fight.gm.biggest.amount',
      'plan.entries[].count',
      'scene.image.width',
      'scene.grid.cellPx',
      'scene.fog.steps[].rect.w',
      'token.x',
      'areaMark.radius',
      'history.undo[].changes[].to(combatant).hp',
      'history.undo[].changes[].from(rng).state.s2',
    ])
    expect(new Set(cases.map((c) => c.what.replace(/^.*: | \(.*$/g, '')))).toEqual(
      new Set([
        'one past its maximum',
        'far above its maximum',
        'one past its minimum',
        'negative where it may not be',
        'far below its minimum',
        'not a whole number',
      ]),
    )
    const ranged =
      /^night\.json: document › .+: is \S+; it must be a (whole )?number (from|above|at least) \S+ (to|and at most|and below) \S+\.$/
    expect(await importsRefused('numbers-past', cases, ranged)).toEqual([])
  }, 120_000)

  it.each([
    ['its maximum', 'max'],
    ['its minimum, -0 for a 0', 'min'],
  ] as const)(
    'every number at %s imports, and the campaign opens again after a restart holding it',
    async (_what, end) => {
      const { core, dataDir, gm } = await startCore()
      const { text, values } = numbersAtTheirEdges(exported, end)
      expect(values.length).toBeGreaterThan(100)
      const taken = await gm.must('importCampaign', { fileName: 'edges.json', text })
      await core.shutdown()
      const again = await startCore({ dataDir })
      const session = await again.gm.must('session', undefined)
      expect(session.problem).toBeNull()
      expect(session.campaign?.id).toBe(taken.id)
      const document = (JSON.parse((await again.gm.must('exportCampaign', undefined)).text) as { document: unknown }).document
      expect(acceptedDocumentProblems(document)).toEqual([])
      // -0 is read as the 0 it is equal to (JSON.stringify writes it so).
      const differ = values.filter(([path, v]) => !Object.is(valueAt(document, path), v === 0 ? 0 : v))
      expect(differ.map(([path, v]) => `${path.join('.')}: ${v} → ${String(valueAt(document, path))}`)).toEqual([])
      // At its maximum the journal is full, and says so. (At its minimum the journal starts again under a
      // log naming later commands, so the next command's ids would repeat theirs: not a question of bounds.)
      if (end === 'max') {
        const roll = await again.gm.request('dispatch', {
          type: 'dice/roll',
          payload: { expression: 'd6' },
          meta: { commandId: 'edge-roll' },
        })
        expect(!roll.ok && roll.error.code).toBe('campaign/journalFull')
      }
    },
    60_000,
  )

  it.each([
    [
      'a record given twice',
      (t: string) => t.replace(/^("combatant:[^"]+": \{.*),$/m, '$1,\n$1,'),
      /^night\.json: line \d+, column 1: the key "combatant:[\w-]+" appears twice in one object\.$/,
    ],
    [
      'a "__proto__" key',
      (t: string) => t.replace('"typeName":"scene",', '"__proto__":{"polluted":true},"typeName":"scene",'),
      /^night\.json: line \d+, column \d+: a "__proto__" key, which no Salvo file has\.$/,
    ],
    [
      'rules nested 5,000 deep',
      (t: string) => t.replace('"rules":{"stats"', `"rules":{"deep":${'['.repeat(5000)}${']'.repeat(5000)},"stats"`),
      /^night\.json: line \d+, column \d+: the data nests deeper than 100 levels\.$/,
    ],
  ])('%s is named, with its line', async (_what, edit, message) => {
    const text = edit(exported)
    expect(text).not.toBe(exported)
    const failures = await allRefused(f, 'named', 1, () => ({
      what: _what,
      send: () => f.gm.request('importCampaign', { fileName: 'night.json', text }),
      code: 'import/invalid',
      message,
    }))
    expect(failures).toEqual([])
  })
})

const startCore = coresForTests()
const EXTRA_CASES = STRESS ? 1000 : 100

describe('campaign files with fields no Salvo writes', () => {
  it(`${EXTRA_CASES} of them, the fields at every depth: each imported without them, and what it holds within the document's bounds`, async () => {
    const { core, gm } = await startCore()
    const player = attachWindow(core, 'player')
    await gm.must('createCampaign', { name: 'Host', seed: 'host', rulesetId: 'compound-x' })
    const extras = campaignFileExtras(exported)
    const rng = seedrandom('extras')
    const failures: string[] = []
    const depths = new Set<Depth>()
    for (let i = 0; i < EXTRA_CASES && failures.length < 10; i++) {
      const { text, what, marker, depths: at } = extras(rng)
      const seen = [gm.messages.length, player.messages.length]
      const where = `extras #${i}: ${what}`
      const imported = await gm.request('importCampaign', { fileName: 'extra.json', text })
      if (!imported.ok) {
        failures.push(`refused (${imported.error.message}) — ${where}`)
        continue
      }
      at.forEach((d) => depths.add(d))
      const again = (await gm.must('exportCampaign', undefined)).text
      const problems = acceptedDocumentProblems((JSON.parse(again) as { document: unknown }).document)
      if (again.includes(marker)) problems.push('the re-export holds a field no Salvo writes')
      const pushed = JSON.stringify([
        ...gm.messages.slice(seen[0]),
        ...player.messages.slice(seen[1]),
        await gm.must('snapshot', undefined),
        await player.must('snapshot', undefined),
      ])
      if (pushed.includes(marker)) problems.push('a window was sent a field no Salvo writes')
      failures.push(...problems.map((p) => `${p} — ${where}`))
    }
    expect(failures).toEqual([])
    expect([...depths].sort()).toEqual(['document', 'in an undo mark', 'inside a record', 'record'])
  }, 120_000)
})

describe('damaged Compound X item files', () => {
  it('are made from the shipped files, which import (into another campaign)', async () => {
    const other = await fuzzFixture()
    try {
      for (const file of packFiles)
        expect(
          (await other.gm.request('dispatch', envelope('content/import', { fileName: file.name, text: file.text }))).ok,
          file.name,
        ).toBe(true)
    } finally {
      await other.close()
    }
  }, 60_000)

  it(`${CASES} of them: each refused, naming the file, and the campaign unchanged`, async () => {
    const damage = itemFileDamage(packFiles)
    const make = (rng: () => number): FuzzCase => {
      const { fileName, text, what } = damage(rng)
      return {
        what,
        send: () => f.gm.request('dispatch', envelope('content/import', { fileName, text })),
        code: /^content\/(invalid|empty)$/,
        message: new RegExp(`^${fileName.replace('.', '\\.')}`),
      }
    }
    expect(await allRefused(f, 'item-file', CASES, make)).toEqual([])
  }, 120_000)
})

describe('oversized images', () => {
  it('a scene image over 25 MB and a portrait over 5 MB are refused by size, and nothing is stored', async () => {
    const big = (limit: number, extra: number) => Buffer.concat([makePng(64, 64, extra), Buffer.alloc(limit + extra)]).toString('base64')
    const cases: FuzzCase[] = [
      {
        what: 'scene image',
        send: () =>
          f.gm.request('importSceneImage', {
            sceneId: f.ids.yard as `scene:${string}`,
            fileName: 'huge.png',
            dataBase64: big(MAX_SCENE_IMAGE_BYTES, 1),
          }),
        code: 'image/tooLarge',
        message: /^huge\.png is 25(\.\d)? MB; a scene image can be at most 25 MB\./,
      },
      {
        what: 'portrait',
        send: () =>
          f.gm.request('importPortrait', {
            combatantId: f.ids.vex as `combatant:${string}`,
            fileName: 'face.png',
            dataBase64: big(PORTRAIT_LIMITS.bytes, 300_000),
          }),
        code: 'image/tooLarge',
        message: /^face\.png is 5\.\d MB; a portrait can be at most 5 MB\./,
      },
    ]
    expect(await allRefused(f, 'oversized', cases.length, (_rng, i) => cases[i]!)).toEqual([])
  })
})
