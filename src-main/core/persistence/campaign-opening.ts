import type { OpenProblem } from '../../../src-shared/contract'
import { fail, ok, type Result } from '../../../src-shared/result'
import { RecordStore } from '../state/record-store'
import { listBackups, pruneBackups, writeBackup } from './backups'
import { CampaignDocumentFile } from './campaign-document-file'
import { fileStamp, type CampaignPaths } from './campaign-paths'
import { CURRENT_SCHEMA_VERSION, readDocument, readSealedDocument } from './document-schema'
import { DocumentSeal } from './document-seal'
import { DocumentReadError } from './durable-json-adapter'
import type { DurableFs } from './durable-fs'
import { withIdKey } from './id-key'
import { JournalCorruptError, JournalWriter, readJournal } from './journal'
import { replayJournal } from './journal-replay'
import { settleArchives, type Settled } from './log-archiving'
import { migrate, MigrationError, schemaVersionOf, type Migration } from './migrations'
import { OpenCampaign } from './open-campaign'
import { startMark } from './start-marks'

export interface OpeningDeps {
  readonly fs: DurableFs
  readonly now: () => Date
  readonly migrations: readonly Migration[]
}

/**
 * Opens a campaign: reads and checks the document (once), migrates it (after a backup), replays
 * the journal and cuts off a torn tail. Any problem leaves the files as they were and comes
 * back as an OpenProblem offering the backups.
 */
export async function openCampaignFiles(paths: CampaignPaths, { fs, now, migrations }: OpeningDeps): Promise<Result<OpenCampaign>> {
  const campaignId = paths.campaignId
  const problem = (code: string, file: string, message: string): Result<never> => {
    const detail: OpenProblem = { campaignId, code, message, file, backups: listBackups(fs, paths) }
    return fail(code, message, detail)
  }
  startMark('open-began')
  const documentFile = new CampaignDocumentFile(fs, paths.document, new DocumentSeal(fs, paths))
  let raw: unknown
  try {
    raw = await documentFile.read()
    startMark('document-read')
  } catch (e) {
    if (e instanceof DocumentReadError) return problem('campaign/corrupt', e.file, `${e.file}: ${e.problem}`)
    throw e
  }
  const bytesRead = documentFile.bytes()
  if (bytesRead === null) return problem('campaign/missing', paths.document, `${paths.document} does not exist`)
  const version = schemaVersionOf(raw)
  let migrated = false
  if (version !== null && version < CURRENT_SCHEMA_VERSION && isObject(raw)) {
    try {
      const upgraded = migrate(raw, migrations)
      writeBackup(fs, paths, `before-migration-v${version}`, bytesRead, now())
      raw = upgraded
      migrated = true
    } catch (e) {
      if (e instanceof MigrationError) return problem('campaign/migration', paths.document, `${paths.document}: ${e.message}`)
      throw e
    }
  } else if (version !== null && version > CURRENT_SCHEMA_VERSION) {
    return problem(
      'campaign/tooNew',
      paths.document,
      `${paths.document}: schemaVersion ${version} is newer than this Salvo understands (${CURRENT_SCHEMA_VERSION})`,
    )
  }
  // The checked document goes on, not the file's: fields the schema does not name are dropped (and gone at the next compaction).
  // What this folder's Salvo wrote and sealed is checked only for its shape (document-seal.ts).
  const checked = (!migrated && documentFile.sealed() && readSealedDocument(raw)) || readDocument(raw)
  if (!checked.ok) return problem('campaign/corrupt', paths.document, `${paths.document}: ${checked.problem}`)
  const document = checked.document
  // Campaigns saved before id keys existed get theirs now (and keep it: compacted below).
  const keyed = withIdKey(document)
  const store = new RecordStore(Object.values(keyed.records))
  documentFile.forgetParsed()
  startMark('document-checked')

  let journal
  try {
    journal = readJournal(fs, paths.journal)
  } catch (e) {
    if (e instanceof JournalCorruptError) return problem('campaign/journalCorrupt', e.file, e.message)
    throw e
  }
  // A journal that ends before the document begins is not the document's: after a compaction
  // the journal is emptied, so its entries can only trail the document up to exactly its seq.
  const lastEntry = journal.entries.at(-1)?.seq
  if (lastEntry !== undefined && lastEntry < document.journalSeq) {
    return problem(
      'campaign/journalBehind',
      paths.journal,
      `${paths.journal} ends at entry ${lastEntry}, but ${paths.document} already holds every entry up to ${document.journalSeq}: ` +
        'the two files are from different moments (one was copied or restored on its own). Nothing was changed; both files are kept as they are. ' +
        'Restore a backup, or put back the journal.log that belongs with this campaign.json.',
    )
  }
  const replay = replayJournal(store, journal.entries, document.journalSeq, paths.journal)
  if (!replay.ok) return problem(replay.code, paths.journal, replay.message)
  const { seq, replayed } = replay
  startMark('journal-replayed')

  const notices: string[] = []
  // Closed encounters' logs go to their archives (finishing what a crash interrupted, or moving an
  // older campaign's): a problem there costs the GM nothing but a notice, the entries stay live.
  let settled: Settled = { removed: 0, recent: [], legacy: null }
  try {
    settled = settleArchives(fs, paths, store)
  } catch (e) {
    notices.push(
      `Salvo could not move closed encounters' log entries to ${paths.logArchiveDir} (${(e as Error).message}); they stay in the campaign for now.`,
    )
  }
  startMark('archives-read')
  // The last line cannot be kept in the journal (the next entry must start on a clean line):
  // its bytes go to a file beside it first, and only then is it cut off.
  const cut = journal.tornBytes > 0 ? `${paths.journal}.torn-${fileStamp(now())}` : null
  if (cut) {
    try {
      fs.writeFileAtomic(cut, journal.torn)
    } catch (e) {
      return problem(
        'campaign/cannotRepair',
        paths.journal,
        `${paths.journal} ends in a damaged line, and Salvo could not set it aside before cutting it off (${(e as Error).message}). Nothing was changed; free some disk space and open the campaign again.`,
      )
    }
    notices.push(tornNotice(paths.journal, cut, journal.tornProblem, seq))
  }
  const writer = new JournalWriter(fs, paths.journal)
  if (cut) writer.truncate(journal.intactBytes)
  const opened = new OpenCampaign(paths, store, documentFile, writer, fs, now, seq, replayed, notices, settled.recent, settled.legacy)
  // Whatever follows only tidies or copies: a full disk must not keep the GM out of a campaign
  // the journal holds whole. Each failure is told, and play goes on.
  const tidy = (what: string, step: () => void | Promise<void>) =>
    Promise.resolve()
      .then(step)
      .catch((e: unknown) =>
        notices.push(`Salvo could not ${what} (${(e as Error).message}). Every command is still safe in ${paths.journal}; check the disk.`),
      )
  // A migrated document, or one given its id key just now, is written back straight away.
  await tidy(`rewrite ${paths.document}`, () => opened.compact(migrated || keyed !== document || settled.removed > 0))
  // A copy of a document known to open is what the GM gets offered if a later one breaks.
  const opening = documentFile.bytes()!
  if (opening.length > BACKGROUND_BACKUP_FROM && fs.writeFileAtomicAsync) {
    // A large one is written while the campaign is served (50 MB and its fsync held the start for a second).
    opened.backupBytes('opened', opening).catch((e: unknown) => {
      console.error(`Salvo could not back up ${paths.dir} as it opened: ${(e as Error).message}`)
      notices.push(`Salvo could not take the backup it takes when a campaign opens (${(e as Error).message}); check the disk.`)
    })
  } else
    await tidy('take the backup it takes when a campaign opens', () => {
      writeBackup(fs, paths, 'opened', opening, now())
      pruneBackups(fs, paths)
    })
  documentFile.keepBytes(false)
  await tidy(`update ${paths.meta}`, () => opened.writeMeta())
  return ok(opened)
}

/**
 * From this size the backup an open takes is written in the background: its fsync alone held a
 * 5,000-combatant start (2.7 MB) for 80 ms on a busy disk (issue 15); a smaller one is a few ms.
 */
const BACKGROUND_BACKUP_FROM = 1024 * 1024

/** True for any document with a schemaVersion; says so to the compiler. */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** What the GM is told when the journal's last line was cut off at open. */
function tornNotice(journal: string, keptIn: string, problem: string | null, lastKept: number): string {
  if (problem === 'unterminated line') {
    return `Salvo stopped while it was writing a command to ${journal}. That command was never confirmed on screen, so nothing you saw is lost; its bytes are kept in ${keptIn}. The campaign is as it was after command ${lastKept}.`
  }
  return `The last line of ${journal} was damaged (${problem ?? 'unreadable'}) and has been set aside in ${keptIn}. The campaign is as it was after command ${lastKept}; if the last thing you did before Salvo stopped is missing, do it again.`
}
