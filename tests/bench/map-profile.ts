import { rmSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { WebProcess } from './web-process'
import { findChromium } from './bench-browser'
import { buildMapFolder, CELL_PX, spot } from './map-fixture'
import { sweepAtMouseRate } from './map-frames'

/**
 * Where the map's frame time goes: a Chromium trace (main-thread events by name) and a CPU
 * profile (self time by function) while the bench's pan or drag gesture runs. A tool for
 * looking, not a bench part: `npx tsx tests/bench/map-profile.ts <tokens> <zones> pan|drag|measure|shot|drag-shot` (measure:
 * the measuring tool's line taken across the middle of the map).
 */
const [tokens = 300, zones = 50] = process.argv.slice(2, 4).map(Number)
const kind = process.argv[4] ?? 'pan'

async function main(): Promise<void> {
  const table = await buildMapFolder(tokens, zones)
  const server = await WebProcess.start(table.dataDir)
  const browser = await chromium.launch({ executablePath: findChromium()!, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1366, height: 768 }, deviceScaleFactor: Number(process.env['MAP_DPR'] ?? 1) })
    ).newPage()
    await page.goto(server.gmUrl)
    await page.getByTestId('link-status').getByText('connected', { exact: true }).waitFor({ timeout: 120_000 })
    await page.getByTestId('show-map').click()
    await page.getByTestId('battle-map').locator('[data-testid="map-token"]').first().waitFor({ state: 'attached', timeout: 120_000 })
    // An experiment: CSS laid over the page's own (MAP_CSS="...").
    if (process.env['MAP_CSS']) await page.addStyleTag({ content: process.env['MAP_CSS'] })
    await page.waitForTimeout(1000)
    const svg = page.getByTestId('battle-map').getByTestId('map-svg')
    // `shot`: only a picture of the map as it opens, to see that everything is drawn.
    if (kind === 'shot') {
      await page.screenshot({ path: process.env['MAP_SHOT'] ?? 'map-shot.png' })
      return
    }
    const box = (await svg.boundingBox())!
    let at = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    if (kind === 'drag' || kind === 'drag-shot') {
      const [vx, vy, k] = (await svg.getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number]
      const { columns } = table.lattice
      const m = spot(table.lattice, Math.min(tokens - 1, Math.floor(columns / 2) + columns * Math.floor(tokens / columns / 2)))
      at = { x: box.x + vx + m.x * CELL_PX * k, y: box.y + vy + m.y * CELL_PX * k }
    }
    if (kind === 'measure') await page.getByTestId('battle-map').getByTestId('map-measure').click()
    const cdp = await page.context().newCDPSession(page)
    await page.mouse.move(at.x, at.y)
    await page.mouse.down(kind === 'pan' ? { button: 'middle' } : {})
    for (let i = 1; i <= 8; i++) await page.mouse.move(at.x + i, at.y)
    // `drag-shot`: a picture of a drag in progress (ghost, path, readout with the ruleset's price), then cancelled.
    if (kind === 'drag-shot') {
      const [dx = 160, dy = 70] = (process.env['MAP_DRAG'] ?? '').split(' ').filter(Boolean).map(Number)
      await page.mouse.move(at.x + dx, at.y + dy, { steps: 10 })
      await page.waitForFunction(() => /·/.test(document.querySelector('[data-testid="drag-layer"]')?.getAttribute('aria-label') ?? ''))
      // MAP_CLIP="x y w h" (page pixels) zooms the picture in on the drag (with MAP_DPR=2, at twice the pixels).
      const clip = process.env['MAP_CLIP']?.split(' ').map(Number)
      await page.screenshot({
        path: process.env['MAP_SHOT'] ?? 'map-drag-shot.png',
        ...(clip ? { clip: { x: clip[0]!, y: clip[1]!, width: clip[2]!, height: clip[3]! } } : {}),
      })
      await page.keyboard.press('Escape')
      await page.mouse.up()
      return
    }
    const events: {
      name: string
      dur?: number
      tdur?: number
      ph: string
      tid: number
      pid: number
      args?: { data?: { frame?: string } }
    }[] = []
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)))
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' })
    await cdp.send('Profiler.start')
    // An experiment: instead of the gesture, a script run per frame for 1.5 s (MAP_FRAME_JS="layer => ...", given the frame's index).
    const frameJs = process.env['MAP_FRAME_JS']
    if (frameJs)
      await page.evaluate(
        `new Promise((done) => { const f = ${frameJs}; const t0 = performance.now(); let i = 0; const tick = () => { if (performance.now() - t0 > 1500) return done(); f(i++); requestAnimationFrame(tick) }; requestAnimationFrame(tick) })`,
      )
    else await sweepAtMouseRate(page, { x: at.x + 8, y: at.y }, 240, 120, 1500)
    const { profile } = (await cdp.send('Profiler.stop')) as {
      profile: {
        nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
        samples: number[]
        timeDeltas: number[]
      }
    }
    const done = new Promise<void>((ok) => cdp.once('Tracing.tracingComplete', () => ok()))
    await cdp.send('Tracing.end')
    await done
    if (kind === 'drag' || kind === 'measure') await page.keyboard.press('Escape')
    await page.mouse.up(kind === 'pan' ? { button: 'middle' } : {})

    // Main thread of the renderer: the thread with the most RunTask time.
    const byThread = new Map<string, number>()
    for (const e of events)
      if (e.ph === 'X' && e.name === 'RunTask') byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0))
    const main = [...byThread].sort((a, b) => b[1] - a[1])[0]![0]
    const sums = new Map<string, { n: number; ms: number }>()
    for (const e of events) {
      if (`${e.pid}:${e.tid}` !== main || e.ph !== 'X') continue
      const s = sums.get(e.name) ?? { n: 0, ms: 0 }
      s.n++
      s.ms += (e.tdur ?? e.dur ?? 0) / 1000
      sums.set(e.name, s)
    }
    console.log(`trace, main thread, ${tokens} tokens ${zones} zones ${kind} (1.5 s):`)
    for (const [name, s] of [...sums].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
      console.log(`  ${name.padEnd(40)} ${String(s.n).padStart(6)} × ${s.ms.toFixed(1).padStart(8)} ms`)
    const self = new Map<string, number>()
    const nodeById = new Map(profile.nodes.map((n) => [n.id, n]))
    profile.samples.forEach((id, i) => {
      const f = nodeById.get(id)!.callFrame
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
    })
    console.log('cpu profile, self time:')
    for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${k.padEnd(60)} ${ms.toFixed(1).padStart(8)} ms`)
  } finally {
    await browser.close()
    await server.stop()
    rmSync(table.dataDir, { recursive: true, force: true })
  }
}
void main()
