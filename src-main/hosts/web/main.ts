import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SalvoCore } from '../../core/app/salvo-core'
import { spawnWorkerAt } from '../../core/autopilot/forecast-service'
import { parseServeArgs } from './cli-args'
import { DeferredOpen } from './deferred-open'
import { PageFilesSent } from './page-files'
import { markProcessStart, startMark } from './start-marks'
import { startWebServer } from './web-server'

/**
 * How long the last campaign waits for a page's files before it opens anyway. A browser pointed
 * at the address asks within tens of milliseconds, but on a loaded machine half a second was
 * seen to pass before it asked for the scripts. Waiting longer costs nothing: a window that
 * connects (a page with its files cached) opens the campaign at once.
 */
const OPEN_WITHOUT_PAGE_MS = 2_000

/** `npm run serve`: the main-process core on 127.0.0.1, the renderer in any browser. */
async function main(): Promise<void> {
  markProcessStart()
  startMark('modules-loaded')
  const parsed = parseServeArgs(process.argv.slice(2))
  if (!parsed.ok) {
    console.error(parsed.message)
    process.exit(2)
  }
  const { dataDir, port, rendererDir } = parsed.options
  const here = path.dirname(fileURLToPath(import.meta.url))
  const renderer = path.resolve(rendererDir ?? path.join(here, '../renderer'))
  let address = 'starting up'
  const core = new SalvoCore({
    dataDir: path.resolve(dataDir),
    resourcesDir: path.resolve(here, '../../resources'),
    describeHolder: () => ({ what: `Salvo browser mode (${address})` }),
    forecastWorker: spawnWorkerAt(path.join(here, 'forecast-worker.js')),
  })
  startMark('core-built')
  await core.takeDataFolder()
  // The campaign opens while the GM's browser loads the page (see deferred-open.ts).
  const opening = new DeferredOpen(() => core.reopenLast(), OPEN_WITHOUT_PAGE_MS)
  const pageFiles = new PageFilesSent(renderer, () => opening.soon())
  const server = await startWebServer(core, renderer, port, {
    fileSent: (urlPath) => pageFiles.sent(urlPath),
    windowsWelcome: () => opening.now(),
  })
  startMark('listening')
  opening.done.then(
    () => startMark('campaign-open'),
    (e: unknown) => {
      console.error(`Salvo could not start: ${(e as Error).message}`)
      process.exit(1)
    },
  )
  address = `GM console at ${server.url}/`
  console.log(`Salvo is running (data: ${path.resolve(dataDir)})`)
  console.log(`  GM console:    ${server.url}/`)
  console.log(`  Player screen: ${server.url}/player`)
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    opening.cancelFallback()
    await server.close()
    await core.shutdown()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

main().catch((e: unknown) => {
  console.error(`Salvo could not start: ${(e as Error).message}`)
  process.exit(1)
})
