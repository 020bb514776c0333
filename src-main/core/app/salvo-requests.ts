import { fail, ok, type Result } from '../../../src-shared/result'
import { DEFAULT_RULESET_ID, type RulesetRegistry } from '../../rules/ruleset-registry'
import { AssetStore } from '../assets/asset-store'
import { importPortrait, importSceneImage, type ImageImportDeps } from '../assets/image-import'
import { listBackups } from '../persistence/backups'
import type { CampaignRepository } from '../persistence/campaign-repository'
import type { DurableFs } from '../persistence/durable-fs'
import type { RecentCampaigns } from '../persistence/recent-campaigns'
import { exportCampaign } from '../transfer/campaign-export'
import { checkCampaignImport } from '../transfer/campaign-import'
import { importUvtt } from '../transfer/uvtt-import'
import type { AttachedWindows } from './attached-windows'
import type { CampaignSession } from './campaign-session'
import { dispatchCommand, type DispatchDeps } from './command-dispatch'
import type { DisplayChoice } from './display-choice'
import type { RequestHandlers } from './request-handlers'
import { ArchiveReader } from './archive-reader'
import { LogArchiveRequests } from './log-archive-requests'
import { readEarlierLog } from './earlier-log'
import { RulesRequests } from './rules-requests'
import { sheetDraft } from './sheet-draft'
import { dicePlan } from './dice-plan-request'
import type { ForecastService, WarmTarget } from '../autopilot/forecast-service'
import { runNpcTurns, suggestTurn } from '../autopilot/live-autopilot'
import { BalanceService } from '../autopilot/balance-service'
import { PlanBadges, recounted, savesPlan } from '../autopilot/plan-badge'
import type { PlanId } from '../../../src-shared/records'

export interface SalvoRequestDeps extends DispatchDeps {
  readonly fs: DurableFs
  readonly repo: CampaignRepository
  readonly rulesets: RulesetRegistry
  readonly recent: RecentCampaigns
  readonly displayChoice: DisplayChoice
  readonly windows: AttachedWindows
  readonly session: CampaignSession
  readonly forecast: ForecastService
}

/** The campaign open when the forecast's pool warms up, whose rules its threads then build. */
export const forecastTarget =
  (session: CampaignSession): WarmTarget =>
  () => {
    const campaign = session.campaign
    return campaign ? { store: campaign.store, rulesetId: campaign.summary().rulesetId } : null
  }

/** What every request does. Those that open a campaign check all they can before the open one closes. */
export function salvoRequests(deps: SalvoRequestDeps): RequestHandlers {
  const { fs, repo, rulesets, recent, displayChoice, windows, session, forecast } = deps
  // A campaign the GM opened will likely be forecast: its worker starts once the desk is up.
  const warmed = <T>(r: Result<T>): Result<T> => {
    if (r.ok) forecast.warmSoon(forecastTarget(session))
    return r
  }
  const live = () => {
    const store = session.campaign?.store
    const ruleset = session.engine?.ruleset
    return store && ruleset ? { state: store, ruleset } : null
  }
  // Issue 35: Balance plays its candidates through the same forecast (one simulator, one job at a time).
  const balance = new BalanceService(forecast)
  const badges = new PlanBadges(forecast, (command) => dispatch(command))
  /** The open campaign as Balance and a badge read it, with a check that it is still the one open when their fights end. */
  const balanceCampaign = () => {
    const campaign = session.campaign
    const ruleset = session.engine?.ruleset
    if (!campaign || !ruleset) return null
    return { store: campaign.store, rulesetId: campaign.summary().rulesetId, ruleset, stillOpen: () => session.campaign === campaign }
  }
  const startBadge = (planId: PlanId) => {
    // A badge's forecast waits for the GM's forecast or a balance search; it never takes the simulator from them.
    return badges.start(planId, balanceCampaign())
  }
  const archiveReader = new ArchiveReader(fs)
  const archives = new LogArchiveRequests(fs, archiveReader)
  const rules = () => new RulesRequests(session.campaign?.store ?? null, session.engine?.ruleset ?? null)
  const dispatch = (command: unknown) => {
    // The forecast's thread steps aside while the desk handles a command and paints it.
    deps.forecast.deskBusy()
    const saving = savesPlan(command) ? planIds() : null
    const done = dispatchCommand(deps, command)
    if (done.ok && saving) badgeNewPlans(saving)
    // New counts dropped the badge that measured the old ones: measure the new.
    const counted = recounted(command)
    if (done.ok && counted) setImmediate(() => startBadge(counted))
    return done
  }
  const planIds = () => new Set(session.campaign?.store.ofType('plan').map((p) => p.id) ?? [])
  /** Issue 35: a saved encounter gets its difficulty badge after the save is acknowledged, never before. */
  const badgeNewPlans = (before: ReadonlySet<string>) => {
    const fresh = [...planIds()].filter((id) => !before.has(id))
    if (fresh.length) setImmediate(() => fresh.forEach((id) => startBadge(id)))
  }
  const imageImport = (): Result<ImageImportDeps> => {
    const campaign = session.campaign
    if (!campaign) return fail('campaign/none', 'Open a campaign to import images into it.')
    return ok({ store: campaign.store, assets: new AssetStore(fs, campaign.paths), dispatch, nextSeq: () => campaign.seq + 1 })
  }
  return {
    dispatch,
    snapshot: (_, window) => ok(window.channel.snapshot(session.store, session.seq, session.projection)),
    session: (_, window) => ok(windows.sessionFor(window, session)),
    listCampaigns: () => ok(recent.order(repo.list())),
    listRulesets: () => ok(rulesets.list()),

    createCampaign: async ({ name, seed, rulesetId = DEFAULT_RULESET_ID }) => {
      if (!(await rulesets.load(rulesetId))) return fail('campaign/unknownRuleset', `There is no ruleset "${rulesetId}".`)
      return warmed(await session.open(async () => ok(await repo.create(name, seed, rulesetId))))
    },
    openCampaign: async ({ campaignId }) => {
      // Checked before anything closes, as for a backup: a campaign that is not there leaves the open one in play.
      if (!repo.list().some((c) => c.id === campaignId))
        return fail('campaign/notFound', `There is no campaign "${campaignId}" in this data folder.`)
      return warmed(await session.open(() => repo.open(campaignId), campaignId))
    },
    restoreBackup: ({ campaignId, backup }) => {
      // Checked before anything closes: a bad choice leaves the open campaign in play.
      const bytes = repo.readBackup(campaignId, backup)
      if (!bytes.ok) return bytes
      const aside = session.campaign?.id === campaignId ? 'replaced' : 'broken'
      return session.open(() => repo.restoreDocument(campaignId, bytes.value, aside), campaignId)
    },
    importCampaign: async ({ fileName, text }) => {
      // Every check runs before the open campaign is closed or a folder is made.
      const all = await rulesets.all()
      const checked = await checkCampaignImport(fileName, text, (id) => all.find((r) => r.id === id))
      if (!checked.ok) return checked
      return session.open(() => repo.adopt(checked.value.document, checked.value.assets, checked.value.logArchive))
    },
    listBackups: () => {
      const campaign = session.campaign
      return campaign ? ok(listBackups(fs, campaign.paths)) : fail('campaign/none', 'Open a campaign to see its backups.')
    },
    exportCampaign: () => {
      const campaign = session.campaign
      return campaign ? exportCampaign(campaign, fs) : fail('campaign/none', 'Open a campaign to export it.')
    },

    previewAttack: ({ request }) => rules().previewAttack(request),
    previewReach: (input) => rules().previewReach(input),
    previewAction: ({ request }) => rules().previewAction(request),
    listActions: ({ actorId }) => rules().listActions(actorId),
    listConditions: () => rules().listConditions(),
    rulesetSetup: () => rules().rulesetSetup(),
    previewMove: (input) => rules().previewMove(input),
    movementCost: ({ combatantId, metres }) => rules().movementCost(combatantId, metres),
    sheetForm: ({ combatantId }) => rules().sheetForm(combatantId),
    // Issue 16: GM only (not in PLAYER_REQUESTS); reads the campaign, never changes it.
    sheetDraft: (input) => sheetDraft(session.campaign?.store ?? null, session.engine?.ruleset ?? null, input),
    // GM only (not in PLAYER_REQUESTS): the act decided on the live records with throwaway dice, nothing written.
    dicePlan: (input) => dicePlan(session.campaign?.store ?? null, session.engine?.ruleset ?? null, input),

    // Issue 15: closed encounters' archived logs.
    listLogArchives: () => archives.list(session.campaign),
    readLogArchive: (input, window) => archives.read(session.campaign, input, window.channel.role),
    readEarlierLog: (input, window) => readEarlierLog(session.campaign, archiveReader, input, window.channel.role),

    listDisplays: () => ok(displayChoice.info()),
    chooseDisplay: ({ displayId }) => displayChoice.choose(displayId),
    importSceneImage: (input) => {
      const image = imageImport()
      return image.ok ? importSceneImage(input, image.value) : image
    },
    importPortrait: (input) => {
      const image = imageImport()
      return image.ok ? importPortrait(input, image.value) : image
    },
    importUvtt: (input) => {
      const image = imageImport()
      return image.ok ? importUvtt(input, image.value) : image
    },

    // Issue 17: the forecast and the autopilot (GM only: none is in PLAYER_REQUESTS).
    forecastStart: (input, window) => {
      const campaign = session.campaign
      const open = campaign ? { store: campaign.store, rulesetId: campaign.summary().rulesetId } : null
      const started = forecast.start(input, open, (progress) => window.send({ kind: 'forecast', forecast: progress }))
      // The GM's own forecast replaced whatever the simulator played, a balance search's candidate included.
      if (started.ok) balance.forecastTaken()
      return started
    },
    forecastCancel: ({ jobId }) => forecast.cancel(jobId),
    // Issue 35: GM only (not in PLAYER_REQUESTS); reads the campaign, never changes it.
    balanceStart: (input, window) => {
      return balance.start(input, balanceCampaign(), (progress) => window.send({ kind: 'balance', balance: progress }))
    },
    balanceCancel: ({ searchId }) => balance.cancel(searchId),
    planBadge: ({ planId }) => startBadge(planId),
    autopilotSuggest: ({ combatantId }) => {
      const l = live()
      return l ? suggestTurn(l.state, l.ruleset, combatantId) : fail('campaign/none', 'Open a campaign first.')
    },
    autopilotRun: async ({ maxActs }) => ok(await runNpcTurns(live, (command) => dispatch(command), maxActs)),

    // Issue 15: the GM's snapshot lists the roster without sheets; this is the whole entry, for
    // the GM only (a player window is refused before reaching it: PLAYER_REQUESTS).
    rosterTemplate: ({ templateId }) => {
      const t = session.campaign?.store.get(templateId)
      return t?.typeName === 'template' ? ok(t) : fail('template/notFound', 'That roster entry is gone (deleted, or undone away).')
    },
  }
}
