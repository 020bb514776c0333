import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SalvoCore } from '../../core/app/salvo-core'
import { spawnProcessAt } from '../../core/autopilot/forecast-runners'
import { parseServeArgs } from './cli-args'
import { DeferredOpen } from './deferred-open'
import { GmKey } from './gm-key'
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
    forecastWorker: spawnProcessAt(path.join(here, 'forecast-worker.js')),
  })
  startMark('core-built')
  await core.takeDataFolder()
  // The campaign opens while the GM's browser loads the page (see deferred-open.ts).
  const opening = new DeferredOpen(() => core.reopenLast(), OPEN_WITHOUT_PAGE_MS)
  const pageFiles = new PageFilesSent(renderer, () => opening.soon())
  const server = await startWebServer(core, renderer, port, {
    // Made for this run only: a link from an earlier run opens nothing.
    gmKey: GmKey.generate(),
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
  // Without the key: this names the holder to a second copy, which prints it.
  address = `GM console at ${server.url}/`
  console.log(`Salvo is running (data: ${path.resolve(dataDir)})`)
  // The one line that ever shows the key: the GM copies it into the browser.
  console.log(`  GM console:    ${server.gmUrl}`)
  console.log(`  Player screen: ${server.url}/player`)
  console.log("  The GM link carries this run's key: keep it to yourself. After a restart, open the new one.")
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
