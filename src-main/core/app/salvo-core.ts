import * as path from 'node:path'
import type { RequestName, RequestResults, ServerMessage } from '../../../src-shared/contract'
import { fail, type Result } from '../../../src-shared/result'
import type { ViewRole } from '../../../src-shared/views'
import { createRulesetRegistry } from '../../rules/ruleset-registry'
import { AssetStore } from '../assets/asset-store'
import { parseAssetFileName } from '../../../src-shared/scene-assets'
import { CampaignRepository } from '../persistence/campaign-repository'
import { nodeDurableFs, removeStrayTempFiles, type DurableFs } from '../persistence/durable-fs'
import { lockDataFolder, type DataFolderLock } from '../persistence/data-folder-lock'
import { RecentCampaigns } from '../persistence/recent-campaigns'
import { tableAssetNames } from '../projection/project-record'
import { AttachedWindows } from './attached-windows'
import { CampaignSession } from './campaign-session'
import { DisplayChoice, type DisplaySource } from './display-choice'
import { LastCampaign } from './last-campaign'
import { answerRequest, type RequestHandlers } from './request-handlers'
import { onNextTurn, RequestLane } from './request-lane'
import { forecastTarget, salvoRequests } from './salvo-requests'
import { SerialQueue } from './serial-queue'
import { UpkeepScheduler, type UpkeepOptions } from './upkeep-scheduler'
import { ForecastService, noForecastWorker } from '../autopilot/forecast-service'
import type { SpawnForecastWorker } from '../autopilot/forecast-runners'

export interface CoreOptions extends UpkeepOptions {
  readonly dataDir: string
  readonly fs?: DurableFs
  readonly now?: () => Date
  /** Where the shipped content packs are (default: ./resources). */
  readonly resourcesDir?: string
  /** The desktop shell's screens, for choosing where the projector goes; absent in browser mode. */
  readonly displays?: DisplaySource
  /** How this process names itself to a second Salvo that finds the data folder taken. */
  readonly describeHolder?: () => { readonly what: string }
  /** How the fight forecast's worker thread starts; absent, forecasts are refused (the shells name their built worker). */
  readonly forecastWorker?: SpawnForecastWorker
}

/**
 * Requests one window may have waiting. The GM's cover a pipelined burst of commands; the
 * table asks for a snapshot and a session when it connects, so a handful is already generous.
 */
export const MAX_WAITING_REQUESTS: Readonly<Record<ViewRole, number>> = { gm: 256, player: 4 }

/**
 * Requests that wait outside the GM's command queue (issue 36): reads that take the campaign as
 * it is in one go (immutable records) and then work in slices, long on a crowded map. In the
 * queue, the reach marks' 3,000 previews held up the GM's next command by a few hundred ms.
 */
const READS_ASIDE: ReadonlySet<RequestName> = new Set<RequestName>(['previewReach'])

/** One window (GM or player) attached to the core. */
export interface Connection {
  readonly role: ViewRole
  request<N extends RequestName>(name: N, input: unknown): Promise<Result<RequestResults[N]>>
  /** Requests of this window not answered yet (at most MAX_WAITING_REQUESTS for its role). */
  readonly waiting: number
  close(): void
}

/**
 * The main-process core both shells wrap: it holds the data folder, routes every request
 * through one serial queue to its handler, and keeps each attached window up to date.
 */
export class SalvoCore {
  readonly #repo: CampaignRepository
  readonly #fs: DurableFs
  readonly #last: LastCampaign
  readonly #displayChoice: DisplayChoice
  readonly #queue = new SerialQueue()
  readonly #windows = new AttachedWindows()
  readonly #session: CampaignSession
  readonly #handlers: RequestHandlers
  readonly #forecast: ForecastService
  #lock: DataFolderLock | null = null

  constructor(private readonly options: CoreOptions) {
    const resourcesDir = options.resourcesDir ?? path.resolve('resources')
    const rulesets = createRulesetRegistry(resourcesDir)
    this.#forecast = new ForecastService(options.forecastWorker ?? noForecastWorker, { resourcesDir })
    this.#fs = options.fs ?? nodeDurableFs
    this.#repo = new CampaignRepository({ dataDir: options.dataDir, fs: this.#fs, now: options.now })
    const recent = new RecentCampaigns(this.#fs, options.dataDir)
    this.#last = new LastCampaign(this.#fs, options.dataDir)
    this.#displayChoice = new DisplayChoice(this.#fs, options.dataDir, options.displays ?? null)
    const upkeep = new UpkeepScheduler(options, this.#queue, (warning) => this.#session.warn(warning))
    this.#session = new CampaignSession({
      dataDir: options.dataDir,
      fs: this.#fs,
      rulesets,
      recent,
      last: this.#last,
      now: options.now ?? (() => new Date()),
      queue: this.#queue,
      windows: this.#windows,
      upkeep,
    })
    this.#handlers = salvoRequests({
      fs: this.#fs,
      repo: this.#repo,
      rulesets,
      recent,
      displayChoice: this.#displayChoice,
      windows: this.#windows,
      session: this.#session,
      upkeep,
      forecast: this.#forecast,
    })
  }

  /**
   * Takes the data folder (throws DataFolderInUseError, having changed nothing, when another
   * Salvo holds it), then reopens the campaign that was open last time, if any (a crash or
   * restart resumes play).
   */
  async start(): Promise<void> {
    await this.takeDataFolder()
    await this.reopenLast()
  }

  /** The first half of `start`: the data folder is ours (or DataFolderInUseError, nothing changed). */
  async takeDataFolder(): Promise<void> {
    await this.#queue.run(async () => {
      this.#fs.mkdirp(this.options.dataDir)
      this.#lock = await lockDataFolder(this.options.dataDir, this.options.describeHolder ?? (() => ({ what: 'a Salvo process' })))
      removeStrayTempFiles(this.#fs, [this.options.dataDir])
    })
  }

  /**
   * The second half: reopens the last campaign. Browser mode calls it on its own, once the GM's
   * page is loading, so the browser and the core work at the same time; a window's requests
   * must wait for it (the GM's queue behind it here, the host holds the table's sockets).
   */
  async reopenLast(): Promise<void> {
    await this.#queue.run(async () => {
      const last = this.#last.read()
      if (last && this.#repo.list().some((c) => c.id === last)) await this.#session.open(() => this.#repo.open(last), last)
    })
    this.#forecast.warmSoon(forecastTarget(this.#session))
  }

  connect(role: ViewRole, send: (message: ServerMessage) => void): Connection {
    const window = this.#windows.attach(role, send)
    // The table only reads what is already in memory, so its requests need not queue behind
    // the GM's commands — and must not make the GM's commands queue behind them.
    const lane = new RequestLane(MAX_WAITING_REQUESTS[role], role === 'gm' ? (job) => this.#queue.run(job) : onNextTurn)
    const busy = () =>
      fail('request/busy', `This window has ${MAX_WAITING_REQUESTS[role]} requests waiting already; wait for their answers and ask again.`)
    const windows = this.#windows
    return {
      role,
      request: (name, input) => lane.submit(() => answerRequest(this.#handlers, window, name, input), busy, READS_ASIDE.has(name)),
      get waiting() {
        return lane.waiting
      },
      close: () => windows.detach(window),
    }
  }

  async shutdown(): Promise<void> {
    await this.#forecast.stop()
    await this.#queue.run(async () => {
      const campaign = this.#session.drop()
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

  /** Resolves once the table's pictures of the open campaign are all made (tests wait on it). */
  async tablePicturesSettled(): Promise<void> {
    await this.#session.tableImages?.settled()
    await this.#queue.idle()
  }

  /**
   * Leaves the data folder the way a killed process does: no compaction, no closing backup,
   * nothing written; timers stop and the folder's lock goes, as the OS would drop it. For tests
   * that restart Salvo within one process; the app itself always shuts down.
   */
  async abandon(): Promise<void> {
    await this.#forecast.stop()
    await this.#queue.run(async () => {
      this.#session.drop()?.abandon()
      await this.#lock?.release()
      this.#lock = null
    })
  }

  /** The screen the GM chose for the projector (null: the first that is not the GM's), for the shell to place the window. */
  readonly projectorDisplay = (): number | null => this.#displayChoice.read()
  /** The same pick with the screen's name and place, to find it again when the OS renumbers screens. */
  readonly projectorRemembered = () => this.#displayChoice.remembered()

  /**
   * The file an asset name stands for, if this role may load it now: what both shells serve for
   * a picture URL. The GM's window may load any picture of the open campaign; the table only a
   * name its projection holds at this moment (so a hidden combatant's portrait, or a map the fog
   * covers, is a 404 however its name was learnt). Any other campaign's files are out of reach
   * by construction.
   */
  assetFile(role: ViewRole, name: string): string | null {
    const asset = parseAssetFileName(name)
    const campaign = this.#session.campaign
    if (!asset || !campaign) return null
    const stored = new AssetStore(this.#fs, campaign.paths)
    if (role === 'gm') return stored.fileOf(asset)
    if (!tableAssetNames(campaign.store, this.#session.projection.tablePicture).has(name)) return null
    // A masked copy of a fogged map, or an original the table may see whole (a map without fog, a portrait).
    return this.#session.tableImages?.fileOf(name) ?? stored.fileOf(asset)
  }
}
