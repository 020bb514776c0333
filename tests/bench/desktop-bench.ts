import { electronBinary } from '../../scripts/electron-binary.mjs'
import type { BenchPart } from './report'

const TITLE = "Desktop shell (Electron): cold start and painting a command in the app's own windows"

/**
 * The desktop shell's measures. Only where an Electron binary runs: none runs on the machine this
 * bench was built on (the package installs, its binary cannot be downloaded), so here it says so
 * in one line. Where one runs, the measures are not built yet, and the goal says so rather than
 * passing unseen.
 */
export async function runDesktopBench(): Promise<BenchPart> {
  const electron = electronBinary()
  if (!electron.ok) {
    return {
      lines: [TITLE, `  skipped: ${electron.why}`],
      rows: [{ measure: TITLE, salvo: `skipped: ${electron.why.slice(0, 80)}`, baseline: '', ratio: '' }],
    }
  }
  const why = `an Electron binary runs here (${electron.binary}), but the desktop measures are not built yet`
  return {
    lines: [TITLE, `  not measured: ${why}`],
    rows: [{ measure: TITLE, salvo: 'not measured', baseline: '', ratio: '' }],
    goals: [{ name: 'desktop shell: cold start and paint measured in Electron', met: false, measured: 'not built' }],
  }
}
