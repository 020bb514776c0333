import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import type { CampaignDocument } from '../../src-main/core/persistence/document-schema'
import type { LogEntryRecord } from '../../src-shared/records'
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

/**
 * How the copies are numbered. `asPlayed`: as an older Salvo (one that kept a running fight's
 * whole log in the document) wrote an evening of those commands — three entries a command, each
 * command after the last, the document's journal position at the last of them, and the undo
 * marks (which would name the evening's last commands, not the few played before it) gone. The
 * default keeps what earlier benches measured: copies numbered one seq each after the played ones.
 */
export interface PadOptions {
  readonly asPlayed?: boolean
}

/** Entries per copied command, as played. */
const PER_COMMAND = 3

/** Commands really played before padding: enough turns, rolls and damage that the log holds every kind of line. */
const PLAYED = 300

/**
 * A long campaign without playing 50,000 commands one by one (that takes minutes): the core
 * plays a few hundred real commands (turns with their start-of-turn lines, rolls, damage), is
 * closed (compacted), and the document's log is then extended with copies of those real
 * entries under fresh ids, sequence numbers and command ids, in the product's own document
 * schema, until the target is reached. The core opens and checks the result like any file.
 */
export async function addHistory(
  dataDir: string,
  campaignId: string,
  target: HistoryTarget,
  options: PadOptions = {},
): Promise<HistoryMade> {
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
  const count = padLog(doc, target, options)
  writeFileSync(document, JSON.stringify(doc))
  // The core was closed, so the document holds every command the journal did: as played, the
  // document's position moved past them, and an emptied journal is what a compaction leaves.
  if (options.asPlayed) writeFileSync(join(dataDir, 'campaigns', campaignId, 'journal.log'), '')
  return { logEntries: count, documentBytes: statSync(document).size, document }
}

/** Extends a document's log with copies of its own entries until the target is reached; returns the log's length. */
export function padLog(doc: CampaignDocument, target: HistoryTarget, options: PadOptions = {}): number {
  const logs = Object.values(doc.records).flatMap((r) => (r.typeName === 'log' ? [r] : []))
  if (logs.length === 0) throw new Error('the played commands logged nothing to copy')
  const history = doc.records['history']
  // First, so the size counted is the file's (300 sheets' marks are a good part of a small one).
  if (options.asPlayed && history?.typeName === 'history') doc.records['history'] = { ...history, undo: [], redo: [] }
  let seq = Math.max(...logs.map((l) => l.seq))
  let command = doc.journalSeq
  let count = logs.length
  let size = JSON.stringify(doc).length
  const short = () => count < (target.logEntries ?? 0) || size < (target.bytes ?? 0)
  for (let n = 0; short(); n++) {
    const from = logs[n % logs.length]!
    if (options.asPlayed && n % PER_COMMAND === 0) command++
    const numbered = options.asPlayed
      ? { seq: command * 1000 + (n % PER_COMMAND), commandId: `pad-${command}` }
      : { seq: ++seq, commandId: `pad-${n}` }
    const copy: LogEntryRecord = { ...from, id: `log:pad-${n}`, ...numbered }
    doc.records[copy.id] = copy
    count++
    // The record, its key, quotes, colon and comma.
    size += JSON.stringify(copy).length + copy.id.length + 4
  }
  if (options.asPlayed) doc.journalSeq = command
  return count
}
