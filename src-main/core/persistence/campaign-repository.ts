import { randomBytes } from 'node:crypto'
import { Low } from 'lowdb'
import type { CampaignSummary, OpenProblem } from '../../../src-shared/contract'
import type { CampaignRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { initialRngState } from '../dice/random-source'
import { ApplyError } from '../events/apply-event'
import { changesFor } from '../events/changes-for'
import { RecordStore } from '../state/record-store'
import { EMPTY_HISTORY, type StoredRecord } from '../state/stored-records'
import { listBackups, pruneBackups, writeBackup } from './backups'
import { CampaignPaths, fileStamp } from './campaign-paths'
import { CURRENT_SCHEMA_VERSION, documentProblem, readDocument, type CampaignDocument } from './document-schema'
import { DocumentReadError, DurableJsonAdapter } from './durable-json-adapter'
import { nodeDurableFs, removeStrayTempFiles, type DurableFs } from './durable-fs'
import { JournalCorruptError, JournalWriter, readJournal } from './journal'
import { MIGRATIONS, migrate, MigrationError, schemaVersionOf, type Migration } from './migrations'
import { OpenCampaign } from './open-campaign'
import { slug } from './slug'
import { newIdKey, withIdKey } from './id-key'

export interface RepositoryOptions {
  readonly dataDir: string
  readonly fs?: DurableFs
  readonly now?: () => Date
  /** The migration path; tests substitute their own steps. */
  readonly migrations?: readonly Migration[]
}

/** Creates, lists, opens and restores campaigns under `<data>/campaigns/<id>/`. */
export class CampaignRepository {
  readonly #fs: DurableFs
  readonly #now: () => Date

  constructor(private readonly options: RepositoryOptions) {
    this.#fs = options.fs ?? nodeDurableFs
    this.#now = options.now ?? (() => new Date())
  }

  paths(campaignId: string): CampaignPaths {
    return new CampaignPaths(this.options.dataDir, campaignId)
  }

  list(): CampaignSummary[] {
    const dir = CampaignPaths.campaignsDir(this.options.dataDir)
    return this.#fs
      .list(dir)
      .filter((id) => /^[a-z0-9-]{1,80}$/.test(id))
      .map((id) => this.#readMeta(id))
      .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1))
  }

  /** A folder name no campaign has yet: the name as a word plus a random suffix. */
  #newId(name: string): string {
    const taken = new Set(this.#fs.list(CampaignPaths.campaignsDir(this.options.dataDir)))
    for (;;) {
      const id = `${slug(name)}-${randomBytes(3).toString('hex')}`
      if (!taken.has(id)) return id
    }
  }

  /** `idKey` is random but for tests that replay one evening on two disks and compare them record for record. */
  async create(name: string, seed: string | undefined, rulesetId: string, idKey: string = newIdKey()): Promise<OpenCampaign> {
    const id = this.#newId(name)
    const paths = this.paths(id)
    this.#fs.mkdirp(paths.dir)
    const campaign: CampaignRecord = {
      typeName: 'campaign',
      id: 'campaign',
      name: name.trim(),
      rulesetId,
      createdAt: this.#now().toISOString(),
    }
    const rngSeed = seed ?? randomBytes(16).toString('hex')
    const records: StoredRecord[] = [
      campaign,
      { typeName: 'rng', id: 'rng', seed: rngSeed, state: initialRngState(rngSeed), idKey },
      EMPTY_HISTORY,
    ]
    const document: CampaignDocument = {
      schemaVersion: CURRENT_SCHEMA_VERSION,
      journalSeq: 0,
      records: Object.fromEntries(records.map((r) => [r.id, r])),
    }
    this.#fs.writeFileAtomic(paths.document, JSON.stringify(document))
    const opened = await this.open(id)
    if (!opened.ok) throw new Error(`a new campaign failed to open: ${opened.error.message}`)
    return opened.value
  }

  /**
   * Opens a campaign: reads and checks the document, migrates it (after a backup), replays
   * the journal and cuts off a torn tail. Any problem leaves the files as they were and
   * comes back as an OpenProblem offering the backups.
   */
  async open(campaignId: string): Promise<Result<OpenCampaign>> {
    const paths = this.paths(campaignId)
    try {
      removeStrayTempFiles(this.#fs, [paths.dir, paths.backupsDir, paths.assetsDir, paths.tableImagesDir])
    } catch (e) {
      // Leftovers cost disk space, not data: never a reason to keep the GM out.
      console.error(`Salvo could not tidy ${paths.dir}: ${(e as Error).message}`)
    }
    const problem = (code: string, file: string, message: string): Result<never> => {
      const detail: OpenProblem = { campaignId, code, message, file, backups: listBackups(this.#fs, paths) }
      return fail(code, message, detail)
    }
    const adapter = new DurableJsonAdapter<CampaignDocument>(this.#fs, paths.document)
    const db = new Low<CampaignDocument>(adapter, { schemaVersion: CURRENT_SCHEMA_VERSION, journalSeq: 0, records: {} })
    try {
      await db.read()
    } catch (e) {
      if (e instanceof DocumentReadError) return problem('campaign/corrupt', e.file, `${e.file}: ${e.problem}`)
      throw e
    }
    if (this.#fs.readFile(paths.document) === null) {
      return problem('campaign/missing', paths.document, `${paths.document} does not exist`)
    }
    let raw = db.data as unknown as Record<string, unknown>
    const version = schemaVersionOf(raw)
    let migrated = false
    if (version !== null && version < CURRENT_SCHEMA_VERSION) {
      try {
        const upgraded = migrate(raw, this.options.migrations ?? MIGRATIONS)
        writeBackup(this.#fs, paths, `before-migration-v${version}`, this.#fs.readFile(paths.document)!, this.#now())
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
    const checked = readDocument(raw)
    if (!checked.ok) return problem('campaign/corrupt', paths.document, `${paths.document}: ${checked.problem}`)
    const document = checked.document
    // Campaigns saved before id keys existed get theirs now (and keep it: compacted below).
    const keyed = withIdKey(document)
    const store = new RecordStore(Object.values(keyed.records))

    let journal
    try {
      journal = readJournal(this.#fs, paths.journal)
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
    let seq = document.journalSeq
    let replayed = 0
    let previous = -1
    for (const entry of journal.entries) {
      // Entries the document already holds are skipped; a seq that repeats is damage.
      if (entry.seq <= previous) {
        return problem('campaign/journalCorrupt', paths.journal, `${paths.journal}: entry ${entry.seq} appears twice`)
      }
      previous = entry.seq
      if (entry.seq <= seq) continue
      if (entry.seq !== seq + 1) {
        return problem('campaign/journalGap', paths.journal, `${paths.journal}: entry ${entry.seq} follows ${seq}`)
      }
      try {
        store.applyChanges(changesFor(store, entry))
      } catch (e) {
        // An entry that passed its checksum but cannot apply (ApplyError, or a malformed event
        // tripping a TypeError) was written wrongly: stop, and name it.
        const what = e instanceof ApplyError ? e.message : `malformed entry (${(e as Error).message})`
        return problem('campaign/journalCorrupt', paths.journal, `${paths.journal}: entry ${entry.seq}: ${what}`)
      }
      seq = entry.seq
      replayed++
    }

    db.data = keyed
    const notices: string[] = []
    // The last line cannot be kept in the journal (the next entry must start on a clean line):
    // its bytes go to a file beside it first, and only then is it cut off.
    const cut = journal.tornBytes > 0 ? `${paths.journal}.torn-${fileStamp(this.#now())}` : null
    if (cut) {
      try {
        this.#fs.writeFileAtomic(cut, journal.torn)
      } catch (e) {
        return problem(
          'campaign/cannotRepair',
          paths.journal,
          `${paths.journal} ends in a damaged line, and Salvo could not set it aside before cutting it off (${(e as Error).message}). Nothing was changed; free some disk space and open the campaign again.`,
        )
      }
      notices.push(tornNotice(paths.journal, cut, journal.tornProblem, seq))
    }
    const writer = new JournalWriter(this.#fs, paths.journal)
    if (cut) writer.truncate(journal.intactBytes)
    const opened = new OpenCampaign(paths, store, db, writer, this.#fs, this.#now, seq, replayed, notices)
    // Whatever follows only tidies or copies: a full disk must not keep the GM out of a campaign
    // the journal holds whole. Each failure is told, and play goes on.
    const tidy = (what: string, step: () => void | Promise<void>) =>
      Promise.resolve()
        .then(step)
        .catch((e: unknown) =>
          notices.push(
            `Salvo could not ${what} (${(e as Error).message}). Every command is still safe in ${paths.journal}; check the disk.`,
          ),
        )
    // A migrated document, or one given its id key just now, is written back straight away.
    await tidy(`rewrite ${paths.document}`, () => opened.compact(migrated || keyed !== document))
    // A copy of a document known to open is what the GM gets offered if a later one breaks.
    await tidy('take the backup it takes when a campaign opens', () => {
      writeBackup(this.#fs, paths, 'opened', this.#fs.readFile(paths.document)!, this.#now())
      pruneBackups(this.#fs, paths)
    })
    await tidy(`update ${paths.meta}`, () => opened.writeMeta())
    return ok(opened)
  }

  /**
   * A new campaign made from a whole document that has already passed every check an open
   * makes (an import), opened. Its folder is created only now, so a refused file leaves none.
   */
  async adopt(document: CampaignDocument, assets: ReadonlyMap<string, Uint8Array> = new Map()): Promise<Result<OpenCampaign>> {
    const record = document.records['campaign']
    const id = this.#newId(record?.typeName === 'campaign' ? record.name : 'campaign')
    const paths = this.paths(id)
    this.#fs.mkdirp(paths.dir)
    // Images before the document: a crash in between can leave images without a campaign,
    // never a campaign pointing at images it does not have.
    if (assets.size > 0) this.#fs.mkdirp(paths.assetsDir)
    for (const [name, bytes] of assets) this.#fs.writeFileAtomic(paths.asset(name), bytes)
    this.#fs.writeFileAtomic(paths.document, JSON.stringify(document))
    return this.open(id)
  }

  /**
   * Puts a backup in place of a broken document. The broken document and journal are moved
   * aside, never deleted, so nothing the GM had is lost.
   */
  async restoreBackup(campaignId: string, backup: string): Promise<Result<OpenCampaign>> {
    const bytes = this.readBackup(campaignId, backup)
    return bytes.ok ? this.restoreDocument(campaignId, bytes.value) : bytes
  }

  /**
   * A backup's bytes once they look restorable. Separate from the restore itself so the core
   * can refuse a bad backup before it closes the campaign that is open.
   */
  readBackup(campaignId: string, backup: string): Result<Buffer> {
    const paths = this.paths(campaignId)
    if (!listBackups(this.#fs, paths).some((b) => b.name === backup)) {
      return fail('backup/notFound', `No backup named ${backup} for this campaign.`)
    }
    const bytes = this.#fs.readFile(paths.backup(backup))
    if (bytes === null) return fail('backup/notFound', `No backup named ${backup} for this campaign.`)
    let parsed: unknown
    try {
      parsed = JSON.parse(bytes.toString('utf8'))
    } catch {
      return fail('backup/corrupt', `${paths.backup(backup)} is not valid JSON; choose another backup.`)
    }
    const version = schemaVersionOf(parsed)
    if (version === null) return fail('backup/corrupt', `${paths.backup(backup)} has no schemaVersion; choose another backup.`)
    // An older backup (say, the one taken before a migration) is migrated and checked by open().
    const bad = version === CURRENT_SCHEMA_VERSION ? documentProblem(parsed) : null
    if (bad) return fail('backup/corrupt', `${paths.backup(backup)}: ${bad}; choose another backup.`)
    return ok(bytes)
  }

  /**
   * Writes a backup's bytes as the campaign's document and opens it. What was there is moved
   * aside (`campaign.json.<aside>-<time>`), never deleted: 'broken' when it would not open,
   * 'replaced' when the GM chose to go back to an earlier state.
   */
  async restoreDocument(campaignId: string, bytes: Buffer, aside: 'broken' | 'replaced' = 'broken'): Promise<Result<OpenCampaign>> {
    const paths = this.paths(campaignId)
    const stamp = fileStamp(this.#now())
    if (this.#fs.readFile(paths.document) !== null) this.#fs.rename(paths.document, `${paths.document}.${aside}-${stamp}`)
    if ((this.#fs.sizeOf(paths.journal) ?? 0) > 0) this.#fs.rename(paths.journal, `${paths.journal}.${aside}-${stamp}`)
    this.#fs.writeFileAtomic(paths.document, bytes.toString('utf8'))
    return this.open(campaignId)
  }

  #readMeta(id: string): CampaignSummary {
    const buf = this.#fs.readFile(this.paths(id).meta)
    try {
      const m = JSON.parse(buf?.toString('utf8') ?? '') as Partial<CampaignSummary>
      if (typeof m.name === 'string' && typeof m.updatedAt === 'string') {
        return { id, name: m.name, rulesetId: String(m.rulesetId ?? ''), updatedAt: m.updatedAt }
      }
    } catch {
      // fall through: an unreadable meta file still lists the campaign, by its id
    }
    return { id, name: id, rulesetId: '', updatedAt: '' }
  }
}

/** What the GM is told when the journal's last line was cut off at open. */
function tornNotice(journal: string, keptIn: string, problem: string | null, lastKept: number): string {
  if (problem === 'unterminated line') {
    return `Salvo stopped while it was writing a command to ${journal}. That command was never confirmed on screen, so nothing you saw is lost; its bytes are kept in ${keptIn}. The campaign is as it was after command ${lastKept}.`
  }
  return `The last line of ${journal} was damaged (${problem ?? 'unreadable'}) and has been set aside in ${keptIn}. The campaign is as it was after command ${lastKept}; if the last thing you did before Salvo stopped is missing, do it again.`
}
