import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { chromium, type Browser } from '@playwright/test'
import type { BenchPart } from './report'
import type { Summary } from './stats'
import { WEB_MAIN } from './web-process'

/** Debian's Chromium (or SALVO_CHROMIUM): Playwright's own browser download cannot run here. */
export function findChromium(): string | null {
  const fromEnv = process.env['SALVO_CHROMIUM']
  if (fromEnv && existsSync(fromEnv)) return fromEnv
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const path = execSync(`command -v ${name}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
      if (path) return path
    } catch {
      // Not installed under this name; try the next one.
    }
  }
  return null
}

/**
 * A browser-mode bench part: skipped with a line saying why when the build or Chromium is
 * missing; otherwise run in a Chromium that is closed whatever happens.
 */
export async function withBenchBrowser(
  title: string,
  measure: (browser: Browser, executablePath: string) => Promise<BenchPart>,
): Promise<BenchPart> {
  const skipped = (why: string): BenchPart => ({
    lines: [title, `  skipped: ${why}`],
    rows: [{ measure: title, salvo: `skipped: ${why}`, baseline: '', ratio: '' }],
  })
  if (!existsSync(WEB_MAIN)) return skipped(`${WEB_MAIN} is missing; run \`npm run build\` first`)
  const executablePath = findChromium()
  if (!executablePath) return skipped('no Chromium found (apt-get install -y chromium, or set SALVO_CHROMIUM to its path)')
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    return await measure(browser, executablePath)
  } catch (e) {
    // One part failing (a fight that never loaded) must not lose the other parts' figures, nor pass unseen.
    const why = e instanceof Error ? e.message.split('\n')[0]! : String(e)
    return {
      lines: [title, `  failed: ${why}`],
      rows: [{ measure: title, salvo: `failed: ${why.slice(0, 80)}`, baseline: '', ratio: '' }],
      goals: [{ name: `${title.split(':')[0]}: ran to the end`, met: false, measured: why.slice(0, 120) }],
    }
  } finally {
    await browser.close()
  }
}

/** How much slower the large case is than the baseline. */
export const ratio = (a: Summary, b: Summary): string => `${(a.median / b.median).toFixed(2)}× median, ${(a.p95 / b.p95).toFixed(2)}× p95`

/** The same, as the report's table cell. */
export const ratioCell = (a: Summary, b: Summary): string => `${(a.median / b.median).toFixed(1)}× / ${(a.p95 / b.p95).toFixed(1)}×`

/** Browser timings on a shared machine mean little without its load beside them. */
export function loadLine(): string {
  const [one] = loadavg()
  return `1-minute load average ${one!.toFixed(1)} on ${cpus().length} cores as this part reports`
}
