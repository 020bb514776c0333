import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SceneRecord } from '../../../src-shared/records'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { GIF, makeJpeg, makePng } from '../helpers/images'

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const startWith = coresForTests()
const startCore = (dataDir?: string) => startWith(dataDir ? { dataDir } : {})

const scenes = async (gm: ReturnType<typeof attachWindow>) =>
  (await gm.must('snapshot', undefined)).records
    .filter((r): r is SceneRecord => r.typeName === 'scene')
    .sort((a, b) => a.name.localeCompare(b.name))

/** A campaign with two mapped scenes, one of whose images was replaced (the old one only an undo away). */
async function mappedCampaign() {
  const home = await startCore()
  await home.gm.must('createCampaign', { name: 'Kessler Yard', seed: 'yard' })
  await home.gm.command('scene/create', { name: 'Dock' })
  await home.gm.command('scene/create', { name: 'Warehouse' })
  const [dock, warehouse] = await scenes(home.gm)
  const old = makePng(50, 40, 1)
  const png = makePng(64, 32, 2)
  const jpg = makeJpeg(300, 200, { progressive: true })
  const put = (sceneId: SceneRecord['id'], bytes: Buffer, fileName: string) =>
    home.gm.must('importSceneImage', { sceneId, fileName, dataBase64: bytes.toString('base64') })
  await put(dock!.id, old, 'dock-draft.png')
  await put(dock!.id, png, 'dock.png')
  await put(warehouse!.id, jpg, 'warehouse.jpg')
  return { home, old, png, jpg }
}

describe('campaign files carry their scene images', () => {
  it('export → import elsewhere → export gives the same file, with the images on disk and served', async () => {
    const { home, old, png, jpg } = await mappedCampaign()
    const exported = await home.gm.must('exportCampaign', undefined)
    const parsed = JSON.parse(exported.text) as { assets: Record<string, string> }
    // The replaced image is exported too: undo would bring it back.
    expect(Object.keys(parsed.assets).sort()).toEqual([`${sha(old)}.png`, `${sha(png)}.png`, `${sha(jpg)}.jpg`].sort())
    expect(Buffer.from(parsed.assets[`${sha(jpg)}.jpg`]!, 'base64').equals(jpg)).toBe(true)

    const away = await startCore()
    const summary = await away.gm.must('importCampaign', exported)
    const assetsDir = join(away.dataDir, 'campaigns', summary.id, 'assets')
    expect(readdirSync(assetsDir).sort()).toEqual(Object.keys(parsed.assets).sort())
    expect(readFileSync(join(assetsDir, `${sha(png)}.png`)).equals(png)).toBe(true)
    expect(away.core.assetFile('gm', `${sha(jpg)}.jpg`)).toBe(join(assetsDir, `${sha(jpg)}.jpg`))
    const again = await away.gm.must('exportCampaign', undefined)
    expect(again).toEqual(exported)

    // Undo in the imported campaign brings back the draft image, whose file came along. (A window of
    // its own: the imported history already holds the home window's command ids, and an id is applied once.)
    const awayGm = attachWindow(away.core, 'gm', 'away')
    await awayGm.command('history/undo', {})
    await awayGm.command('history/undo', {})
    const [dock] = await scenes(away.gm)
    expect(dock!.image?.hash).toBe(sha(old))
    expect(away.core.assetFile('gm', `${sha(old)}.png`)).not.toBeNull()
  })

  it('a campaign without images exports with no assets field at all', async () => {
    const home = await startCore()
    await home.gm.must('createCampaign', { name: 'Plain' })
    expect((await home.gm.must('exportCampaign', undefined)).text).not.toContain('"assets"')
  })

  const tamper = (text: string, edit: (assets: Record<string, unknown>) => void) => {
    const f = JSON.parse(text) as { assets: Record<string, unknown> }
    edit(f.assets)
    return JSON.stringify(f)
  }

  it.each([
    [
      'content that does not match its name',
      (a: Record<string, unknown>) => {
        const [name] = Object.keys(a).filter((n) => n.endsWith('.png'))
        a[name!] = makePng(9, 9, 7).toString('base64')
      },
      /assets › "[0-9a-f]{64}\.png": the image's content does not match its name/,
    ],
    [
      'a GIF under an image name',
      (a: Record<string, unknown>) => {
        a[`${sha(GIF)}.png`] = GIF.toString('base64')
      },
      /assets › [0-9a-f]{64}\.png is a GIF image/,
    ],
    [
      'a name Salvo never writes',
      (a: Record<string, unknown>) => {
        a['../../evil.png'] = makePng(1, 1).toString('base64')
      },
      /assets › "\.\.\/\.\.\/evil\.png": not an image name Salvo writes/,
    ],
    [
      'broken base64',
      (a: Record<string, unknown>) => {
        const [name] = Object.keys(a)
        a[name!] = '@@@@'
      },
      /is not valid base64/,
    ],
    [
      'a wrong extension',
      (a: Record<string, unknown>) => {
        const [name] = Object.keys(a).filter((n) => n.endsWith('.jpg'))
        a[name!.replace('.jpg', '.webp')] = a[name!]
        delete a[name!]
      },
      /the image is a JPG, not what its name says/,
    ],
  ])('refuses %s, making no folder and keeping the open campaign', async (_what, edit, message) => {
    const { home } = await mappedCampaign()
    const exported = await home.gm.must('exportCampaign', undefined)
    const dirs = readdirSync(join(home.dataDir, 'campaigns')).sort()
    const r = await home.gm.request('importCampaign', { fileName: 'yard.json', text: tamper(exported.text, edit) })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('import/invalid')
    expect(r.error.message).toMatch(message)
    expect(readdirSync(join(home.dataDir, 'campaigns')).sort()).toEqual(dirs)
    expect((await home.gm.must('exportCampaign', undefined)).text).toBe(exported.text)
  })
})
