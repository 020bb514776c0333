// Whether this machine has an Electron binary that runs: `npm run test:desktop` and the bench's
// desktop part ask the same question, and say why not in the same words.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'

/** `{ ok: true, binary }` when an Electron binary runs here; else `{ ok: false, why }`. */
export function electronBinary() {
  let binary
  try {
    // The electron package exports its binary's path, and throws when the binary was never downloaded.
    binary = createRequire(import.meta.url)('electron')
  } catch (e) {
    return { ok: false, why: `no Electron binary on this machine (${String(e?.message ?? e).split('\n')[0]})` }
  }
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000 })
  if (version.status !== 0)
    return {
      ok: false,
      why: `the Electron binary at ${binary} does not run (${(version.stderr || String(version.error ?? '')).split('\n')[0]})`,
    }
  return { ok: true, binary }
}
