import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CombatantView } from '../../../src-shared/views'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { GIF, makePng, makeWebpExtended } from '../helpers/images'

const startCore = coresForTests()
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

async function party() {
  const { core, gm, dataDir } = await startCore()
  const summary = await gm.must('createCampaign', { name: 'Faces', seed: 'faces' })
  await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
  await gm.command('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 20 })
  await gm.command('combatant/add', { name: 'Ghost', side: 'enemy', kind: 'npc', maxHp: 20, hidden: true })
  const views = async (w = gm) =>
    (await w.must('snapshot', undefined)).records.filter((r): r is CombatantView => r.typeName === 'combatant')
  const id = async (name: string) => (await views()).find((c) => c.name === name)!.id
  const send = async (name: string, bytes: Buffer, fileName = 'face.png') =>
    gm.request('importPortrait', { combatantId: await id(name), fileName, dataBase64: bytes.toString('base64') })
  const assetsDir = join(dataDir, 'campaigns', summary.id, 'assets')
  return { core, gm, views, id, send, assetsDir }
}

describe('portraits', () => {
  it('are stored like scene images, journaled and undoable, and reach the players only for combatants they may see', async () => {
    const p = await party()
    const face = makePng(64, 64, 1)
    const r = await p.send('Vex', face)
    expect(r).toEqual({ ok: true, value: { hash: sha(face), ext: 'png', width: 64, height: 64, fileName: 'face.png' } })
    expect(readdirSync(p.assetsDir)).toEqual([`${sha(face)}.png`])
    // The window gets the asset's name, not the GM's file name.
    expect((await p.views()).find((c) => c.name === 'Vex')!.portrait).toEqual({ hash: sha(face), ext: 'png' })
    expect((await p.gm.must('session', undefined)).undoLabel).toBe('Portrait of Vex')

    const ghostFace = makePng(32, 32, 2)
    expect((await p.send('Ghost', ghostFace, 'ghost.png')).ok).toBe(true)
    await p.send('Raider', makePng(32, 32, 3), 'raider.png')
    const player = attachWindow(p.core, 'player')
    const seen = await p.views(player)
    expect(seen.find((c) => c.name === 'Vex')!.portrait).toEqual({ hash: sha(face), ext: 'png' })
    expect(seen.find((c) => c.name === 'Raider')!.portrait?.ext).toBe('png')
    expect(JSON.stringify(seen)).not.toContain(sha(ghostFace))
    expect(JSON.stringify(seen)).not.toContain('face.png')

    await p.gm.command('history/undo', {})
    await p.gm.command('history/undo', {})
    expect((await p.views()).find((c) => c.name === 'Ghost')!.portrait).toBeUndefined()
    // Undo changes what the combatant points at; the file stays for redo.
    expect(readdirSync(p.assetsDir)).toHaveLength(3)
    await p.gm.command('combatant/setPortrait', { combatantId: await p.id('Vex'), image: null })
    expect((await p.views()).find((c) => c.name === 'Vex')!.portrait).toBeUndefined()
    expect(
      await p.gm.request('dispatch', {
        type: 'combatant/setPortrait',
        payload: { combatantId: await p.id('Vex'), image: null },
        meta: { commandId: 'again' },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'combatant/noChange', message: 'Vex has no portrait.' },
    })
  })

  it('refuses what is not a small PNG, JPEG or WebP, naming why, and writes nothing', async () => {
    const p = await party()
    const before = JSON.stringify(await p.views())
    const cases: [Buffer, string, string, RegExp][] = [
      [GIF, 'face.png', 'image/unsupported', /^face\.png is a GIF image; a portrait must be a PNG, JPEG or WebP\.$/],
      [
        Buffer.concat([makePng(16, 16), Buffer.alloc(5 * 1024 * 1024)]),
        'huge.png',
        'image/tooLarge',
        /^huge\.png is 5\.1 MB; a portrait can be at most 5 MB\. A token is drawn a few dozen pixels wide/,
      ],
      [
        makeWebpExtended(5000, 40),
        'wide.webp',
        'image/tooBig',
        /^wide\.webp is 5000×40 pixels; a portrait can be at most 4096 pixels on a side\.$/,
      ],
    ]
    for (const [bytes, fileName, code, message] of cases) {
      const r = await p.send('Vex', bytes, fileName)
      expect(r.ok, fileName).toBe(false)
      if (r.ok) continue
      expect(r.error.code).toBe(code)
      expect(r.error.message).toMatch(message)
    }
    expect(
      await p.gm.request('importPortrait', {
        combatantId: 'combatant:nobody',
        fileName: 'a.png',
        dataBase64: makePng(4, 4).toString('base64'),
      }),
    ).toMatchObject({ ok: false, error: { code: 'combatant/notFound' } })
    expect(
      await p.gm.request('importPortrait', { combatantId: await p.id('Vex'), fileName: 'a.png', dataBase64: 'not base64!' }),
    ).toMatchObject({ ok: false, error: { code: 'image/unreadable' } })
    expect(existsSync(p.assetsDir) ? readdirSync(p.assetsDir) : []).toEqual([])
    expect(JSON.stringify(await p.views())).toBe(before)
  })

  it('travel in an exported campaign file and come back on import', async () => {
    const p = await party()
    const face = makePng(48, 48, 4)
    await p.send('Raider', face)
    const file = await p.gm.must('exportCampaign', undefined)
    expect(file.text).toContain(`"${sha(face)}.png": "`)
    const b = await startCore()
    await b.gm.must('importCampaign', file)
    const raider = (await b.gm.must('snapshot', undefined)).records.find(
      (r): r is CombatantView => r.typeName === 'combatant' && r.name === 'Raider',
    )!
    expect(raider.portrait).toEqual({ hash: sha(face), ext: 'png' })
    expect(b.core.assetFile('gm', `${sha(face)}.png`)).not.toBeNull()
  })

  it("are the GM's to import: the player window may not", async () => {
    const p = await party()
    const player = attachWindow(p.core, 'player')
    const r = await player.request('importPortrait', {
      combatantId: await p.id('Vex'),
      fileName: 'a.png',
      dataBase64: makePng(4, 4).toString('base64'),
    })
    expect(!r.ok && r.error.code).toBe('request/forbidden')
  })
})
