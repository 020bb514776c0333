import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import seedrandom from 'seedrandom'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { hiddenBoxes, planTableImage } from '../../../src-main/core/assets/fog-mask'
import { isRevealed, type SceneFog } from '../../../src-shared/fog'
import type { SceneGrid, SceneRecord } from '../../../src-shared/records'
import type { SceneView } from '../../../src-shared/views'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { makePng, pngWithHeader } from '../helpers/images'
import { tempDir } from '../helpers/temp-dir'
import { STRESS } from '../../support/fuzz-run'
import { blackBox, MASK_SOURCE } from '../../../src-main/core/assets/table-images'
import { MAX_SCENE_IMAGE_SIDE } from '../../../src-shared/scene-assets'

const startCore = coresForTests()

/** Every sample point inside pixel (x, y): its corners nudged inwards, its edges' middles and its centre. */
function samples(x: number, y: number): { x: number; y: number }[] {
  const at = [0.001, 0.25, 0.5, 0.75, 0.999]
  return at.flatMap((dx) => at.map((dy) => ({ x: x + dx, y: y + dy })))
}

function covered(boxes: ReturnType<typeof hiddenBoxes>, x: number, y: number): boolean {
  return boxes.some((b) => x >= b.left && x < b.left + b.width && y >= b.top && y < b.top + b.height)
}

describe('which pixels the fog hides (hiddenBoxes)', () => {
  it('property: any pixel a hidden point falls in is painted over; a pixel painted over has a hidden point in it; boxes stay inside the image', () => {
    const rng = seedrandom('fog-mask')
    for (let run = 0; run < 200; run++) {
      const width = 5 + Math.floor(rng() * 40)
      const height = 5 + Math.floor(rng() * 40)
      const grid: SceneGrid =
        rng() < 0.5
          ? { kind: 'none', pxPerMetre: 0.5 + rng() * 6 }
          : { kind: 'square', cellPx: 4 + rng() * 20, metresPerCell: 0.5 + rng() * 2, offsetX: 0, offsetY: 0 }
      const scale = grid.kind === 'none' ? grid.pxPerMetre : grid.cellPx / grid.metresPerCell
      const metres = (px: number) => px / scale
      const steps = Array.from({ length: Math.floor(rng() * 8) }, () => ({
        op: rng() < 0.6 ? ('reveal' as const) : ('hide' as const),
        rect: {
          x: metres(rng() * width * 1.2 - width * 0.1),
          y: metres(rng() * height * 1.2 - height * 0.1),
          w: metres(1 + rng() * width),
          h: metres(1 + rng() * height),
        },
      }))
      const fog: SceneFog = { mode: rng() < 0.5 ? 'all' : 'areas', steps }
      const boxes = hiddenBoxes({ width, height }, grid, fog)
      for (const b of boxes) {
        expect(b.left).toBeGreaterThanOrEqual(0)
        expect(b.top).toBeGreaterThanOrEqual(0)
        expect(b.left + b.width).toBeLessThanOrEqual(width)
        expect(b.top + b.height).toBeLessThanOrEqual(height)
      }
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const hiddenPoint = samples(x, y).some((p) => !isRevealed(fog, { x: metres(p.x), y: metres(p.y) }))
          if (hiddenPoint) expect(covered(boxes, x, y), `run ${run}: pixel ${x},${y} shows a hidden point`).toBe(true)
          else if (covered(boxes, x, y)) {
            // Only a pixel a fog edge runs along may be painted without a sampled hidden point in it.
            const edges = steps.flatMap((s) => [s.rect.x, s.rect.x + s.rect.w, s.rect.y, s.rect.y + s.rect.h].map((m) => m * scale))
            expect(edges.some((e) => Math.floor(e) === x || Math.floor(e) === y || Math.ceil(e) === x + 1 || Math.ceil(e) === y + 1)).toBe(
              true,
            )
          }
        }
      }
    }
  })

  it('no fog, or fog outside the picture: nothing to paint, the table gets the original', () => {
    const grid: SceneGrid = { kind: 'none', pxPerMetre: 10 }
    expect(hiddenBoxes({ width: 100, height: 50 }, grid, { mode: 'all', steps: [] })).toEqual([])
    expect(
      hiddenBoxes({ width: 100, height: 50 }, grid, { mode: 'all', steps: [{ op: 'hide', rect: { x: 20, y: 20, w: 5, h: 5 } }] }),
    ).toEqual([])
  })

  it('a room revealed in a hidden map is a handful of boxes around it', () => {
    const boxes = hiddenBoxes(
      { width: 4000, height: 3000 },
      { kind: 'none', pxPerMetre: 100 },
      { mode: 'areas', steps: [{ op: 'reveal', rect: { x: 10, y: 10, w: 5, h: 4 } }] },
    )
    expect(boxes).toEqual([
      { left: 0, top: 0, width: 4000, height: 1000 },
      { left: 0, top: 1000, width: 1000, height: 400 },
      { left: 1500, top: 1000, width: 2500, height: 400 },
      { left: 0, top: 1400, width: 4000, height: 1600 },
    ])
  })

  it('the copy is named by exactly what it shows: the same boxes give the same name, other fog another', () => {
    const scene = (fog: SceneFog): Pick<SceneRecord, 'image' | 'grid' | 'fog'> => ({
      image: { hash: 'a'.repeat(64), ext: 'png', width: 100, height: 100, fileName: 'x.png' },
      grid: { kind: 'none', pxPerMetre: 10 },
      fog,
    })
    const a = planTableImage(scene({ mode: 'areas', steps: [{ op: 'reveal', rect: { x: 1, y: 1, w: 2, h: 2 } }] }))!
    // The same room revealed twice, or a reveal outside the picture: the same pixels, the same copy.
    const b = planTableImage(
      scene({
        mode: 'areas',
        steps: [
          { op: 'reveal', rect: { x: 50, y: 50, w: 2, h: 2 } },
          { op: 'reveal', rect: { x: 1, y: 1, w: 2, h: 2 } },
        ],
      }),
    )!
    const c = planTableImage(scene({ mode: 'areas', steps: [{ op: 'reveal', rect: { x: 1, y: 1, w: 3, h: 2 } }] }))!
    expect(a.key).toMatch(/^[0-9a-f]{64}$/)
    expect(b.key).toBe(a.key)
    expect(c.key).not.toBe(a.key)
  })
})

/** The picture's pixels as RGB rows. */
async function pixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return {
    at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)],
    width: info.width,
    height: info.height,
  }
}

describe('the table is sent only what the fog reveals (through a real core and its routes)', () => {
  async function fogged() {
    const { core, gm } = await startCore()
    await gm.must('createCampaign', { name: 'Fog', seed: 'f', rulesetId: 'compound-x' })
    await gm.command('scene/create', { name: 'Dock' })
    // The GM shows the map to the table in prep (else it holds and is sent no map): what it sees of one is tested here.
    await gm.command('projector/set', { prepMap: true })
    const sceneId = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'scene')!.id as SceneRecord['id']
    // 60 × 40 px at 10 px a metre: a 6 × 4 m map of one colour, nowhere black.
    const original = makePng(60, 40, 7)
    const image = await gm.must('importSceneImage', { sceneId, fileName: 'secret-vault.png', dataBase64: original.toString('base64') })
    await gm.command('scene/update', { sceneId, grid: { kind: 'none', pxPerMetre: 10 } })
    const player = attachWindow(core, 'player')
    return { core, gm, player, sceneId, original, image }
  }

  const tableScene = async (player: ReturnType<typeof attachWindow>) =>
    (await player.must('snapshot', undefined)).records.find((r): r is SceneView => r.typeName === 'scene')!

  it('hide all, reveal one room: the table is sent a copy with everything else black, and never the original', async () => {
    const { core, gm, player, sceneId, image } = await fogged()
    await gm.command('fog/set', { sceneId, mode: 'areas' })
    await gm.command('fog/reveal', { sceneId, rect: { x: 1, y: 1, w: 2, h: 1.5 } })
    // While the copy is being made the table is told one is coming, with the picture's size.
    const first = await tableScene(player)
    if (!first.image) expect(first.withheldImage).toEqual({ width: 60, height: 40, coming: true })
    await core.tablePicturesSettled()
    const scene = await tableScene(player)
    expect(scene.image).toMatchObject({ ext: 'png', width: 60, height: 40, fileName: '' })
    expect(scene.image!.hash).not.toBe(image.hash)
    // The table's route serves the copy and nothing else; the GM's serves the original.
    expect(core.assetFile('player', `${image.hash}.png`)).toBeNull()
    const copyFile = core.assetFile('player', `${scene.image!.hash}.png`)!
    const { readFileSync } = await import('node:fs')
    const px = await pixels(readFileSync(copyFile))
    const colour = (await pixels(readFileSync(core.assetFile('gm', `${image.hash}.png`)!))).at(0, 0)
    expect(colour).not.toEqual([0, 0, 0])
    for (let y = 0; y < px.height; y++) {
      for (let x = 0; x < px.width; x++) {
        const inRoom = x >= 10 && x < 30 && y >= 10 && y < 25
        expect(px.at(x, y), `${x},${y}`).toEqual(inRoom ? colour : [0, 0, 0])
      }
    }
  })

  it('the table hears of the copy when it is ready, in a diff; reveal all sends the original again', async () => {
    const { core, gm, player, sceneId, image } = await fogged()
    await tableScene(player)
    await gm.command('fog/set', { sceneId, mode: 'areas' })
    await core.tablePicturesSettled()
    const diffs = player.messages.flatMap((m) => (m.kind === 'diff' ? m.diff.updated.map(([, to]) => to) : []))
    const last = diffs.filter((r): r is SceneView => r.typeName === 'scene').at(-1)!
    expect(last.image?.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(last.image?.hash).not.toBe(image.hash)
    // Nothing revealed: the whole copy is black.
    const { readFileSync } = await import('node:fs')
    const px = await pixels(readFileSync(core.assetFile('player', `${last.image!.hash}.png`)!))
    expect(new Set([px.at(0, 0), px.at(59, 39), px.at(30, 20)].map(String))).toEqual(new Set(['0,0,0']))
    await gm.command('fog/set', { sceneId, mode: 'all' })
    expect((await tableScene(player)).image?.hash).toBe(image.hash)
    expect(core.assetFile('player', `${image.hash}.png`)).not.toBeNull()
  })

  it('a picture the core cannot read is withheld from the table (never sent unmasked), and the GM is told', async () => {
    const { core, gm, player, sceneId } = await fogged()
    const { makeJpeg } = await import('../helpers/images')
    // A JPEG whose header is real but whose picture data is not: it imports, but cannot be masked.
    const broken = await gm.must('importSceneImage', {
      sceneId,
      fileName: 'half-saved.jpg',
      dataBase64: makeJpeg(40, 30).toString('base64'),
    })
    await gm.command('fog/set', { sceneId, mode: 'areas' })
    await core.tablePicturesSettled()
    const scene = await tableScene(player)
    expect(scene.image).toBeNull()
    expect(scene.withheldImage).toEqual({ width: 40, height: 30, coming: false })
    expect(core.assetFile('player', `${broken.hash}.jpg`)).toBeNull()
    const notices = (await gm.must('session', undefined)).notices
    expect(notices).toEqual([expect.stringMatching(/could not read half-saved\.jpg of Dock to hide what the fog covers/)])
    expect((await player.must('session', undefined)).notices).toEqual([])
  })

  it("the table's route serves only what its projection names now: a hidden combatant's portrait is a 404 until shown", async () => {
    const { core, gm } = await fogged()
    await gm.command('combatant/add', { name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 10, hidden: true })
    const sniper = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant')!.id as `combatant:${string}`
    const face = await gm.must('importPortrait', {
      combatantId: sniper,
      fileName: 'face.png',
      dataBase64: makePng(8, 8, 3).toString('base64'),
    })
    const name = `${face.hash}.png`
    expect(core.assetFile('gm', name)).not.toBeNull()
    expect(core.assetFile('player', name)).toBeNull()
    await gm.command('combatant/setHidden', { combatantId: sniper, hidden: false })
    expect(core.assetFile('player', name)).not.toBeNull()
  })
})

describe('the largest map the import accepts can be masked (issue 30)', () => {
  const side = MAX_SCENE_IMAGE_SIDE
  const firstPixel = { left: 0, top: 0, width: 1, height: 1 }

  // Always on, in milliseconds: the two things that refused a 16,384² map — the picture's own input
  // and a black box as large as it — opened exactly as maskImage opens them. libvips computes only
  // the one pixel asked for, but the pixel limit is checked for the whole input first.
  it('the mask opens a picture of the largest size and composites a black box of that size', async () => {
    const header = pngWithHeader(makePng(1, 1), side, side)
    const file = join(tempDir(), 'largest.png')
    writeFileSync(file, header)
    expect(await sharp(file, MASK_SOURCE).metadata()).toMatchObject({ width: side, height: side })
    const box = blackBox({ left: 0, top: 0, width: side, height: side })
    expect([...(await sharp(box.input).extract(firstPixel).raw().toBuffer())]).toEqual([0, 0, 0])
    // Without the limit inside it, the same box is refused: this is the check that bites.
    await expect(sharp({ create: box.input.create }).extract(firstPixel).raw().toBuffer()).rejects.toThrow(/pixel limit/)
  })

  // The whole way, through a real core: two masks of 16,384² (hide all, then all but a pixel), about 14 s and
  // 225 MB on two busy cores, so with SALVO_STRESS only.
  it.runIf(STRESS)(
    'a 16,384 × 16,384 PNG: imported, everything hidden but its last pixel, masked and served to the table',
    async () => {
      const { core, gm } = await startCore()
      await gm.must('createCampaign', { name: 'Big', seed: 'b', rulesetId: 'compound-x' })
      await gm.command('scene/create', { name: 'Continent' })
      const sceneId = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'scene')!.id as SceneRecord['id']
      const colour = { r: 40, g: 90, b: 160 }
      const map = await sharp({ create: { width: side, height: side, channels: 3, background: colour }, limitInputPixels: side * side })
        .png({ compressionLevel: 1 })
        .toBuffer()
      await gm.must('importSceneImage', { sceneId, fileName: 'continent.png', dataBase64: map.toString('base64') })
      // 8 px a metre, so the pixel edges below are exact in binary.
      await gm.command('scene/update', { sceneId, grid: { kind: 'none', pxPerMetre: 8 } })
      // Only the bottom-right pixel revealed: the box above it is 16,384 × 16,383, past sharp's default.
      await gm.command('fog/set', { sceneId, mode: 'areas' })
      await gm.command('fog/reveal', { sceneId, rect: { x: (side - 1) / 8, y: (side - 1) / 8, w: 1 / 8, h: 1 / 8 } })
      const started = performance.now()
      await core.tablePicturesSettled()
      const took = performance.now() - started
      const player = attachWindow(core, 'player')
      const scene = (await player.must('snapshot', undefined)).records.find((r): r is SceneView => r.typeName === 'scene')!
      expect(scene.image).toMatchObject({ width: side, height: side })
      const file = core.assetFile('player', `${scene.image!.hash}.png`)!
      const at = async (left: number, top: number) =>
        [...(await sharp(file, MASK_SOURCE).extract({ left, top, width: 1, height: 1 }).raw().toBuffer())].slice(0, 3)
      expect(await at(side - 1, side - 1)).toEqual([colour.r, colour.g, colour.b])
      expect(await at(side - 2, side - 1)).toEqual([0, 0, 0])
      expect(await at(side - 1, side - 2)).toEqual([0, 0, 0])
      expect(await at(0, 0)).toEqual([0, 0, 0])
      console.log(
        `a 16,384² map masked for the table in ${(took / 1000).toFixed(1)} s; process peak ${process.resourceUsage().maxRSS >> 10} MB`,
      )
    },
    120_000,
  )
})
