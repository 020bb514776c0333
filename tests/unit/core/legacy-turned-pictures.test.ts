import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { CombatantRecord, SceneRecord } from '../../../src-shared/records'
import type { CombatantView, SceneView } from '../../../src-shared/views'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { notUpright, orientedPicture, storedColour, storedPixels, uprightSize, type Orientation } from '../helpers/oriented-pictures'

/**
 * Issue 30: pictures stored before Salvo turned them at import. A campaign folder may hold a
 * phone picture with its EXIF orientation, pointed at with the size its header gives. On disk it
 * must not leak (the table's mask and both pages work on its stored pixels), and a campaign file
 * carrying one is turned upright on import, with every reference moved to the new file.
 */

const startWith = coresForTests()
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

const records = async (gm: ReturnType<typeof attachWindow>) => (await gm.must('snapshot', undefined)).records
const sceneOf = async (gm: ReturnType<typeof attachWindow>) => (await records(gm)).find((r): r is SceneRecord => r.typeName === 'scene')!
const vexOf = async (gm: ReturnType<typeof attachWindow>) =>
  (await records(gm)).find((r): r is CombatantView => r.typeName === 'combatant' && r.name === 'Vex')!

/** Writes a picture into the campaign folder as an older Salvo stored it: the bytes as they came, the header's size. */
function storeAsBefore(assetsDir: string, bytes: Buffer, ext: 'jpg' | 'png', width: number, height: number, fileName: string) {
  mkdirSync(assetsDir, { recursive: true })
  const hash = sha256(bytes)
  writeFileSync(join(assetsDir, `${hash}.${ext}`), bytes)
  return { hash, ext, width, height, fileName }
}

/** A campaign whose map was a turned phone picture (A), replaced by another (B, so A is an undo away), and a turned portrait. */
async function campaignFromBefore(mapB?: Buffer) {
  const home = await startWith()
  const summary = await home.gm.must('createCampaign', { name: 'Old phone maps', seed: 'old', rulesetId: 'compound-x' })
  const assetsDir = join(home.dataDir, 'campaigns', summary.id, 'assets')
  await home.gm.command('scene/create', { name: 'Dock' })
  // The GM shows the map to the table in prep (else it holds and is sent no map): what it sees of one is tested here.
  await home.gm.command('projector/set', { prepMap: true })
  await home.gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 10 })
  const sceneId = (await sceneOf(home.gm)).id
  const a = storeAsBefore(assetsDir, await orientedPicture('jpg', 3, 64, 32), 'jpg', 64, 32, 'turned-180.jpg')
  await home.gm.command('scene/setImage', { sceneId, image: a })
  const b = storeAsBefore(assetsDir, mapB ?? (await orientedPicture('jpg', 6, 64, 32)), 'jpg', 64, 32, 'turned-90.jpg')
  await home.gm.command('scene/setImage', { sceneId, image: b })
  const face = storeAsBefore(assetsDir, await orientedPicture('png', 8, 48, 16), 'png', 48, 16, 'face.png')
  await home.gm.command('combatant/setPortrait', { combatantId: (await vexOf(home.gm)).id, image: face })
  return { home, sceneId, a, b, face }
}

describe('a turned picture stored before issue 30', () => {
  it('on disk, under fog: the table is sent its stored pixels with the hidden part black, and no orientation to apply', async () => {
    const { home, sceneId, b } = await campaignFromBefore()
    await home.gm.command('scene/update', { sceneId, grid: { kind: 'none', pxPerMetre: 10 } })
    await home.gm.command('fog/set', { sceneId, mode: 'areas' })
    await home.gm.command('fog/reveal', { sceneId, rect: { x: 0, y: 0, w: 3.2, h: 3.2 } })
    await home.core.tablePicturesSettled()
    const player = attachWindow(home.core, 'player')
    const table = (await player.must('snapshot', undefined)).records.find((r): r is SceneView => r.typeName === 'scene')!
    expect(table.image?.hash).not.toBe(b.hash)
    const file = home.core.assetFile('player', `${table.image!.hash}.jpg`)!
    // Both pages draw pictures without their EXIF turn (image-orientation: none), so the table's
    // copy must show the stored pixels where the GM sees them: the stored left half, then black.
    expect((await sharp(file).metadata()).orientation ?? 1).toBe(1)
    const copy = await storedPixels(readFileSync(file))
    expect({ width: copy.width, height: copy.height }).toEqual({ width: 64, height: 32 })
    for (let y = 0; y < 32; y++)
      for (let x = 0; x < 64; x++) {
        if (x >= 32) expect(copy.colourAt(x, y), `hidden ${x},${y}`).toBe('black')
        else if (x < 30 && Math.abs(y + 0.5 - 16) > 2)
          expect(copy.colourAt(x, y), `revealed ${x},${y}`).toBe(storedColour(x + 0.5, y + 0.5, 64, 32))
      }
  })

  it('in a campaign file: imported upright, with every reference (live and in undo marks) moved to the new file and size', async () => {
    const { home, a, b, face } = await campaignFromBefore()
    const exported = await home.gm.must('exportCampaign', undefined)
    // The export carries the files as they are on disk.
    const carried = Object.keys((JSON.parse(exported.text) as { assets: Record<string, string> }).assets).sort()
    expect(carried).toEqual([`${a.hash}.jpg`, `${b.hash}.jpg`, `${face.hash}.png`].sort())

    const away = await startWith()
    const summary = await away.gm.must('importCampaign', exported)
    const assetsDir = join(away.dataDir, 'campaigns', summary.id, 'assets')
    const upright = async (
      picture: { hash: string; ext: string; width: number; height: number },
      orientation: Orientation,
      w: number,
      h: number,
    ) => {
      const bytes = readFileSync(join(assetsDir, `${picture.hash}.${picture.ext}`))
      expect(sha256(bytes)).toBe(picture.hash)
      expect(await notUpright(bytes, orientation, w, h)).toBeNull()
      expect(uprightSize(orientation, w, h)).toEqual({ width: picture.width, height: picture.height })
    }

    // Live records: the map (orientation 6: 32 × 64 upright) and the portrait (orientation 8: 16 × 48).
    const map = (await sceneOf(away.gm)).image!
    expect(map).toMatchObject({ ext: 'jpg', width: 32, height: 64, fileName: 'turned-90.jpg' })
    expect(map.hash).not.toBe(b.hash)
    await upright(map, 6, 64, 32)
    // A window is sent a portrait's name only; its size is in the campaign's own record.
    const vex = await vexOf(away.gm)
    const document = (text: string) => (JSON.parse(text) as { document: { records: Record<string, CombatantRecord> } }).document
    const portrait = document((await away.gm.must('exportCampaign', undefined)).text).records[vex.id]!.portrait!
    expect(portrait).toMatchObject({ ext: 'png', width: 16, height: 48, fileName: 'face.png' })
    expect(vex.portrait).toEqual({ hash: portrait.hash, ext: 'png' })
    await upright(portrait, 8, 48, 16)

    // Only the upright files were written; the turned ones are not kept.
    const written = readdirSync(assetsDir).sort()
    expect(written).toHaveLength(3)
    for (const old of [a, b, face]) expect(written).not.toContain(`${old.hash}.${old.ext}`)

    // Undo marks: undoing the portrait and the second map brings back the first map, upright too.
    const awayGm = attachWindow(away.core, 'gm', 'away')
    await awayGm.command('history/undo', {})
    await awayGm.command('history/undo', {})
    const first = (await sceneOf(away.gm)).image!
    expect(first).toMatchObject({ ext: 'jpg', width: 64, height: 32, fileName: 'turned-180.jpg' })
    expect(written).toContain(`${first.hash}.jpg`)
    await upright(first, 3, 64, 32)
    expect((await vexOf(away.gm)).portrait).toBeUndefined()

    // Exported again, the campaign names only the upright files.
    const again = JSON.parse((await away.gm.must('exportCampaign', undefined)).text) as { assets: Record<string, string> }
    expect(Object.keys(again.assets).sort()).toEqual(written)
  })

  it('in a campaign file, when it cannot be read whole to be turned: the import is refused and no campaign is made', async () => {
    const whole = await orientedPicture('jpg', 6, 256, 128)
    const cut = whole.subarray(0, whole.indexOf(Buffer.from([0xff, 0xda])) + 24)
    const { home } = await campaignFromBefore(cut)
    const exported = await home.gm.must('exportCampaign', undefined)
    const away = await startWith()
    const refused = await away.gm.request('importCampaign', exported)
    expect(refused).toMatchObject({ ok: false, error: { code: 'import/invalid', message: expect.stringMatching(/is stored turned/) } })
    expect(await away.gm.must('listCampaigns', undefined)).toEqual([])
    const campaigns = join(away.dataDir, 'campaigns')
    expect(existsSync(campaigns) ? readdirSync(campaigns) : []).toEqual([])
  })
})
