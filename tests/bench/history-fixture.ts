import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import type { CampaignDocument } from '../../src-main/core/persistence/document-schema'
import { dispatch, must, snapshotOf } from './core-fixture'

/** How long a history to give a bench campaign: stop once both are reached. */
export interface HistoryTarget {
  /** Log records in the live document. */
  readonly logEntries?: number
  /** Bytes of the campaign document. */
  readonly bytes?: number
}

export interface HistoryMade {
  readonly logEntries: number
  readonly documentBytes: number
  readonly document: string
}

/** Commands really played before padding: enough turns, rolls and damage that the log holds every kind of line. */
const PLAYED = 300

/**
 * A long campaign without playing 50,000 commands one by one (that takes minutes): the core
 * plays a few hundred real commands (turns with their start-of-turn lines, rolls, damage), is
 * closed (compacted), and the document's log is then extended with copies of those real
 * entries under fresh ids, sequence numbers and command ids, in the product's own document
 * schema, until the target is reached. The core opens and checks the result like any file.
 */
export async function addHistory(dataDir: string, campaignId: string, target: HistoryTarget): Promise<HistoryMade> {
  const core = new SalvoCore({ dataDir })
  try {
    await core.start()
    const gm = core.connect('gm', () => undefined)
    must('openCampaign', await gm.request('openCampaign', { campaignId }))
    const ids = (await snapshotOf(gm)).records.flatMap((r) => (r.typeName === 'combatant' ? [r.id] : []))
    for (let i = 0; i < PLAYED; i++) {
      if (i % 3 === 0) must('nextTurn', await dispatch(gm, 'encounter/nextTurn', {}))
      else if (i % 3 === 1) must('dice/roll', await dispatch(gm, 'dice/roll', { expression: '3d6+2', purpose: `volley ${i}` }))
      // Damage 1 then heal 1 on the same combatant: the fight ends as it started.
      else
        must(
          'adjustHp',
          await dispatch(gm, 'combatant/adjustHp', { combatantId: ids[Math.floor(i / 6) % ids.length]!, delta: i % 6 === 2 ? -1 : 1 }),
        )
    }
    gm.close()
  } finally {
    await core.shutdown()
  }
  const document = join(dataDir, 'campaigns', campaignId, 'campaign.json')
  const doc = JSON.parse(readFileSync(document, 'utf8')) as CampaignDocument
  const logs = Object.values(doc.records).flatMap((r) => (r.typeName === 'log' ? [r] : []))
  if (logs.length === 0) throw new Error('the played commands logged nothing to copy')
  let seq = Math.max(...logs.map((l) => l.seq))
  let count = logs.length
  let size = JSON.stringify(doc).length
  const short = () => count < (target.logEntries ?? 0) || size < (target.bytes ?? 0)
  for (let n = 0; short(); n++) {
    const from = logs[n % logs.length]!
    const copy = { ...from, id: `log:pad-${n}` as const, seq: ++seq, commandId: `pad-${n}` }
    doc.records[copy.id] = copy
    count++
    // The record, its key, quotes, colon and comma.
    size += JSON.stringify(copy).length + copy.id.length + 4
  }
  writeFileSync(document, JSON.stringify(doc))
  return { logEntries: count, documentBytes: statSync(document).size, document }
}
