import { rmSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import type { ServerMessage } from '../../src-shared/contract'
import { bytes, oneTo, percent, type BenchGoal, type BenchPart, type ReportRow, atLeast, atMost } from './report'
import { WebProcess } from './web-process'
import { runWhenMain } from './run-alone'
import { withBenchBrowser } from './bench-browser'
import { buildMapFolder, CELL_PX, MAP_PX, spot, type MapTable } from './map-fixture'
import {
  FRAME_CLOCK,
  frameStats,
  measured,
  MOVE_EVERY_MS,
  noSamples,
  sweepAtMouseRate,
  type FrameSamples,
  type FrameStats,
} from './map-frames'

/**
 * The battle map under load: every frame on the GM page in Chromium while the GM pans the map
 * and drags a token, the mouse reporting at a real mouse's rate, with 300 tokens and 50
 * suppression zones, and with 3,000 tokens and 50 zones, on a 4096×4096 scene, against 6
 * tokens and no zones on the same scene in the same run; and the bytes the player page is sent
 * for one committed token move, against the player's full snapshot of the same state.
 */

const SMALL = { tokens: 6, zones: 0 }
const LARGE = { tokens: 300, zones: 50 }
const HUGE = { tokens: 3000, zones: 50 }
/** The same laptop screen as the paint bench. */
const VIEWPORT = { width: 1366, height: 768 }
const GESTURES = 3
/** One gesture: there and back in this long. */
const GESTURE_MS = 1500
const WARM_UP_STEPS = 8

interface MapRun {
  readonly pan: FrameStats
  readonly drag: FrameStats
  readonly move?: { bytes: number; frames: string[]; snapshotBytes: number }
}

/** The GM's map, not the projector preview in its corner. */
const gmSvg = (page: Page) => page.getByTestId('battle-map').getByTestId('map-svg')

/** Where a spot in metres is on the screen, from the map's own pan and zoom. */
async function screenPoint(page: Page, m: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const box = (await gmSvg(page).boundingBox())!
  const [vx, vy, k] = (await gmSvg(page).getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number]
  return { x: box.x + vx + m.x * CELL_PX * k, y: box.y + vy + m.y * CELL_PX * k }
}

/** The token drawn on top at a screen point (zoomed out at 3,000 tokens, neighbours overlap on screen). */
async function tokenAt(page: Page, p: { x: number; y: number }): Promise<string> {
  const id = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid="map-token"]')?.getAttribute('data-combatant-id') ?? null,
    [p.x, p.y] as const,
  )
  if (!id) throw new Error(`no token at ${p.x}, ${p.y}`)
  return id
}

/** What a browser-mode frame carries (ws-protocol.ts): a push of a ServerMessage, or a reply to the page's request. */
function describeFrame(text: string): string {
  const frame = JSON.parse(text) as
    { kind: 'push'; message: ServerMessage } | { kind: 'reply'; result: { ok: boolean; value?: { records?: unknown } } }
  if (frame.kind === 'reply') return Array.isArray(frame.result.value?.records) ? 'snapshot' : 'reply'
  const msg = frame.message
  if (msg.kind !== 'diff') return msg.kind
  const types = [
    ...msg.diff.added.map((r) => `+${r.typeName}`),
    ...msg.diff.updated.map(([, to]) => to.typeName),
    ...msg.diff.removed.map(() => '−record'),
  ]
  return `diff [${types.join(', ')}]`
}

/** Pan with the middle button (it pans from anywhere, even over a crowd of tokens), there and back. */
async function panGestures(gm: Page): Promise<FrameSamples> {
  const samples = noSamples()
  const box = (await gmSvg(gm).boundingBox())!
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  for (let g = 0; g < GESTURES; g++) {
    await gm.mouse.move(at.x, at.y)
    await gm.mouse.down({ button: 'middle' })
    // Past the 4 px threshold first, so every measured frame is a panning frame.
    for (let i = 1; i <= WARM_UP_STEPS; i++) await gm.mouse.move(at.x + i, at.y)
    const from = { x: at.x + WARM_UP_STEPS, y: at.y }
    await measured(gm, samples, () => sweepAtMouseRate(gm, from, 240, 120, GESTURE_MS))
    await gm.mouse.move(at.x, at.y)
    await gm.mouse.up({ button: 'middle' })
  }
  return samples
}

/** Press on a token near the middle, sweep, then Esc so nothing is committed and the next gesture starts clean. */
async function dragGestures(gm: Page, table: MapTable, tokens: number): Promise<FrameSamples> {
  const samples = noSamples()
  const { columns } = table.lattice
  const middle = Math.min(tokens - 1, Math.floor(columns / 2) + columns * Math.floor(tokens / columns / 2))
  for (let g = 0; g < GESTURES; g++) {
    const c = await screenPoint(gm, spot(table.lattice, middle))
    await tokenAt(gm, c)
    await gm.mouse.move(c.x, c.y)
    await gm.mouse.down()
    for (let i = 1; i <= WARM_UP_STEPS; i++) await gm.mouse.move(c.x + i, c.y)
    const from = { x: c.x + WARM_UP_STEPS, y: c.y }
    await measured(gm, samples, () => sweepAtMouseRate(gm, from, 200, 100, GESTURE_MS))
    await gm.keyboard.press('Escape')
    await gm.mouse.up()
  }
  const moved = await gm.getByTestId('log-entry').filter({ hasText: 'moves' }).allTextContents()
  if (moved.length) throw new Error(`a cancelled drag committed a move: ${moved.join(' | ')}`)
  return samples
}

/** One committed move of a token the players can see, a metre to the right (free ground on the lattice). */
async function moveBytes(gm: Page, table: MapTable, url: string): Promise<NonNullable<MapRun['move']>> {
  const player = await gm.context().newPage()
  const frames: string[] = []
  player.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => frames.push(typeof payload === 'string' ? payload : payload.toString('utf8'))),
  )
  await player.goto(`${url}/player`)
  const moverOnPlayer = player.locator(`[data-testid="map-token"][data-combatant-id="${table.mover}"]`)
  await moverOnPlayer.waitFor({ state: 'attached', timeout: 60_000 })
  await gm.bringToFront()
  const spotOf = (el: Element | null) => (el ? `${el.getAttribute('data-x')} ${el.getAttribute('data-y')}` : null)
  const before = await moverOnPlayer.evaluate(spotOf)
  const mover = gm.getByTestId('battle-map').locator(`[data-testid="map-token"][data-combatant-id="${table.mover}"] circle.body`)
  const box = (await mover.boundingBox())!
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const k = Number((await gmSvg(gm).getAttribute('data-view'))!.split(' ')[2])
  await gm.mouse.move(from.x, from.y)
  await gm.mouse.down()
  frames.length = 0
  await gm.mouse.move(from.x + CELL_PX * k, from.y, { steps: 8 })
  await gm.mouse.up()
  await player.waitForFunction(
    ([id, was]) => {
      const el = document.querySelector(`[data-testid="battle-map"] [data-testid="map-token"][data-combatant-id="${id}"]`)
      return (el ? `${el.getAttribute('data-x')} ${el.getAttribute('data-y')}` : null) !== was
    },
    [table.mover, before] as const,
    { timeout: 10_000 },
  )
  // Whatever else the move sets off (its log line, the session's version) lands within this.
  await player.waitForTimeout(500)
  const moveFrames = [...frames]
  // The baseline: what the player is sent to start from scratch on the same state.
  frames.length = 0
  await player.reload()
  await moverOnPlayer.waitFor({ state: 'attached', timeout: 60_000 })
  const snapshot = frames.find((f) => describeFrame(f) === 'snapshot')
  if (!snapshot) throw new Error('the reloaded player page got no snapshot frame')
  return {
    bytes: moveFrames.reduce((n, f) => n + Buffer.byteLength(f, 'utf8'), 0),
    frames: moveFrames.map(describeFrame),
    snapshotBytes: Buffer.byteLength(snapshot, 'utf8'),
  }
}

async function measureMap(browser: Browser, spec: { tokens: number; zones: number }, withMove: boolean): Promise<MapRun> {
  const table = await buildMapFolder(spec.tokens, spec.zones)
  const server = await WebProcess.start(table.dataDir).catch((e: unknown) => {
    rmSync(table.dataDir, { recursive: true, force: true })
    throw e
  })
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const gm = await context.newPage()
    await gm.goto(server.gmUrl)
    await gm.getByTestId('link-status').getByText('connected', { exact: true }).waitFor({ timeout: 120_000 })
    await gm.getByTestId('show-map').click()
    const map = gm.getByTestId('battle-map')
    await map.locator('[data-testid="map-token"]').first().waitFor({ state: 'attached', timeout: 120_000 })
    const zonesShown = await map.getByTestId('map-zone').count()
    if (zonesShown !== spec.zones) throw new Error(`expected ${spec.zones} zones on the GM map, found ${zonesShown}`)
    await gm.evaluate(FRAME_CLOCK)
    const pan = frameStats(await panGestures(gm))
    const drag = frameStats(await dragGestures(gm, table, spec.tokens))
    return { pan, drag, move: withMove ? await moveBytes(gm, table, server.url) : undefined }
  } finally {
    await context.close()
    await server.stop()
    rmSync(table.dataDir, { recursive: true, force: true })
  }
}

const f1 = (v: number) => v.toFixed(1)
const pct = (share: number) => `${(share * 100).toFixed(1)}%`

function statLines(label: string, s: FrameStats): string[] {
  return [
    `  ${label.padEnd(34)} ${String(s.frames).padStart(5)} frames  ${f1(s.fps).padStart(5)} fps  shown ${f1(s.shown.median)} / ${f1(s.shown.p95)} ms` +
      `  late ${pct(s.lateShare).padStart(6)}  dropped ${String(s.dropped).padStart(4)}  raw p95 ${f1(s.raw.p95)} max ${f1(s.raw.max)} ms` +
      `  done after ${f1(s.work.median)} / ${f1(s.work.p95)} ms  moves every ${f1(s.moveGapMs)} ms  scene changes ${s.sceneChanges}`,
  ]
}

const cell = (s: FrameStats) => `${f1(s.shown.median)} / ${f1(s.shown.p95)} ms, ${f1(s.fps)} fps, ${pct(s.lateShare)} late`

export async function runMapBench(): Promise<BenchPart> {
  const title = `Battle map (GM page in Chromium, ${VIEWPORT.width}×${VIEWPORT.height}, a ${MAP_PX}×${MAP_PX} scene fitted to the map): ${GESTURES} gestures of ${GESTURE_MS} ms each for pan and token drag, the mouse moving every ${MOVE_EVERY_MS} ms`
  return withBenchBrowser(title, async (browser) => {
    const small = await measureMap(browser, SMALL, false)
    const large = await measureMap(browser, LARGE, true)
    const huge = await measureMap(browser, HUGE, false)
    const S = `${SMALL.tokens} tokens, no zones`
    const L = `${LARGE.tokens} tokens, ${LARGE.zones} zones`
    const H = `${HUGE.tokens.toLocaleString('en-US')} tokens, ${HUGE.zones} zones`
    const move = large.move!
    const lines = [
      title,
      `  every frame during the gesture; shown = frame start to next frame start in whole refreshes (16.7 ms is 60 fps), median / p95; late = over 1.5 refreshes; done after = frame start → a task posted after its paint, median / p95; scene changes = DOM changes in the scene's drawing (picture, zones, fog, tokens) while the gestures ran`,
      ...statLines(`pan, ${S}`, small.pan),
      ...statLines(`pan, ${L}`, large.pan),
      ...statLines(`pan, ${H}`, huge.pan),
      ...statLines(`token drag, ${S}`, small.drag),
      ...statLines(`token drag, ${L}`, large.drag),
      ...statLines(`token drag, ${H}`, huge.drag),
      '',
      `Bytes to the player page for one committed token move (${L}; WebSocket frames received)`,
      `  the move:               ${bytes(move.bytes).padStart(12)}   ${move.frames.length} frames: ${move.frames.join('; ')}`,
      `  full player snapshot:   ${bytes(move.snapshotBytes).padStart(12)}   (the reloaded player page's first snapshot frame, same state)`,
      `  the move is ${percent(move.bytes, move.snapshotBytes)} of the snapshot, ${oneTo(move.bytes, move.snapshotBytes)}`,
    ]
    const row = (measure: string, get: (r: MapRun) => FrameStats): ReportRow[] => [
      {
        measure: `${measure}, ${L}`,
        salvo: cell(get(large)),
        baseline: `${S}: ${cell(get(small))}`,
        ratio: `${f1(get(large).work.p95 / get(small).work.p95)}× done-after p95`,
      },
      {
        measure: `${measure}, ${H}`,
        salvo: cell(get(huge)),
        baseline: `${S}: ${cell(get(small))}`,
        ratio: `${f1(get(huge).work.p95 / get(small).work.p95)}× done-after p95`,
      },
    ]
    const goals: BenchGoal[] = [
      atMost(`map pan p95 frame, ${L}`, large.pan.shown.p95, 16.7, ' ms'),
      atMost(`map token drag p95 frame, ${L}`, large.drag.shown.p95, 16.7, ' ms'),
      atLeast(`map pan fps, ${H}`, huge.pan.fps, 30),
      atLeast(`map token drag fps, ${H}`, huge.drag.fps, 30),
      // "No per-frame re-render of tokens that did not move": the dragged token is dimmed once, before the measured sweep.
      atMost(`map token drag: changes to the scene's drawing during the sweeps, ${H}`, huge.drag.sceneChanges, 0),
    ]
    lines.push(...goals.map((g) => `  goal ${g.met ? 'met' : 'MISSED'}: ${g.name} = ${g.measured}`))
    return {
      lines,
      rows: [
        ...row(`**Battle map in Chromium, ${MAP_PX}×${MAP_PX} scene** — pan, frame shown median / p95`, (r) => r.pan),
        ...row('— token drag, frame shown median / p95', (r) => r.drag),
        {
          measure: 'bytes sent to the player page for one token move',
          salvo: bytes(move.bytes),
          baseline: `the player's full snapshot ${bytes(move.snapshotBytes)}`,
          ratio: oneTo(move.bytes, move.snapshotBytes),
        },
      ],
      goals,
    }
  })
}

// `npx tsx tests/bench/map-bench.ts` runs this part alone.
runWhenMain(import.meta.url, 'map bench', runMapBench)
