import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_SCENE_IMAGE_BYTES, PORTRAIT_LIMITS } from '../../../src-shared/scene-assets'
import { envelope, fuzzFixture, type FuzzFixture } from '../../support/fuzz-fixture'
import { campaignFileDamage, itemFileDamage } from '../../support/fuzz-import'
import { allRefused, CASES, type FuzzCase } from '../../support/fuzz-run'
import { makePng } from '../helpers/images'

/**
 * The two imports, fed damaged files through the real core: a campaign file (importCampaign)
 * made from the fixture's own export, and Compound X item files (content/import) made from
 * the shipped pack's section files. Each must be refused with a typed error naming the
 * problem, with no campaign folder made, the open campaign as it was and no window told
 * anything. Oversized images (a scene's and a portrait) are cases here too; the image tests
 * (tests/unit/core/scene-image.test.ts, portraits.test.ts) hold the rest of their refusals.
 */

const PACK = join('resources', 'content-packs', 'compound-x')
const packFiles = (JSON.parse(readFileSync(join(PACK, 'pack.json'), 'utf8')) as { files: string[] }).files.map((name) => ({ name, text: readFileSync(join(PACK, name), 'utf8') }))

let f: FuzzFixture
let exported: string
beforeAll(async () => {
  f = await fuzzFixture()
  exported = (await f.gm.must('exportCampaign', undefined)).text
}, 60_000)
afterAll(async () => f?.close())

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
      return { what, send: () => f.gm.request('importCampaign', { fileName: 'night.json', text }), code: /^import\//, message: /^night\.json/ }
    }
    expect(await allRefused(f, 'campaign-file', CASES, make)).toEqual([])
  }, 120_000)

  it.each([
    ['a record given twice', (t: string) => t.replace(/^("combatant:[^"]+": \{.*),$/m, '$1,\n$1,'), /^night\.json: line \d+, column 1: the key "combatant:[\w-]+" appears twice in one object\.$/],
    ['a "__proto__" key', (t: string) => t.replace('"typeName":"scene",', '"__proto__":{"polluted":true},"typeName":"scene",'), /^night\.json: line \d+, column \d+: a "__proto__" key, which no Salvo file has\.$/],
    ['rules nested 5,000 deep', (t: string) => t.replace('"rules":{"stats"', `"rules":{"deep":${'['.repeat(5000)}${']'.repeat(5000)},"stats"`), /^night\.json: line \d+, column \d+: the data nests deeper than 100 levels\.$/],
  ])('%s is named, with its line', async (_what, edit, message) => {
    const text = edit(exported)
    expect(text).not.toBe(exported)
    const failures = await allRefused(f, 'named', 1, () => ({ what: _what, send: () => f.gm.request('importCampaign', { fileName: 'night.json', text }), code: 'import/invalid', message }))
    expect(failures).toEqual([])
  })
})

describe('damaged Compound X item files', () => {
  it('are made from the shipped files, which import (into another campaign)', async () => {
    const other = await fuzzFixture()
    try {
      for (const file of packFiles) expect((await other.gm.request('dispatch', envelope('content/import', { fileName: file.name, text: file.text }))).ok, file.name).toBe(true)
    } finally {
      await other.close()
    }
  }, 60_000)

  it(`${CASES} of them: each refused, naming the file, and the campaign unchanged`, async () => {
    const damage = itemFileDamage(packFiles)
    const make = (rng: () => number): FuzzCase => {
      const { fileName, text, what } = damage(rng)
      return { what, send: () => f.gm.request('dispatch', envelope('content/import', { fileName, text })), code: /^content\/(invalid|empty)$/, message: new RegExp(`^${fileName.replace('.', '\\.')}`) }
    }
    expect(await allRefused(f, 'item-file', CASES, make)).toEqual([])
  }, 120_000)
})

describe('oversized images', () => {
  it('a scene image over 25 MB and a portrait over 5 MB are refused by size, and nothing is stored', async () => {
    const big = (limit: number, extra: number) => Buffer.concat([makePng(64, 64, extra), Buffer.alloc(limit + extra)]).toString('base64')
    const cases: FuzzCase[] = [
      { what: 'scene image', send: () => f.gm.request('importSceneImage', { sceneId: f.ids.yard as `scene:${string}`, fileName: 'huge.png', dataBase64: big(MAX_SCENE_IMAGE_BYTES, 1) }), code: 'image/tooLarge', message: /^huge\.png is 25(\.\d)? MB; a scene image can be at most 25 MB\./ },
      { what: 'portrait', send: () => f.gm.request('importPortrait', { combatantId: f.ids.vex as `combatant:${string}`, fileName: 'face.png', dataBase64: big(PORTRAIT_LIMITS.bytes, 300_000) }), code: 'image/tooLarge', message: /^face\.png is 5\.\d MB; a portrait can be at most 5 MB\./ },
    ]
    expect(await allRefused(f, 'oversized', cases.length, (_rng, i) => cases[i]!)).toEqual([])
  })
})
