import { randomBytes } from 'node:crypto'
import type { CampaignSummary } from '../../../src-shared/contract'
import type { CampaignRecord, LogEntryRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { initialRngState } from '../dice/random-source'
import { EMPTY_HISTORY, type StoredRecord } from '../state/stored-records'
import { listBackups } from './backups'
import { CampaignDocumentFile } from './campaign-document-file'
import { openCampaignFiles } from './campaign-opening'
import { CampaignPaths, fileStamp } from './campaign-paths'
import { CURRENT_SCHEMA_VERSION, documentProblem, type CampaignDocument } from './document-schema'
import { nodeDurableFs, removeStrayTempFiles, type DurableFs } from './durable-fs'
import { newIdKey } from './id-key'
import { MIGRATIONS, schemaVersionOf, type Migration } from './migrations'
import type { OpenCampaign } from './open-campaign'
import { slug } from './slug'
import { appendToArchive, encounterOfArchive } from './log-archive'
import { commandSeqOf } from './log-archiving'

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
    await new CampaignDocumentFile(this.#fs, paths.document).write(document)
    const opened = await this.open(id)
    if (!opened.ok) throw new Error(`a new campaign failed to open: ${opened.error.message}`)
    return opened.value
  }

  /**
   * Opens a campaign (see openCampaignFiles); first clears away what an interrupted atomic write
   * left, which the data folder's lock makes safe.
   */
  async open(campaignId: string): Promise<Result<OpenCampaign>> {
    const paths = this.paths(campaignId)
    try {
      removeStrayTempFiles(this.#fs, [paths.dir, paths.backupsDir, paths.assetsDir, paths.tableImagesDir])
    } catch (e) {
      // Leftovers cost disk space, not data: never a reason to keep the GM out.
      console.error(`Salvo could not tidy ${paths.dir}: ${(e as Error).message}`)
    }
    return openCampaignFiles(paths, { fs: this.#fs, now: this.#now, migrations: this.options.migrations ?? MIGRATIONS })
  }

  /**
   * A new campaign made from a whole document that has already passed every check an open
   * makes (an import), opened. Its folder is created only now, so a refused file leaves none.
   */
  async adopt(
    document: CampaignDocument,
    assets: ReadonlyMap<string, Uint8Array> = new Map(),
    logArchive: ReadonlyMap<string, readonly LogEntryRecord[]> = new Map(),
  ): Promise<Result<OpenCampaign>> {
    const record = document.records['campaign']
    const id = this.#newId(record?.typeName === 'campaign' ? record.name : 'campaign')
    const paths = this.paths(id)
    this.#fs.mkdirp(paths.dir)
    // Images before the document: a crash in between can leave images without a campaign,
    // never a campaign pointing at images it does not have.
    if (assets.size > 0) this.#fs.mkdirp(paths.assetsDir)
    for (const [name, bytes] of assets) this.#fs.writeFileAtomic(paths.asset(name), bytes)
    // Archived logs before the document too, each as one whole batch.
    if (logArchive.size > 0) this.#fs.mkdirp(paths.logArchiveDir)
    for (const [name, entries] of logArchive)
      if (entries.length > 0)
        appendToArchive(
          this.#fs,
          paths.logArchive(name),
          entries,
          entries.reduce((n, e) => Math.max(n, commandSeqOf(e)), 0),
        )
    await new CampaignDocumentFile(this.#fs, paths.document).write(document)
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
    const document: unknown = JSON.parse(bytes.toString('utf8'))
    const stamp = fileStamp(this.#now())
    if (this.#fs.readFile(paths.document) !== null) this.#fs.rename(paths.document, `${paths.document}.${aside}-${stamp}`)
    if ((this.#fs.sizeOf(paths.journal) ?? 0) > 0) this.#fs.rename(paths.journal, `${paths.journal}.${aside}-${stamp}`)
    this.#setAsideLaterArchives(paths, document, `${aside}-${stamp}`)
    await new CampaignDocumentFile(this.#fs, paths.document).restore(document)
    return this.open(campaignId)
  }

  /**
   * Archives are append-only and outlive a restore, so a restored document keeps every older
   * fight's log. An archive of an encounter the restored document does not hold as ended belongs
   * to the timeline given up: it is moved aside (never deleted), so the fight, when it ends again,
   * is archived afresh rather than taken for archived already.
   */
  #setAsideLaterArchives(paths: CampaignPaths, document: unknown, suffix: string): void {
    const records = (document as { records?: unknown } | null)?.records
    const ended = new Set<string>()
    if (typeof records === 'object' && records !== null)
      for (const r of Object.values(records as Record<string, { typeName?: unknown; status?: unknown; id?: unknown }>))
        if (r?.typeName === 'encounter' && r.status === 'ended' && typeof r.id === 'string') ended.add(r.id)
    for (const name of this.#fs.list(paths.logArchiveDir)) {
      const encounterId = encounterOfArchive(name)
      if (encounterId && !ended.has(encounterId)) this.#fs.rename(paths.logArchive(name), `${paths.logArchive(name)}.${suffix}`)
    }
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
