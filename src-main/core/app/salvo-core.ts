import * as path from 'node:path'
import { RulesRequests } from './rules-requests'
import {
  PLAYER_REQUESTS,
  REQUEST_NAMES,
  type OpenProblem,
  type RequestInputs,
  type RequestName,
  type RequestResults,
  type ServerMessage,
  type SessionInfo,
} from '../../../src-shared/contract'
import { requestInputSchemas } from '../../../src-shared/request-schemas'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ViewRole } from '../../../src-shared/views'
import { createRulesetRegistry, DEFAULT_RULESET_ID, type RulesetRegistry } from '../../rules/ruleset-registry'
import type { Ruleset } from '../../rules/ruleset'
import { CampaignEngine } from '../engine/campaign-engine'
import { BACKUP_REASONS, listBackups } from '../persistence/backups'
import { CampaignRepository } from '../persistence/campaign-repository'
import { nodeDurableFs, removeStrayTempFiles, type DurableFs } from '../persistence/durable-fs'
import type { OpenCampaign } from '../persistence/open-campaign'
import { RecentCampaigns } from '../persistence/recent-campaigns'
import { ViewChannel, type ProjectionEnv } from '../projection/view-channel'
import { TableImages } from '../assets/table-images'
import { sceneInPlay } from '../state/scene-in-play'
import type { SceneRecord } from '../../../src-shared/records'
import { RecordStore } from '../state/record-store'
import { exportCampaign } from '../transfer/campaign-export'
import { AssetStore } from '../assets/asset-store'
import { importPortrait, importSceneImage } from '../assets/image-import'
import { parseAssetFileName } from '../../../src-shared/scene-assets'
import { checkCampaignImport } from '../transfer/campaign-import'
import { unrefIntervalTimer, type IntervalTimer } from './interval-timer'
import { SerialQueue } from './serial-queue'
import { onNextTurn, RequestLane } from './request-lane'
import { tableAssetNames } from '../projection/project-record'
import { sessionInfo, undoLabels } from './session-info'
import { LastCampaign } from './last-campaign'
import { DisplayChoice, type DisplaySource } from './display-choice'
import { lockDataFolder, type DataFolderLock } from '../persistence/data-folder-lock'

export interface CoreOptions {
  readonly dataDir: string
  readonly fs?: DurableFs
  readonly now?: () => Date
  /** Fold the journal into the document after this long without commands (ms). */
  readonly idleCompactMs?: number
  /** Where the shipped content packs are (default: ./resources). */
  readonly resourcesDir?: string
  /** How often the open campaign gets a rolling backup, if it changed (ms; default 10 minutes). */
  readonly backupEveryMs?: number
  /** The clock for rolling backups; tests pass one they can tick by hand. */
  readonly backupTimer?: IntervalTimer
  /** The desktop shell's screens, for choosing where the projector goes; absent in browser mode. */
  readonly displays?: DisplaySource
  /** How this process names itself to a second Salvo that finds the data folder taken. */
  readonly describeHolder?: () => { readonly what: string }
}

const TEN_MINUTES = 10 * 60 * 1000
const MAX_NOTICES = 8

/**
 * Requests one window may have waiting. The GM's cover a pipelined burst of commands; the
 * table asks for a snapshot and a session when it connects, so a handful is already generous.
 */
export const MAX_WAITING_REQUESTS: Readonly<Record<ViewRole, number>> = { gm: 256, player: 4 }

/** One window (GM or player) attached to the core. */
export interface Connection {
  readonly role: ViewRole
  request<N extends RequestName>(name: N, input: unknown): Promise<Result<RequestResults[N]>>
  /** Requests of this window not answered yet (at most MAX_WAITING_REQUESTS for its role). */
  readonly waiting: number
  close(): void
}

interface Attached {
  readonly channel: ViewChannel
  readonly send: (m: ServerMessage) => void
  /** The session this window was last given, so an unchanged one is not pushed again. */
  lastSession: string | null
}

/**
 * The main-process core both shells wrap: it owns the open campaign, routes every request
 * through one serial queue, and keeps each attached window's projection up to date.
 */
export class SalvoCore {
  readonly #repo: CampaignRepository
  readonly #fs: DurableFs
  readonly #last: LastCampaign
  readonly #displayChoice: DisplayChoice
  readonly #queue = new SerialQueue()
  readonly #attached = new Set<Attached>()
  #campaign: OpenCampaign | null = null
  #engine: CampaignEngine | null = null
  #problem: OpenProblem | null = null
  /** A storage problem the GM should know about even though play can go on. */
  #warning: string | null = null
  #idleTimer: ReturnType<typeof setTimeout> | null = null
  #stopRollingBackups: (() => void) | null = null
  /** The journal position the last backup of the open campaign holds. */
  #backedUpSeq = 0
  #lock: DataFolderLock | null = null
  /** The open campaign's masked pictures for the table. */
  #tableImages: TableImages | null = null
  /** What the GM should know about this campaign since it opened (a cut journal line, a picture the table cannot get). */
  #notices: string[] = []

  readonly #rulesets: RulesetRegistry
  readonly #recent: RecentCampaigns
  readonly #now: () => Date

  constructor(private readonly options: CoreOptions) {
    this.#rulesets = createRulesetRegistry(options.resourcesDir ?? path.resolve('resources'))
    this.#fs = options.fs ?? nodeDurableFs
    this.#repo = new CampaignRepository({ dataDir: options.dataDir, fs: this.#fs, now: options.now })
    this.#recent = new RecentCampaigns(this.#fs, options.dataDir)
    this.#last = new LastCampaign(this.#fs, options.dataDir)
    this.#displayChoice = new DisplayChoice(this.#fs, options.dataDir, options.displays ?? null)
    this.#now = options.now ?? (() => new Date())
  }

  /**
   * Takes the data folder (throws DataFolderInUseError, having changed nothing, when another
   * Salvo holds it), then reopens the campaign that was open last time, if any (a crash or
   * restart resumes play).
   */
  async start(): Promise<void> {
    await this.#queue.run(async () => {
      this.#fs.mkdirp(this.options.dataDir)
      this.#lock = await lockDataFolder(this.options.dataDir, this.options.describeHolder ?? (() => ({ what: 'a Salvo process' })))
      removeStrayTempFiles(this.#fs, [this.options.dataDir])
      const last = this.#last.read()
      if (last && this.#repo.list().some((c) => c.id === last)) await this.#open(() => this.#repo.open(last), last)
    })
  }

  connect(role: ViewRole, send: (message: ServerMessage) => void): Connection {
    const attached: Attached = { channel: new ViewChannel(role, send), send, lastSession: null }
    this.#attached.add(attached)
    // The table only reads what is already in memory, so its requests need not queue behind
    // the GM's commands — and must not make the GM's commands queue behind them.
    const lane = new RequestLane(MAX_WAITING_REQUESTS[role], role === 'gm' ? (job) => this.#queue.run(job) : onNextTurn)
    const busy = () =>
      fail('request/busy', `This window has ${MAX_WAITING_REQUESTS[role]} requests waiting already; wait for their answers and ask again.`)
    return {
      role,
      request: (name, input) => lane.submit(() => this.#handle(attached, name, input), busy) as never,
      get waiting() {
        return lane.waiting
      },
      close: () => {
        this.#attached.delete(attached)
      },
    }
  }

  async shutdown(): Promise<void> {
    await this.#queue.run(async () => {
      const campaign = this.#drop()
      try {
        await campaign?.close()
      } catch (e) {
        // A full disk at the last moment: the journal holds every command, the next open replays it.
        console.error(`Salvo could not close ${campaign?.id} cleanly: ${(e as Error).message}`)
      }
      await this.#lock?.release()
      this.#lock = null
    })
  }

  /** Stops everything that works on the open campaign for it (timers, masked pictures) and lets go of it; returns it. */
  #drop(): OpenCampaign | null {
    if (this.#idleTimer) clearTimeout(this.#idleTimer)
    this.#stopRollingBackups?.()
    this.#stopRollingBackups = null
    this.#tableImages?.dispose()
    this.#tableImages = null
    this.#notices = []
    const campaign = this.#campaign
    this.#campaign = null
    this.#engine = null
    return campaign
  }

  /** Resolves once the table's pictures of the open campaign are all made (tests wait on it). */
  async tablePicturesSettled(): Promise<void> {
    await this.#tableImages?.settled()
    await this.#queue.idle()
  }

  /**
   * Leaves the data folder the way a killed process does: no compaction, no closing backup,
   * nothing written; timers stop and the folder's lock goes, as the OS would drop it. For tests
   * that restart Salvo within one process; the app itself always shuts down.
   */
  async abandon(): Promise<void> {
    await this.#queue.run(async () => {
      this.#drop()?.abandon()
      await this.#lock?.release()
      this.#lock = null
    })
  }

  async #handle(attached: Attached, name: string, input: unknown): Promise<Result<unknown>> {
    if (!(REQUEST_NAMES as readonly string[]).includes(name))
      return fail('request/unknown', `Unknown request "${String(name).slice(0, 40)}".`)
    const request = name as RequestName
    if (attached.channel.role === 'player' && !PLAYER_REQUESTS.has(request)) {
      return fail('request/forbidden', 'The player view can only read; commands come from the GM window.')
    }
    const parsed = requestInputSchemas[request].safeParse(input)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return fail('request/invalid', `Invalid ${request} request: ${issue?.path.join('.') || 'input'} ${issue?.message ?? ''}`.trim())
    }
    try {
      return await this.#route(attached, request, parsed.data)
    } catch (e) {
      return fail('core/failed', `Salvo hit an unexpected problem handling ${request}: ${(e as Error).message}`)
    }
  }

  async #route(attached: Attached, request: RequestName, input: unknown): Promise<Result<unknown>> {
    switch (request) {
      case 'dispatch':
        return this.#dispatch(input)
      case 'snapshot':
        return ok(attached.channel.snapshot(this.#campaign?.store ?? emptyStore, this.#campaign?.seq ?? 0, this.#projection))
      case 'listRulesets':
        return ok(this.#rulesets.list())
      case 'previewAttack':
      case 'previewReach':
      case 'listActions':
      case 'listConditions':
      case 'rulesetSetup':
      case 'previewMove':
      case 'movementCost':
      case 'sheetForm':
        return this.#rules.handle(request, input)
      case 'session': {
        const session = this.#session(attached.channel.role)
        attached.lastSession = JSON.stringify(session)
        return ok(session)
      }
      case 'listCampaigns':
        return ok(this.#recent.order(this.#repo.list()))
      case 'createCampaign': {
        const { name, seed, rulesetId = DEFAULT_RULESET_ID } = input as { name: string; seed?: string; rulesetId?: string }
        if (!this.#rulesets.find(rulesetId)) return fail('campaign/unknownRuleset', `There is no ruleset "${rulesetId}".`)
        return this.#open(async () => ok(await this.#repo.create(name, seed, rulesetId)))
      }
      case 'openCampaign': {
        // Checked before anything closes, as for a backup: a campaign that is not there leaves the open one in play.
        const { campaignId } = input as { campaignId: string }
        if (!this.#repo.list().some((c) => c.id === campaignId))
          return fail('campaign/notFound', `There is no campaign "${campaignId}" in this data folder.`)
        return this.#open(() => this.#repo.open(campaignId), campaignId)
      }
      case 'restoreBackup': {
        const { campaignId, backup } = input as { campaignId: string; backup: string }
        // Checked before anything closes: a bad choice leaves the open campaign in play.
        const bytes = this.#repo.readBackup(campaignId, backup)
        if (!bytes.ok) return bytes
        const aside = this.#campaign?.id === campaignId ? 'replaced' : 'broken'
        return this.#open(() => this.#repo.restoreDocument(campaignId, bytes.value, aside), campaignId)
      }
      case 'listBackups':
        if (!this.#campaign) return fail('campaign/none', 'Open a campaign to see its backups.')
        return ok(listBackups(this.#fs, this.#campaign.paths))
      case 'exportCampaign':
        if (!this.#campaign) return fail('campaign/none', 'Open a campaign to export it.')
        return exportCampaign(this.#campaign, this.#fs)
      case 'importCampaign': {
        const { fileName, text } = input as { fileName: string; text: string }
        // Every check runs before the open campaign is closed or a folder is made.
        const checked = checkCampaignImport(fileName, text, (id) => this.#rulesets.find(id))
        if (!checked.ok) return checked
        return this.#open(() => this.#repo.adopt(checked.value.document, checked.value.assets))
      }
      case 'listDisplays':
      case 'chooseDisplay':
        return request === 'listDisplays'
          ? ok(this.#displayChoice.info())
          : this.#displayChoice.choose((input as RequestInputs['chooseDisplay']).displayId)
      case 'importSceneImage':
      case 'importPortrait': {
        if (!this.#campaign) return fail('campaign/none', 'Open a campaign to import images into it.')
        const campaign = this.#campaign
        const deps = {
          store: campaign.store,
          assets: new AssetStore(this.#fs, campaign.paths),
          dispatch: (c: unknown) => this.#dispatch(c),
          nextSeq: campaign.seq + 1,
        }
        return request === 'importPortrait'
          ? importPortrait(input as RequestInputs['importPortrait'], deps)
          : importSceneImage(input as RequestInputs['importSceneImage'], deps)
      }
    }
  }

  /** The screen the GM chose for the projector (null: the first that is not the GM's), for the shell to place the window. */
  readonly projectorDisplay = (): number | null => this.#displayChoice.read()

  /**
   * The file an asset name stands for, if this role may load it now: what both shells serve for
   * a picture URL. The GM's window may load any picture of the open campaign; the table only a
   * name its projection holds at this moment (so a hidden combatant's portrait, or a map the fog
   * covers, is a 404 however its name was learnt). Any other campaign's files are out of reach
   * by construction.
   */
  assetFile(role: ViewRole, name: string): string | null {
    const asset = parseAssetFileName(name)
    const campaign = this.#campaign
    if (!asset || !campaign) return null
    const stored = new AssetStore(this.#fs, campaign.paths)
    if (role === 'gm') return stored.fileOf(asset)
    if (!tableAssetNames(campaign.store, this.#projection.tablePicture).has(name)) return null
    // A masked copy of a fogged map, or an original the table may see whole (a map without fog, a portrait).
    return this.#tableImages?.fileOf(name) ?? stored.fileOf(asset)
  }

  #dispatch(input: unknown): Result<RequestResults['dispatch']> {
    if (!this.#campaign || !this.#engine) return fail('campaign/none', 'Open or create a campaign first.')
    const campaign = this.#campaign
    const before = undoLabels(this.#campaign)
    const result = this.#engine.execute(input)
    if (!result.ok) return result
    if (result.value.repeated) return ok(result.value.ack)
    // New or edited items change cards everywhere: give every window a fresh projection.
    if (result.value.contentChanged) this.#resetViews()
    else for (const a of this.#attached) a.channel.publish(campaign.store, result.value.changes, campaign.seq, this.#projection)
    // A table that connects later should find the scene in play's masked picture already made.
    if (result.value.changes.some((c) => c.id.startsWith('scene:'))) this.#prepareTablePicture(campaign)
    // A rename (or its undo) shows in every title and in the campaign list at once.
    const renamed = result.value.changes.some((c) => c.id === 'campaign')
    if (renamed) this.#writeMeta(campaign)
    const after = undoLabels(this.#campaign)
    if (renamed || before.undo !== after.undo || before.redo !== after.redo) this.#broadcastSession()
    // The engine validated the input, so its type is a real command type.
    if ((input as { type: string }).type === 'encounter/end') this.#rollingBackup(campaign, BACKUP_REASONS.encounterEnd)
    this.#scheduleCompaction()
    return ok(result.value.ack)
  }

  /**
   * Switches campaigns. Whatever happens, every window is told the new session and gets a
   * fresh snapshot, so no screen keeps showing a campaign that is no longer open.
   */
  /** `campaignId` names the campaign in a problem when loading throws (empty for one not made yet). */
  async #open(load: () => Promise<Result<OpenCampaign>>, campaignId = ''): Promise<Result<RequestResults['openCampaign']>> {
    const previous = this.#drop()
    const outcome = await this.#switchTo(previous, load, campaignId)
    this.#broadcastSession()
    this.#resetViews()
    return outcome
  }

  async #switchTo(
    previous: OpenCampaign | null,
    load: () => Promise<Result<OpenCampaign>>,
    campaignId: string,
  ): Promise<Result<RequestResults['openCampaign']>> {
    try {
      await previous?.close()
    } catch (e) {
      // Its journal already holds every acknowledged command; the next open replays it.
      console.error(`Salvo could not close ${previous?.id} cleanly: ${(e as Error).message}`)
    }
    let loaded: Result<OpenCampaign>
    try {
      loaded = await load()
    } catch (e) {
      // Not one of the problems an open names itself (a disk that fails to read, say): still the GM's to see.
      const message = `Salvo could not open the campaign: ${(e as Error).message}`
      this.#problem = { campaignId, code: 'campaign/openFailed', message, file: this.options.dataDir, backups: [] }
      return fail('campaign/openFailed', message)
    }
    if (!loaded.ok) {
      this.#problem = (loaded.error.detail as OpenProblem | undefined) ?? null
      return loaded
    }
    const campaign = loaded.value
    const rulesetId = campaign.summary().rulesetId
    const ruleset = this.#rulesets.find(rulesetId)
    if (!ruleset) {
      await campaign.close()
      const message = `This campaign uses the ruleset "${rulesetId}", which this version of Salvo does not have.`
      this.#problem = { campaignId: campaign.id, code: 'campaign/unknownRuleset', message, file: campaign.paths.document, backups: [] }
      return fail('campaign/unknownRuleset', message)
    }
    this.#campaign = campaign
    this.#engine = new CampaignEngine(campaign, ruleset)
    this.#problem = null
    this.#warning = null
    this.#notices = [...campaign.openNotices]
    this.#tableImages = new TableImages(
      this.#fs,
      campaign.paths,
      () => campaign.store.ofType('scene'),
      (sceneId) => this.#tablePictureReady(campaign, sceneId),
    )
    try {
      this.#tableImages.prune()
    } catch (e) {
      console.error(`Salvo could not tidy ${campaign.paths.dir}/table-images: ${(e as Error).message}`)
    }
    this.#prepareTablePicture(campaign)
    try {
      this.#last.write(campaign.id)
      this.#recent.markOpened(campaign.id, this.#now())
    } catch (e) {
      console.error(`Salvo could not remember the open campaign: ${(e as Error).message}`)
    }
    this.#startRollingBackups(campaign)
    return ok(this.#recent.order([campaign.summary()])[0]!)
  }

  /**
   * A copy of the open campaign every so often, skipped when nothing changed since the last
   * one (an idle evening would otherwise fill the pool with copies of the same state).
   */
  #startRollingBackups(campaign: OpenCampaign): void {
    this.#backedUpSeq = campaign.seq
    const timer = this.options.backupTimer ?? unrefIntervalTimer
    this.#stopRollingBackups = timer.every(this.options.backupEveryMs ?? TEN_MINUTES, () => {
      void this.#queue.run(() => {
        if (this.#campaign === campaign && campaign.seq !== this.#backedUpSeq) this.#rollingBackup(campaign, BACKUP_REASONS.periodic)
      })
    })
  }

  /** A failed backup stops nothing (the journal still holds every change), but the GM hears of it. */
  #rollingBackup(campaign: OpenCampaign, reason: string): void {
    const before = this.#warning
    try {
      campaign.backup(reason)
      this.#backedUpSeq = campaign.seq
    } catch (e) {
      console.error(`Salvo could not back up ${campaign.paths.dir}: ${(e as Error).message}`)
      this.#warning = `Salvo could not write a backup of this campaign (${(e as Error).message}). Every change is still saved; check the disk.`
    }
    if (this.#warning !== before) this.#broadcastSession()
  }

  #writeMeta(campaign: OpenCampaign): void {
    try {
      campaign.writeMeta()
    } catch (e) {
      // Only the campaign list's copy of the name is stale; the campaign itself has the change.
      console.error(`Salvo could not update ${campaign.paths.meta}: ${(e as Error).message}`)
    }
  }

  /** Every window drops what it holds and gets a fresh snapshot. */
  #resetViews(): void {
    for (const a of this.#attached) {
      a.channel.reset()
      a.send({
        kind: 'snapshot',
        snapshot: a.channel.snapshot(this.#campaign?.store ?? emptyStore, this.#campaign?.seq ?? 0, this.#projection),
      })
    }
  }

  /** Tells each window its session if it changed for that window: the table hears nothing of the GM's undo labels. */
  #broadcastSession(): void {
    for (const a of this.#attached) {
      const session = this.#session(a.channel.role)
      const json = JSON.stringify(session)
      if (json === a.lastSession) continue
      a.lastSession = json
      a.send({ kind: 'session', session })
    }
  }

  /** Adds a notice for the GM (once), and tells the GM's windows. */
  #notice(message: string): void {
    if (this.#notices.includes(message)) return
    // The newest few: a notice is read once; a screenful of them is not read at all.
    this.#notices = [...this.#notices, message].slice(-MAX_NOTICES)
    this.#broadcastSession()
  }

  #session(role: ViewRole): SessionInfo {
    return sessionInfo(role, this.#campaign, this.#problem, this.#warning, this.#notices)
  }

  /** What projections need beyond the records: the ruleset for the GM's cards, the table's pictures. */
  get #projection(): ProjectionEnv {
    const pictures = this.#tableImages
    return { ruleset: this.#activeRuleset, tablePicture: pictures ? (scene) => pictures.resolve(scene) : undefined }
  }

  /** Starts masking the scene in play's picture for the table, if it needs it and nobody asked yet. */
  #prepareTablePicture(campaign: OpenCampaign): void {
    const scene = sceneInPlay(campaign.store)
    if (scene) this.#tableImages?.resolve(scene)
  }

  /** A scene's masked picture is ready: the table gets its scene again, now naming it. */
  #tablePictureReady(campaign: OpenCampaign, sceneId: SceneRecord['id']): void {
    void this.#queue.run(() => {
      const scene = campaign.store.get(sceneId)
      if (this.#campaign !== campaign || scene?.typeName !== 'scene') return
      const unreadable = scene.image ? this.#tableImages?.resolve(scene).kind === 'unavailable' : false
      if (unreadable)
        this.#notice(
          `Salvo could not read ${scene.image!.fileName || 'the picture'} of ${scene.name} to hide what the fog covers, so the table sees this scene without its picture. Import the picture again (PNG, JPEG or WebP) to show it.`,
        )
      const change = { id: sceneId, from: scene, to: scene }
      for (const a of this.#attached)
        if (a.channel.role === 'player') a.channel.publish(campaign.store, [change], campaign.seq, this.#projection)
    })
  }

  /** The open campaign's ruleset, with the campaign's own content layered in. */
  get #activeRuleset(): Ruleset | null {
    return this.#engine?.ruleset ?? null
  }

  get #rules(): RulesRequests {
    return new RulesRequests(this.#campaign?.store ?? null, this.#activeRuleset)
  }

  #scheduleCompaction(): void {
    const campaign = this.#campaign
    if (!campaign) return
    if (campaign.needsCompaction) {
      void this.#queue.run(() => this.#compact(campaign))
      return
    }
    if (this.#idleTimer) clearTimeout(this.#idleTimer)
    this.#idleTimer = setTimeout(() => {
      void this.#queue.run(async () => {
        if (this.#campaign === campaign) await this.#compact(campaign)
      })
    }, this.options.idleCompactMs ?? 5000)
    this.#idleTimer.unref?.()
  }

  /** Compaction can fail (full disk) without losing anything: the journal still holds it all. Say so. */
  async #compact(campaign: OpenCampaign): Promise<void> {
    const before = this.#warning
    try {
      await campaign.compact()
      this.#warning = null
    } catch (e) {
      console.error(`Salvo could not compact ${campaign.paths.document}: ${(e as Error).message}`)
      this.#warning = `Salvo could not save ${campaign.paths.document} (${(e as Error).message}). Every change is still safe in the journal; check the disk.`
    }
    if (this.#warning !== before) this.#broadcastSession()
  }
}

/** What a window sees while no campaign is open. */
const emptyStore = new RecordStore()
