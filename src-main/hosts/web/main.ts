import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SalvoCore } from '../../core/app/salvo-core'
import { parseServeArgs } from './cli-args'
import { markProcessStart, startMark } from './start-marks'
import { startWebServer } from './web-server'

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
  })
  startMark('core-built')
  await core.start()
  startMark('campaign-open')
  const server = await startWebServer(core, renderer, port)
  startMark('listening')
  address = `GM console at ${server.url}/`
  console.log(`Salvo is running (data: ${path.resolve(dataDir)})`)
  console.log(`  GM console:    ${server.url}/`)
  console.log(`  Player screen: ${server.url}/player`)
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
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
