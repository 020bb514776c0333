// Two virtual screens side by side for the desktop smoke test: a 1368×768 laptop and a 1920×1080
// TV to its right, on one private X server, so the projector window's placement is tested the way
// a GM's laptop with a TV plugged in reports it.
//
// Why Xorg's dummy driver and not Xvfb: Xvfb (21.1, Debian 12) reports one RandR monitor whatever
// `xrandr --setmonitor` is told, and with +xinerama its screens all sit at 0,0; Chromium then sees
// one display. The dummy driver has real RandR outputs, and Chromium reports `screen.isExtended`.
// Needs: xserver-xorg-core, xserver-xorg-video-dummy, x11-xserver-utils (xrandr).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const LAPTOP = { width: 1368, height: 768 }
export const TV = { width: 1920, height: 1080 }

const CONFIG = `Section "Device"
  Identifier "dummy"
  Driver "dummy"
  VideoRam 256000
EndSection
Section "Monitor"
  Identifier "monitor"
  HorizSync 5.0-1000.0
  VertRefresh 5.0-200.0
EndSection
Section "Screen"
  Identifier "screen"
  Device "dummy"
  Monitor "monitor"
  DefaultDepth 24
  SubSection "Display"
    Depth 24
    Virtual ${LAPTOP.width + TV.width} ${Math.max(LAPTOP.height, TV.height)}
  EndSubSection
EndSection
`

/** Why two displays cannot be made here, or null when they can be tried. */
export function missingForTwoDisplays() {
  if (process.platform !== 'linux') return `two virtual displays need Linux (this is ${process.platform})`
  for (const [tool, pkg] of [
    ['Xorg', 'xserver-xorg-core'],
    ['xrandr', 'x11-xserver-utils'],
  ])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is missing (apt-get install ${pkg})`
  if (!existsSync('/usr/lib/xorg/modules/drivers/dummy_drv.so'))
    return "Xorg's dummy driver is missing (apt-get install xserver-xorg-video-dummy)"
  return null
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Starts the server and lays the two screens out; resolves to its DISPLAY and a stop function.
 * Rejects with what went wrong (the server's log is kept until stop).
 */
export async function startTwoDisplays() {
  const dir = mkdtempSync(join(tmpdir(), 'salvo-x-'))
  writeFileSync(join(dir, 'xorg.conf'), CONFIG)
  let number = 90
  while (existsSync(`/tmp/.X11-unix/X${number}`) || existsSync(`/tmp/.X${number}-lock`)) number++
  const display = `:${number}`
  const log = join(dir, 'xorg.log')
  const server = spawn('Xorg', [display, '-noreset', '-nolisten', 'tcp', '-config', join(dir, 'xorg.conf'), '-logfile', log], {
    stdio: 'ignore',
  })
  const stop = () => {
    server.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
  const xrandr = (...args) => spawnSync('xrandr', args, { encoding: 'utf8', env: { ...process.env, DISPLAY: display } })
  try {
    for (let waited = 0; xrandr('--query').status !== 0; waited += 100) {
      if (server.exitCode !== null || waited > 10_000) throw new Error(`Xorg did not start on ${display}; see ${log}`)
      await sleep(100)
    }
    // The dummy outputs know no 1920×1080 mode of their own; this is its CVT timing.
    xrandr('--newmode', 'tv', '173.00', '1920', '2048', '2248', '2576', '1080', '1083', '1088', '1120', '-hsync', '+vsync')
    xrandr('--addmode', 'DUMMY1', 'tv')
    const laid = xrandr(
      ...['--output', 'DUMMY0', '--mode', `${LAPTOP.width}x${LAPTOP.height}`, '--pos', '0x0', '--primary'],
      ...['--output', 'DUMMY1', '--mode', 'tv', '--pos', `${LAPTOP.width}x0`],
    )
    const monitors = xrandr('--listmonitors').stdout
    if (laid.status !== 0 || !/^Monitors: 2$/m.test(monitors))
      throw new Error(`could not lay out two screens: ${laid.stderr.trim() || monitors.trim()}`)
    return { display, stop }
  } catch (e) {
    stop()
    throw e
  }
}

// `node scripts/two-displays.mjs`: starts the pair, prints what X reports, stops.
if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = missingForTwoDisplays()
  if (missing) {
    console.log(missing)
    process.exit(1)
  }
  const { display, stop } = await startTwoDisplays()
  console.log(spawnSync('xrandr', ['--listmonitors'], { encoding: 'utf8', env: { ...process.env, DISPLAY: display } }).stdout)
  stop()
}
