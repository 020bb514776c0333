// `npm run test:desktop`: starts the real Electron app and checks it opens its windows. It needs an
// Electron binary that runs, which many machines (CI containers, this project's own) lack; there
// it prints one line saying it was skipped, and why, and exits 0. Not part of `npm test`.
import { spawnSync } from 'node:child_process'
import { electronBinary } from './electron-binary.mjs'
import { LAPTOP, missingForTwoDisplays, startTwoDisplays, TV } from './two-displays.mjs'

const skip = (why) => {
  console.log(`test:desktop SKIPPED: ${why}`)
  process.exit(0)
}

const electron = electronBinary()
if (!electron.ok) skip(electron.why)
// The app writes to the user's data folder; only on Linux can the test point that at a scratch
// folder (XDG_CONFIG_HOME), so elsewhere it does not run rather than touch a GM's campaigns.
if (process.platform !== 'linux') skip(`runs on Linux only, where the app's data folder can be a scratch one (this is ${process.platform})`)

// The projector's placement is part of the test: the app runs on a private X server with a laptop
// screen and a TV beside it (two-displays.mjs), never on the desktop of whoever runs it.
const missing = missingForTwoDisplays()
if (missing) skip(missing)

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const run = (args, env = process.env) => spawnSync(npx, args, { stdio: 'inherit', env }).status ?? 1
const built = run(['electron-vite', 'build'])
if (built !== 0) process.exit(built)
const screens = await startTwoDisplays()
let status
try {
  const layout = { laptop: { x: 0, y: 0, ...LAPTOP }, tv: { x: LAPTOP.width, y: 0, ...TV } }
  status = run(['playwright', 'test', '-c', 'tests/desktop/playwright.config.ts'], {
    ...process.env,
    DISPLAY: screens.display,
    SALVO_TEST_SCREENS: JSON.stringify(layout),
  })
} finally {
  screens.stop()
}
process.exit(status)
