import { rmSync } from 'node:fs'
import type { Browser } from '@playwright/test'
import { buildDataFolder } from './core-fixture'
import { addHistory } from './history-fixture'
import { type BenchPart, type ReportRow } from './report'
import { summarize, type Summary } from './stats'
import { runWhenMain } from './run-alone'
import { loadLine, withBenchBrowser } from './bench-browser'
import { LOAD_TIMEOUT, openDeskPages } from './desk-pages'
import { hpEdit, nextTurn, type PaintCommand } from './paint-commands'
import { pickPc, sample, type PaintSample } from './paint-sampler'
import { pageMemory, mib, type PageMemory } from './page-heap'
import { WebProcess } from './web-process'

/**
 * A long evening: the desk at 300 combatants after 50,000 logged commands beside the same
 * fight fresh, in the same run — click → painted on both pages for an HP edit and next turn,
 * and the GM page's heap and elements. The long campaign's log is built by history-fixture.ts.
 */

const COMBATANTS = 300
const LOG_ENTRIES = 50_000
const WARM_UP = 3
const SAMPLES = 20

interface Evening {
  readonly logEntries: number
  readonly documentBytes: number
  readonly byCommand: Map<string, Summary>
  readonly memory: PageMemory
}

async function measure(browser: Browser, logEntries: number, commands: readonly PaintCommand[]): Promise<Evening> {
  const { dataDir, campaignId } = await buildDataFolder(COMBATANTS)
  let server: WebProcess | null = null
  try {
    const history = logEntries ? await addHistory(dataDir, campaignId, { logEntries }) : null
    server = await WebProcess.start(dataDir, LOAD_TIMEOUT)
    const pages = await openDeskPages(browser, server)
    try {
      const desk = { gm: pages.gm, player: pages.player, pcId: await pickPc(pages.gm, pages.player) }
      const samples = new Map<string, PaintSample[]>(commands.map((c) => [c.name, []]))
      for (let round = 0; round < WARM_UP + SAMPLES; round++)
        for (const command of commands) {
          const s = await sample(desk, command)
          if (round >= WARM_UP) samples.get(command.name)!.push(s)
        }
      const byCommand = new Map([...samples].map(([name, xs]) => [name, summarize(xs.map((s) => Math.max(s.gm, s.player ?? s.gm)))]))
      return {
        logEntries: history?.logEntries ?? 0,
        documentBytes: history?.documentBytes ?? 0,
        byCommand,
        memory: await pageMemory(pages.gm),
      }
    } finally {
      await pages.close()
    }
  } finally {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const ms = (s: Summary) => `${s.median.toFixed(1)} / ${s.p95.toFixed(1)} ms`

export async function runLongEveningBench(): Promise<BenchPart> {
  const title = `A long evening in Chromium: ${COMBATANTS} combatants after ${LOG_ENTRIES.toLocaleString('en-US')} log entries beside the same fight fresh; click → painted on both pages, ${SAMPLES} samples after ${WARM_UP} warm-up rounds`
  return withBenchBrowser(title, async (browser) => {
    const commands = [hpEdit, nextTurn]
    const fresh = await measure(browser, 0, commands)
    const old = await measure(browser, LOG_ENTRIES, commands)
    const lines = [
      title,
      `  ${loadLine()}`,
      `  the long campaign: ${old.logEntries.toLocaleString('en-US')} log entries, a ${(old.documentBytes / 1e6).toFixed(1)} MB document`,
    ]
    const rows: ReportRow[] = []
    for (const c of commands) {
      const a = fresh.byCommand.get(c.name)!
      const b = old.byCommand.get(c.name)!
      lines.push(
        `  ${c.name}: after ${LOG_ENTRIES.toLocaleString('en-US')} entries ${ms(b)} · fresh ${ms(a)} (median / p95) · ${(b.median / a.median).toFixed(2)}× median, ${(b.p95 / a.p95).toFixed(2)}× p95`,
      )
      rows.push({
        measure: `**GM and player pages after ${LOG_ENTRIES.toLocaleString('en-US')} log entries**, ${COMBATANTS} combatants, ${c.name}: click → painted, median / p95`,
        salvo: ms(b),
        baseline: `the same fight fresh: ${ms(a)}`,
        ratio: `${(b.median / a.median).toFixed(1)}× / ${(b.p95 / a.p95).toFixed(1)}×`,
      })
    }
    lines.push(
      `  GM page after GC: ${mib(old.memory.heapBytes)} heap, ${old.memory.elements.toLocaleString('en-US')} elements after the long evening · ${mib(fresh.memory.heapBytes)}, ${fresh.memory.elements.toLocaleString('en-US')} fresh`,
    )
    return { lines, rows }
  })
}

runWhenMain(import.meta.url, 'long evening bench', runLongEveningBench)
