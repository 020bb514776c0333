import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import { CampaignRepository } from '../../src-main/core/persistence/campaign-repository'
import type { CampaignDocument } from '../../src-main/core/persistence/document-schema'
import { ROLLING_LOG } from '../../src-main/core/persistence/rolling-log'
import { must } from './core-fixture'

export interface HistoryRolled {
  /** Core start (opening the campaign as an older Salvo left it) to a GM snapshot (ms). */
  readonly openMs: number
  /** From the start to the document rewritten without the rolled entries, while served (ms; NaN: not within the cap). */
  readonly rolledMs: number
  /** The longest the event loop was held from the snapshot to then (ms). */
  readonly longestStallMs: number
  readonly documentBytesBefore: number
  readonly documentBytesAfter: number
  /** Bytes in the campaign's log archives afterwards. */
  readonly archiveBytes: number
}

/** Past this the roll is reported as not finished. */
const ROLL_CAP_MS = 300_000

/**
 * The one-time upgrade of a campaign whose running fight's whole log is in its document (an
 * older Salvo's, or `addHistory`'s as-played padding): the core opens it and serves it at
 * once, rolls the fight's oldest entries into its archive a slice at a time in the background
 * and then compacts the document (its inode changes: the first rewrite of a clean upgrade, no
 * command comes in); then the core is closed, and whatever was left is rolled and compacted
 * through the repository. Afterwards the folder is what Salvo's own files look like after such
 * an evening: a small document and the history in an archive.
 */
export async function rollHistory(dataDir: string, campaignId: string): Promise<HistoryRolled> {
  const dir = join(dataDir, 'campaigns', campaignId)
  const document = join(dir, 'campaign.json')
  const documentBytesBefore = statSync(document).size
  const doc = JSON.parse(readFileSync(document, 'utf8')) as CampaignDocument
  // A log within its bound is not rolled: nothing to wait for.
  const due = Object.values(doc.records).filter((r) => r.typeName === 'log').length > ROLLING_LOG.bound
  const core = new SalvoCore({ dataDir, idleCompactMs: 3_600_000 })
  const ticks: number[] = []
  const timer = setInterval(() => ticks.push(performance.now()), 1)
  let openMs: number
  let rolledMs = Number.NaN
  let served: number
  try {
    // Read before the open: an open that finds rolled batches still in the document (a process
    // stopped mid-roll, as a cold-start run leaves it) rewrites it at once.
    const inode = statSync(document).ino
    const start = performance.now()
    await core.start()
    const gm = core.connect('gm', () => undefined)
    must('snapshot', await gm.request('snapshot', undefined))
    served = performance.now()
    openMs = served - start
    while (due && performance.now() - start < ROLL_CAP_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      if (statSync(document).ino !== inode) {
        rolledMs = performance.now() - start
        break
      }
    }
    gm.close()
  } finally {
    clearInterval(timer)
    await core.shutdown()
  }
  await finishRoll(dataDir, campaignId)
  let longestStallMs = 0
  for (let k = 1; k < ticks.length; k++) if (ticks[k - 1]! >= served) longestStallMs = Math.max(longestStallMs, ticks[k]! - ticks[k - 1]!)
  const archiveDir = join(dir, 'log-archive')
  const archives = existsSync(archiveDir) ? readdirSync(archiveDir) : []
  const archiveBytes = archives.reduce((n, f) => n + statSync(join(archiveDir, f)).size, 0)
  return { openMs, rolledMs, longestStallMs, documentBytesBefore, documentBytesAfter: statSync(document).size, archiveBytes }
}

/** Whatever the served open left to roll (it stopped at the first rewrite), rolled now, and the document compacted. */
async function finishRoll(dataDir: string, campaignId: string): Promise<void> {
  const opened = await new CampaignRepository({ dataDir }).open(campaignId)
  if (!opened.ok) throw new Error(opened.error.message)
  while (opened.value.moveLogSlice() !== null) {
    // a slice at a time, as the upkeep does
  }
  await opened.value.close()
}
