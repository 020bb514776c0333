import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { makePng } from '../unit/helpers/images'
import { expect, test } from './fixtures/test'
import { gmRequest } from './pages/gm-socket'

/**
 * There is no map UI in this branch yet, so the page speaks the contract itself (`gmRequest`).
 * What is checked end to end is the request, the stored file and a real browser loading the
 * image from the server.
 */
const call = gmRequest

/** Loads a URL into an <img> on the page and reports its natural size (or that it failed). */
const naturalSize = (page: Page, url: string) =>
  page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const img = new Image()
        img.onload = () => resolve(`${img.naturalWidth}x${img.naturalHeight}`)
        img.onerror = () => resolve('error')
        img.src = src
      }),
    url,
  )

test('a PNG imported into a scene is stored, journaled and shown by the GM page at its size; the table page cannot use the GM route', async ({
  gm,
  player,
  server,
}) => {
  await gm.createCampaign('Kessler Yard', 'map-seed')
  const created = await call(gm.page, 'dispatch', { type: 'scene/create', payload: { name: 'Dock' }, meta: { commandId: 'e2e-scene-1' } })
  expect(created.ok).toBe(true)
  const snap = (await call(gm.page, 'snapshot', undefined)) as { value: { records: { typeName: string; id: string }[] } }
  const sceneId = snap.value.records.find((r) => r.typeName === 'scene')!.id

  const png = makePng(320, 180)
  const hash = createHash('sha256').update(png).digest('hex')
  const imported = await call(gm.page, 'importSceneImage', { sceneId, fileName: 'dock.png', dataBase64: png.toString('base64') })
  expect(imported).toEqual({ ok: true, value: { hash, ext: 'png', width: 320, height: 180, fileName: 'dock.png' } })

  // The GM page loads it from the server with this run's key, at the size the core read. The
  // table's page, which never holds the key, cannot load it from the GM's route.
  const url = `${server.url}/campaign-assets/${hash}.png`
  expect(await naturalSize(gm.page, `${url}?k=${server.key}`)).toBe('320x180')
  expect(await naturalSize(gm.page, url)).toBe('error')
  expect(await naturalSize(player.page, url)).toBe('error')
  expect(await naturalSize(gm.page, `${server.url}/campaign-assets/${hash}.jpg?k=${server.key}`)).toBe('error')

  // Journaled: the log says so, and undo takes the scene back to no image.
  const log = (await call(gm.page, 'snapshot', undefined)) as { value: { records: { typeName: string; text?: string }[] } }
  expect(log.value.records.some((r) => r.typeName === 'log' && r.text?.includes('image dock.png (320×180)'))).toBe(true)
  expect((await call(gm.page, 'dispatch', { type: 'history/undo', payload: {}, meta: { commandId: 'e2e-undo-1' } })).ok).toBe(true)
  const after = (await call(gm.page, 'snapshot', undefined)) as { value: { records: { typeName: string; image?: unknown }[] } }
  expect(after.value.records.find((r) => r.typeName === 'scene')!.image).toBeNull()
})

test('an oversized image is refused with its size and the limit named', async ({ gm }) => {
  await gm.createCampaign('Big maps', 'big-seed')
  await call(gm.page, 'dispatch', { type: 'scene/create', payload: { name: 'Huge' }, meta: { commandId: 'e2e-scene-2' } })
  const snap = (await call(gm.page, 'snapshot', undefined)) as { value: { records: { typeName: string; id: string }[] } }
  const sceneId = snap.value.records.find((r) => r.typeName === 'scene')!.id
  // 36,000,000 base64 characters decode to 27,000,000 bytes (25.8 MB), built in the page rather than shipped to it.
  const refused = (await gm.page.evaluate(
    ({ sceneId }) =>
      new Promise<unknown>((resolve) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/gm?${location.hash.slice(1)}`)
        ws.onopen = () =>
          ws.send(
            JSON.stringify({
              id: 7,
              name: 'importSceneImage',
              input: { sceneId, fileName: 'huge.png', dataBase64: 'A'.repeat(36_000_000) },
            }),
          )
        ws.onmessage = (e) => {
          const m = JSON.parse(String(e.data)) as { kind: string; id?: number; result?: unknown }
          if (m.kind === 'reply' && m.id === 7) resolve(m.result)
        }
      }),
    { sceneId },
  )) as { ok: boolean; error: { code: string; message: string } }
  expect(refused.ok).toBe(false)
  expect(refused.error.code).toBe('image/tooLarge')
  expect(refused.error.message).toMatch(/^huge\.png is 25\.8 MB; a scene image can be at most 25 MB\./)
})
