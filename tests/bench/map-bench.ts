import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import type { ServerMessage } from '../../src-shared/contract'
import { SIDES, type CombatantId, type SceneId } from '../../src-shared/records'
import { makePng } from '../unit/helpers/images'
import { dispatch, must, snapshotOf, TROOPER } from './core-fixture'
import { bytes, medianP95, oneTo, percent, timingTable, type BenchPart } from './report'
import { summarize, type Summary } from './stats'
import { WebProcess } from './web-process'
import { runWhenMain } from './run-alone'
import { ratio, ratioCell, withBenchBrowser } from './bench-browser'

/**
 * The battle map under load: frame times on the GM page in Chromium while the GM pans the map
 * and drags a token, with 300 tokens and 50 suppression zones on a 4096×4096 scene, against 6
 * tokens and no zones on the same scene in the same run; and the bytes the player page is sent
 * for one committed token move, against the player's full snapshot of the same state.
 */

const MAP_PX = 4096
const LARGE = { tokens: 300, zones: 50 }
const SMALL = { tokens: 6, zones: 0 }
/** The same laptop screen as the paint bench. */
const VIEWPORT = { width: 1366, height: 768 }
/** Mouse steps per gesture and how many gestures; every step is a real pointer event through CDP. */
const STEPS = 60
const GESTURES = 4
const WARM_UP_STEPS = 8

/** Default calibration (50 px a 1 m cell): the 4096 px image is 81.92 m on a side. */
const CELL_PX = 50
const SPACING_M = 4.5
const COLUMNS = 18

/** A lattice across the map, so tokens never overlap and every one can be grabbed. */
const spot = (i: number) => ({ x: 3 + (i % COLUMNS) * SPACING_M, y: 3 + Math.floor(i / COLUMNS) * SPACING_M })

interface MapTable {
  readonly dataDir: string
  /** Placed on the map, visible to the players, neither suppressing nor suppressed: safe to move. */
  readonly mover: CombatantId
  /** A token near the middle of the map, to drag. */
  readonly dragged: CombatantId
}

/**
 * A Compound X campaign with `tokens` combatants placed on one scene carrying a synthetic
 * 4096×4096 PNG (a scene without an image is a 40×30 m field, never square), and `zones`
 * medium suppressions, each by a different combatant on another, so each leaves a 1 m zone.
 */
async function buildMapFolder(tokens: number, zones: number): Promise<MapTable> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-map-'))
  const core = new SalvoCore({ dataDir })
  let table: MapTable
  try {
    await core.start()
    const gm = core.connect('gm', () => undefined)
    must('createCampaign', await gm.request('createCampaign', { name: `Map ${tokens}`, seed: 'salvo-map', rulesetId: 'compound-x' }))
    for (let i = 0; i < tokens; i++) {
      const side = SIDES[i % SIDES.length]!
      must(
        `combatant/add #${i + 1}`,
        await dispatch(gm, 'combatant/add', {
          name: `${side === 'party' ? 'Operative' : 'Trooper'} ${i + 1}`,
          side,
          kind: side === 'party' ? 'pc' : 'npc',
          maxHp: 30,
          // As in the other benches: a few enemies are the GM's secret, so the player projection filters.
          hidden: side === 'enemy' && i % 10 === 3,
          rules: TROOPER,
        }),
      )
    }
    must(
      'scene/create',
      await dispatch(gm, 'scene/create', {
        name: 'Bench field',
        grid: { kind: 'square', cellPx: CELL_PX, metresPerCell: 1, offsetX: 0, offsetY: 0 },
      }),
    )
    const snap = await snapshotOf(gm)
    const sceneId = snap.records.find((r) => r.typeName === 'scene')!.id as SceneId
    must(
      'importSceneImage',
      await gm.request('importSceneImage', { sceneId, fileName: 'field.png', dataBase64: makePng(MAP_PX, MAP_PX).toString('base64') }),
    )
    const ids = snap.records.flatMap((r) => (r.typeName === 'combatant' ? [r.id] : []))
    // Placed before the encounter starts, so placing is not a move with a cost in the log.
    for (let i = 0; i < ids.length; i++)
      must(`token/place #${i + 1}`, await dispatch(gm, 'token/place', { sceneId, combatantId: ids[i]!, ...spot(i) }))
    must('encounter/start', await dispatch(gm, 'encounter/start', { name: 'Map skirmish' }))
    must('encounter/rollInitiative', await dispatch(gm, 'encounter/rollInitiative', {}))

    // Pairs spread over the whole lattice, each suppressor shooting at the next visible
    // combatant along its row (the rifle reaches 60 m; a pair across a row's end would not).
    const hidden = new Set(snap.records.flatMap((r) => (r.typeName === 'combatant' && r.hidden ? [r.id] : [])))
    const used = new Set<CombatantId>()
    const step = Math.max(2, Math.floor(ids.length / Math.max(1, zones)))
    let laid = 0
    for (let i = 0; laid < zones && i < ids.length; i += step) {
      const actor = ids[i]!
      if (hidden.has(actor) || used.has(actor)) continue
      const t = ids.findIndex(
        (id, j) => j > i && !hidden.has(id) && !used.has(id) && Math.hypot(spot(j).x - spot(i).x, spot(j).y - spot(i).y) < 20,
      )
      if (t < 0) continue
      const targetId = ids[t]!
      must(
        `suppress #${laid + 1}`,
        await dispatch(gm, 'action/perform', { request: { actorId: actor, action: 'suppress', targetId, options: { level: 'medium' } } }),
      )
      used.add(actor).add(targetId)
      laid++
    }
    if (laid !== zones) throw new Error(`laid ${laid} of ${zones} suppression zones`)
    gm.close()
    const middle = Math.floor(COLUMNS / 2) + COLUMNS * Math.floor(ids.length / COLUMNS / 2)
    const free = (i: number) => !hidden.has(ids[i]!) && !used.has(ids[i]!)
    const near = (i: number) => [...ids.keys()].filter(free).sort((a, b) => Math.abs(a - i) - Math.abs(b - i))[0]!
    table = { dataDir, mover: ids[near(Math.min(middle + 2, ids.length - 1))]!, dragged: ids[near(Math.min(middle, ids.length - 1))]! }
  } catch (e) {
    await core.shutdown().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  }
  // Closed (and compacted) before browser mode opens the same folder.
  await core.shutdown()
  return table
}

/**
 * Frame clock in the page: a requestAnimationFrame loop keeps each frame's start time, and a
 * task posted from the callback (run after that frame's style, layout and paint) its end. The
 * gap between starts is the frame time the GM sees (vsync-bound at 16.7 ms); start to end is
 * how long after its vsync the frame was done on the main thread (input, rAF, style, layout,
 * paint, plus any wait for the thread), which shows cost below the vsync floor.
 * Chromium hands pointer moves to the page once per frame, just before its rAF callbacks, so
 * moves counted since the previous callback are the ones this frame drew; frames that drew
 * none (the page waiting for the next CDP mouse event) are left out rather than diluting.
 */
const FRAME_CLOCK = `(() => {
  let on = false
  let last = null
  let moves = 0
  let intervals = []
  let work = []
  window.addEventListener('pointermove', function () { moves++ }, { capture: true })
  function frame(ts) {
    if (!on) return
    const drew = moves > 0
    moves = 0
    if (drew && last !== null) {
      intervals.push(ts - last)
      const channel = new MessageChannel()
      channel.port1.onmessage = function () { work.push(performance.now() - ts) }
      channel.port2.postMessage(null)
    }
    last = ts
    requestAnimationFrame(frame)
  }
  window.__frameClock = {
    start() { on = true; last = null; moves = 0; intervals = []; work = []; requestAnimationFrame(frame) },
    stop() { on = false; return { intervals: intervals, work: work.slice(0, intervals.length) } },
  }
})()`

interface FrameSamples {
  intervals: number[]
  work: number[]
}

async function measured(page: Page, samples: FrameSamples, gesture: () => Promise<void>): Promise<void> {
  await page.evaluate('window.__frameClock.start()')
  await gesture()
  const got = (await page.evaluate('window.__frameClock.stop()')) as FrameSamples
  samples.intervals.push(...got.intervals)
  samples.work.push(...got.work)
}

/** Back and forth, so every gesture ends where it began and the next one starts from the same view. */
async function sweep(page: Page, from: { x: number; y: number }, dx: number, dy: number): Promise<void> {
  for (let i = 1; i <= STEPS; i++) {
    const t = i <= STEPS / 2 ? i / (STEPS / 2) : (STEPS - i) / (STEPS / 2)
    await page.mouse.move(from.x + dx * t, from.y + dy * t)
  }
}

async function tokenCentre(page: Page, id: CombatantId): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('battle-map').locator(`[data-testid="map-token"][data-combatant-id="${id}"] circle.body`).boundingBox()
  if (!box) throw new Error(`token ${id} is not on screen`)
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** A background point: half-way between two lattice tokens, where no token or zone label sits. */
async function backgroundPoint(page: Page): Promise<{ x: number; y: number }> {
  // The GM's own map, not the projector preview in its corner.
  const svg = page.getByTestId('battle-map').getByTestId('map-svg')
  const box = (await svg.boundingBox())!
  const [vx, vy, k] = (await svg.getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number]
  const m = { x: 3 + SPACING_M * 8.5, y: 3 + SPACING_M * 7.5 }
  return { x: box.x + vx + m.x * CELL_PX * k, y: box.y + vy + m.y * CELL_PX * k }
}

interface MapRun {
  readonly pan: FrameSamples
  readonly drag: FrameSamples
  readonly moveBytes: number
  readonly moveFrames: string[]
  readonly snapshotBytes: number
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

async function measureMap(browser: Browser, spec: { tokens: number; zones: number }): Promise<MapRun> {
  const table = await buildMapFolder(spec.tokens, spec.zones)
  const server = await WebProcess.start(table.dataDir).catch((e: unknown) => {
    rmSync(table.dataDir, { recursive: true, force: true })
    throw e
  })
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    // The player screen first, listening before it connects, so every frame it is sent is seen.
    const player = await context.newPage()
    const frames: string[] = []
    player.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => frames.push(typeof payload === 'string' ? payload : payload.toString('utf8'))),
    )
    await player.goto(`${server.url}/player`)
    await player.locator('[data-testid="map-token"]').first().waitFor({ state: 'attached', timeout: 60_000 })

    const gm = await context.newPage()
    await gm.goto(`${server.url}/`)
    // The GM works in front: a background page gets few animation frames.
    await gm.bringToFront()
    await gm.getByTestId('link-status').getByText('connected', { exact: true }).waitFor({ timeout: 60_000 })
    await gm.getByTestId('show-map').click()
    await gm
      .getByTestId('battle-map')
      .locator('[data-testid="map-token"]')
      .nth(spec.tokens - 1)
      .waitFor({ state: 'attached', timeout: 60_000 })
    const zonesShown = await gm.getByTestId('battle-map').getByTestId('map-zone').count()
    if (zonesShown !== spec.zones) throw new Error(`expected ${spec.zones} zones on the GM map, found ${zonesShown}`)
    await gm.evaluate(FRAME_CLOCK)

    // Pan: press on the background and drag it back and forth in small steps.
    const pan: FrameSamples = { intervals: [], work: [] }
    const bg = await backgroundPoint(gm)
    const onToken = await gm.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('[data-testid="map-token"]'), [
      bg.x,
      bg.y,
    ] as const)
    if (onToken) throw new Error('the pan would start on a token')
    for (let g = 0; g < GESTURES; g++) {
      await gm.mouse.move(bg.x, bg.y)
      await gm.mouse.down()
      // Past the 4 px threshold first, so every measured frame is a panning frame.
      for (let i = 1; i <= WARM_UP_STEPS; i++) await gm.mouse.move(bg.x + i, bg.y)
      const at = { x: bg.x + WARM_UP_STEPS, y: bg.y }
      await measured(gm, pan, () => sweep(gm, at, 240, 120))
      // Back onto the press point: the view ends where it began, so the next press is on background again.
      await gm.mouse.move(bg.x, bg.y)
      await gm.mouse.up()
    }

    // Token drag: press on a token, sweep, then Esc so nothing is committed and the next gesture starts clean.
    const drag: FrameSamples = { intervals: [], work: [] }
    for (let g = 0; g < GESTURES; g++) {
      const c = await tokenCentre(gm, table.dragged)
      await gm.mouse.move(c.x, c.y)
      await gm.mouse.down()
      for (let i = 1; i <= WARM_UP_STEPS; i++) await gm.mouse.move(c.x + i, c.y)
      const at = { x: c.x + WARM_UP_STEPS, y: c.y }
      await measured(gm, drag, () => sweep(gm, at, 200, 100))
      await gm.keyboard.press('Escape')
      await gm.mouse.up()
    }
    {
      const moved = await gm.getByTestId('log-entry').filter({ hasText: 'moves' }).allTextContents()
      if (moved.length) throw new Error(`a cancelled drag committed a move: ${moved.join(' | ')}`)
    }

    // One committed move of a token the players can see, a metre to the right (free ground on the lattice).
    const moverOnPlayer = player.locator(`[data-testid="map-token"][data-combatant-id="${table.mover}"]`)
    const before = await moverOnPlayer.getAttribute('transform')
    const from = await tokenCentre(gm, table.mover)
    const [, , k] = (await gm.getByTestId('battle-map').getByTestId('map-svg').getAttribute('data-view'))!.split(' ').map(Number) as [
      number,
      number,
      number,
    ]
    await gm.mouse.move(from.x, from.y)
    await gm.mouse.down()
    frames.length = 0
    await gm.mouse.move(from.x + CELL_PX * k, from.y, { steps: 8 })
    await gm.mouse.up()
    await player.waitForFunction(
      ([id, was]) =>
        document
          .querySelector(`[data-testid="battle-map"] [data-testid="map-token"][data-combatant-id="${id}"]`)
          ?.getAttribute('transform') !== was,
      [table.mover, before] as const,
      { timeout: 10_000 },
    )
    // Whatever else the move sets off (its log line, the session's version) lands within this.
    await player.waitForTimeout(500)
    const moveFrames = [...frames]
    const moveBytes = moveFrames.reduce((n, f) => n + Buffer.byteLength(f, 'utf8'), 0)

    // The baseline: what the player is sent to start from scratch on the same state.
    frames.length = 0
    await player.reload()
    await moverOnPlayer.waitFor({ state: 'attached', timeout: 60_000 })
    const snapshotFrame = frames.map((f) => ({ f, kind: describeFrame(f) })).find((x) => x.kind === 'snapshot')
    if (!snapshotFrame) throw new Error('the reloaded player page got no snapshot frame')
    return { pan, drag, moveBytes, moveFrames: moveFrames.map(describeFrame), snapshotBytes: Buffer.byteLength(snapshotFrame.f, 'utf8') }
  } finally {
    await context.close()
    await server.stop()
    rmSync(table.dataDir, { recursive: true, force: true })
  }
}

export async function runMapBench(): Promise<BenchPart> {
  const title = `Battle map (GM page in Chromium, ${VIEWPORT.width}×${VIEWPORT.height}, a ${MAP_PX}×${MAP_PX} scene): ${GESTURES} gestures × ${STEPS} mouse steps each for pan and token drag`
  return withBenchBrowser(title, async (browser) => {
    const small = await measureMap(browser, SMALL)
    const large = await measureMap(browser, LARGE)
    const L = `${LARGE.tokens} tokens, ${LARGE.zones} zones`
    const S = `${SMALL.tokens} tokens, no zones`
    const panL = summarize(large.pan.intervals)
    const panS = summarize(small.pan.intervals)
    const dragL = summarize(large.drag.intervals)
    const dragS = summarize(small.drag.intervals)
    const lines = [
      title,
      `  frames that drew at least one pointer move; frame time = gap from the previous frame's start (16.7 ms is 60 fps); frame done = frame start → a task posted after its paint`,
      timingTable([
        [`pan, ${S}: frame time (${small.pan.intervals.length} frames)`, panS],
        [`pan, ${L}: frame time (${large.pan.intervals.length} frames)`, panL],
        [`  frame done after, ${S}`, summarize(small.pan.work)],
        [`  frame done after, ${L}`, summarize(large.pan.work)],
        [`token drag, ${S}: frame time (${small.drag.intervals.length} frames)`, dragS],
        [`token drag, ${L}: frame time (${large.drag.intervals.length} frames)`, dragL],
        [`  frame done after, ${S}`, summarize(small.drag.work)],
        [`  frame done after, ${L}`, summarize(large.drag.work)],
      ]),
      `  ${L} / ${S}, frame time: pan ${ratio(panL, panS)}; token drag ${ratio(dragL, dragS)}`,
      `  ${L} / ${S}, frame done after: pan ${ratio(summarize(large.pan.work), summarize(small.pan.work))}; token drag ${ratio(summarize(large.drag.work), summarize(small.drag.work))}`,
      '',
      `Bytes to the player page for one committed token move (${L}; WebSocket frames received)`,
      `  the move:               ${bytes(large.moveBytes).padStart(12)}   ${large.moveFrames.length} frames: ${large.moveFrames.join('; ')}`,
      `  full player snapshot:   ${bytes(large.snapshotBytes).padStart(12)}   (the reloaded player page's first snapshot frame, same state)`,
      `  the move is ${percent(large.moveBytes, large.snapshotBytes)} of the snapshot, ${oneTo(large.moveBytes, large.snapshotBytes)}`,
    ]
    const row = (what: string, l: Summary, s: Summary) => ({
      measure: what,
      salvo: medianP95(l, 1),
      baseline: medianP95(s, 1),
      ratio: ratioCell(l, s),
    })
    return {
      lines,
      rows: [
        {
          ...row(`**Battle map in Chromium, ${MAP_PX}×${MAP_PX} scene, ${L}** — pan, frame time median / p95`, panL, panS),
          baseline: `same scene, ${S}: ${medianP95(panS, 1)}`,
        },
        row('— pan, frame done after its start, median / p95', summarize(large.pan.work), summarize(small.pan.work)),
        row('— token drag, frame time median / p95', dragL, dragS),
        row('— token drag, frame done after its start, median / p95', summarize(large.drag.work), summarize(small.drag.work)),
        {
          measure: 'bytes sent to the player page for one token move',
          salvo: bytes(large.moveBytes),
          baseline: `the player's full snapshot ${bytes(large.snapshotBytes)}`,
          ratio: oneTo(large.moveBytes, large.snapshotBytes),
        },
      ],
    }
  })
}

// `npx tsx tests/bench/map-bench.ts` runs this part alone.
runWhenMain(import.meta.url, 'map bench', runMapBench)
