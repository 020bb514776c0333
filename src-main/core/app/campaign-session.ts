import type { CampaignSummary, OpenProblem, SessionInfo } from '../../../src-shared/contract'
import type { SceneRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ViewRole } from '../../../src-shared/views'
import type { Ruleset } from '../../rules/ruleset'
import type { RulesetRegistry } from '../../rules/ruleset-registry'
import { TableImages } from '../assets/table-images'
import { CampaignEngine } from '../engine/campaign-engine'
import type { DurableFs } from '../persistence/durable-fs'
import type { OpenCampaign } from '../persistence/open-campaign'
import type { RecentCampaigns } from '../persistence/recent-campaigns'
import type { ProjectionEnv } from '../projection/view-channel'
import { RecordStore } from '../state/record-store'
import { sceneInPlay } from '../state/scene-in-play'
import type { AttachedWindows, WindowSource } from './attached-windows'
import type { LastCampaign } from './last-campaign'
import type { SerialQueue } from './serial-queue'
import { sessionInfo } from './session-info'
import type { UpkeepScheduler } from './upkeep-scheduler'
import { partySightIn } from '../projection/party-sight'

const MAX_NOTICES = 8

/** What a window sees while no campaign is open. */
const emptyStore = new RecordStore()

export interface CampaignSessionDeps {
  readonly dataDir: string
  readonly fs: DurableFs
  readonly rulesets: RulesetRegistry
  readonly recent: RecentCampaigns
  readonly last: LastCampaign
  readonly now: () => Date
  readonly queue: SerialQueue
  readonly windows: AttachedWindows
  readonly upkeep: UpkeepScheduler
}

/**
 * The campaign in play, if any, and what goes with it while it is open: its engine, the table's
 * masked pictures, the problem that kept the last one from opening, the GM's warning and notices.
 * Opening one always lets go of the previous one first, and every window hears of the switch.
 */
export class CampaignSession implements WindowSource {
  #campaign: OpenCampaign | null = null
  #engine: CampaignEngine | null = null
  #problem: OpenProblem | null = null
  /** A storage problem the GM should know about even though play can go on. */
  #warning: string | null = null
  /** The open campaign's masked pictures for the table. */
  #tableImages: TableImages | null = null
  /** What the GM should know about this campaign since it opened (a cut journal line, a picture the table cannot get). */
  #notices: string[] = []

  constructor(private readonly deps: CampaignSessionDeps) {}

  get campaign(): OpenCampaign | null {
    return this.#campaign
  }

  get engine(): CampaignEngine | null {
    return this.#engine
  }

  get tableImages(): TableImages | null {
    return this.#tableImages
  }

  get store(): RecordStore {
    return this.#campaign?.store ?? emptyStore
  }

  get seq(): number {
    return this.#campaign?.seq ?? 0
  }

  /** What projections need beyond the records: the ruleset for the GM's cards, the table's pictures. */
  get projection(): ProjectionEnv {
    const pictures = this.#tableImages
    return { ruleset: this.#activeRuleset, tablePicture: pictures ? (scene) => pictures.resolve(scene) : undefined }
  }

  /** The open campaign's ruleset, with the campaign's own content layered in. */
  get #activeRuleset(): Ruleset | null {
    return this.#engine?.ruleset ?? null
  }

  session(role: ViewRole): SessionInfo {
    return sessionInfo(role, this.#campaign, this.#problem, this.#warning, this.#notices)
  }

  /**
   * Switches campaigns. Whatever happens, every window is told the new session and gets a
   * fresh snapshot, so no screen keeps showing a campaign that is no longer open.
   * `campaignId` names the campaign in a problem when loading throws (empty for one not made yet).
   */
  async open(load: () => Promise<Result<OpenCampaign>>, campaignId = ''): Promise<Result<CampaignSummary>> {
    const previous = this.drop()
    const outcome = await this.#switchTo(previous, load, campaignId)
    this.deps.windows.broadcastSession(this)
    this.deps.windows.resetViews(this)
    return outcome
  }

  /** Stops everything that works on the open campaign for it (timers, masked pictures) and lets go of it; returns it. */
  drop(): OpenCampaign | null {
    this.deps.upkeep.stop()
    this.#tableImages?.dispose()
    this.#tableImages = null
    this.#notices = []
    const campaign = this.#campaign
    this.#campaign = null
    this.#engine = null
    return campaign
  }

  async #switchTo(
    previous: OpenCampaign | null,
    load: () => Promise<Result<OpenCampaign>>,
    campaignId: string,
  ): Promise<Result<CampaignSummary>> {
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
      this.#problem = { campaignId, code: 'campaign/openFailed', message, file: this.deps.dataDir, backups: [] }
      return fail('campaign/openFailed', message)
    }
    if (!loaded.ok) {
      this.#problem = (loaded.error.detail as OpenProblem | undefined) ?? null
      return loaded
    }
    const campaign = loaded.value
    const rulesetId = campaign.summary().rulesetId
    const ruleset = await this.deps.rulesets.load(rulesetId)
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
      this.deps.fs,
      campaign.paths,
      () => campaign.store.ofType('scene'),
      (sceneId) => this.#tablePictureReady(campaign, sceneId),
      (scene) => partySightIn(campaign.store, scene),
    )
    try {
      this.#tableImages.prune()
    } catch (e) {
      console.error(`Salvo could not tidy ${campaign.paths.dir}/table-images: ${(e as Error).message}`)
    }
    this.prepareTablePicture()
    try {
      this.deps.last.write(campaign.id)
      this.deps.recent.markOpened(campaign.id, this.deps.now())
    } catch (e) {
      console.error(`Salvo could not remember the open campaign: ${(e as Error).message}`)
    }
    // An older campaign's closed log moves to its archive in the background; the windows hear of each slice.
    this.deps.upkeep.start(campaign, (changes) => {
      if (this.#campaign === campaign) this.deps.windows.publish(this, changes)
    })
    return ok(this.deps.recent.order([campaign.summary()])[0]!)
  }

  /** Sets the GM's storage warning; the windows hear of it only if it changed. */
  warn(warning: string | null): void {
    if (warning === this.#warning) return
    this.#warning = warning
    this.deps.windows.broadcastSession(this)
  }

  /** Adds a notice for the GM (once), and tells the GM's windows. */
  notice(message: string): void {
    if (this.#notices.includes(message)) return
    // The newest few: a notice is read once; a screenful of them is not read at all.
    this.#notices = [...this.#notices, message].slice(-MAX_NOTICES)
    this.deps.windows.broadcastSession(this)
  }

  /** Starts masking the scene in play's picture for the table, if it needs it and nobody asked yet. */
  prepareTablePicture(): void {
    const scene = this.#campaign ? sceneInPlay(this.#campaign.store) : null
    if (scene) this.#tableImages?.resolve(scene)
  }

  /** A scene's masked picture is ready: the table gets its scene again, now naming it. */
  #tablePictureReady(campaign: OpenCampaign, sceneId: SceneRecord['id']): void {
    void this.deps.queue.run(() => {
      const scene = campaign.store.get(sceneId)
      if (this.#campaign !== campaign || scene?.typeName !== 'scene') return
      const unreadable = scene.image ? this.#tableImages?.resolve(scene).kind === 'unavailable' : false
      if (unreadable)
        this.notice(
          `Salvo could not read ${scene.image!.fileName || 'the picture'} of ${scene.name} to hide what the fog covers, so the table sees this scene without its picture. Import the picture again (PNG, JPEG or WebP) to show it.`,
        )
      this.deps.windows.publish(this, [{ id: sceneId, from: scene, to: scene }], 'player')
    })
  }
}
