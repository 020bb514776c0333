import type { CommandDraft, CommandInput, CommandType } from '../../../src-shared/commands'
import {
  LIVE_LOG,
  type SessionInfo,
  type ServerMessage,
  type RequestName,
  type RequestInputs,
  type RequestResults,
} from '../../../src-shared/contract'
import { EMPTY_VIEW, type ViewState } from '../../../src-shared/diff'
import { RecordIndex, RELOADED, type Changes, type ViewTypeName } from './record-index'
import { extendLog, orderCombatants, reorderCombatants, rollOf, windowLog, type RollEntry } from './ordered-lists'
import { DEFAULT_PROJECTOR, type ProjectorRecord } from '../../../src-shared/records'
import type { TableStoryView } from '../../../src-shared/table-story'
import type {
  AreaMarkRecord,
  WallRecord,
  ContentItemRecord,
  LogEntryRecord,
  PlanRecord,
  PromptRecord,
  SceneImage,
  TokenRecord,
} from '../../../src-shared/records'
import type { Failure, Result } from '../../../src-shared/result'
import type { CombatantView, EncounterView, SceneView, TemplateView } from '../../../src-shared/views'
import type { LinkStatus, Transport } from '../transport/ws-api'
import { newCommandId } from './command-id'
import { ForecastFeed } from '../autopilot/forecast-state.svelte'
import { BalanceFeed } from '../roster/balance-feed.svelte'
import { ViewSync } from './view-sync'

/** The log lines a window keeps; older ones stay in the core (and its archive), searchable from the log panel. */
export const LOG_WINDOW = LIVE_LOG.tail
/** Lines the window may hold beyond `LOG_WINDOW` before it lets the oldest go, all at once (see `windowLog`). */
export const LOG_SLACK = LIVE_LOG.slack

/** Names sort as people read them, not by code point. */
const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id)

/**
 * One window's copy of its projection. Fields are replaced only by applying what the core
 * sends; the UI reads them and sends commands back. Each list below is rebuilt only when a diff
 * touched its type of record (the records are indexed by type in `RecordIndex`), so an HP edit
 * rebuilds the combatants and the log, not the roster, the maps or the tokens.
 */
export class CampaignView {
  readonly #index = new RecordIndex()
  #view = $state.raw<ViewState>(EMPTY_VIEW)
  session = $state.raw<SessionInfo | null>(null)
  /**
   * The open campaign's id ('' with none). The core pushes a new session with each command (its
   * undo label changes), so what only needs to know which campaign is open reads this: a derived
   * string that stays equal, so a push re-runs nothing that reads it.
   */
  readonly campaignId = $derived(this.session?.campaign?.id ?? '')
  link = $state<LinkStatus>('connecting')
  /** Tries to connect that failed since the link was last open (see `Transport.onStatus`). */
  linkFailedTries = $state(0)
  /** Whether this window's link was ever open: a link down after that is lost, not still coming up. */
  linkWasOpen = $state(false)
  /** The latest failure to show the GM (cleared when shown or replaced). */
  error = $state.raw<Failure | null>(null)

  combatants = $state.raw<CombatantView[]>([])
  /**
   * The same combatants as names in acting order, replaced only when someone joins, leaves,
   * moves or is renamed: the pickers that list everyone (attacker, target, whose turn…) are
   * not rebuilt by an HP edit or a turn passing.
   */
  roll = $state.raw<readonly RollEntry[]>([])
  encounter = $state.raw<EncounterView | null>(null)
  /** The latest `LOG_WINDOW` to `LOG_WINDOW + LOG_SLACK` log lines, oldest first. */
  log = $state.raw<LogEntryRecord[]>([])
  /** How many earlier lines the core holds that this window let go of (searched through the core). */
  logForgotten = $state(0)
  #forgottenUpTo = -Infinity
  /** The roster, by name. */
  templates = $state.raw<TemplateView[]>([])
  plans = $state.raw<PlanRecord[]>([])
  /** Reactions waiting for the GM. */
  prompts = $state.raw<PromptRecord[]>([])
  /** Battle maps by name (the player window holds only the one on the table). */
  scenes = $state.raw<SceneView[]>([])
  activeScene = $derived(this.scenes.find((s) => s.active) ?? null)
  /** Every token on every scene the window may see. */
  tokens = $state.raw<TokenRecord[]>([])
  /** Area templates on every scene the window may see (the players' have no hidden ones). */
  areaMarks = $state.raw<AreaMarkRecord[]>([])
  /** Walls, low cover, windows and doors on every scene the window may see (the table's: in sight only, no secret door as one). */
  walls = $state.raw<WallRecord[]>([])
  /** The campaign's own content items, by section and name. */
  content = $state.raw<ContentItemRecord[]>([])
  /** What the projector shows (a campaign that never set it fits the whole scene). */
  projector = $state.raw<ProjectorRecord>(DEFAULT_PROJECTOR)
  /** What just happened, as this window may see it, and the last fight's recap (issue 16). */
  story = $state.raw<TableStoryView | null>(null)
  /**
   * How many whole snapshots this window has loaded from its core (on connecting, reconnecting, or
   * after a gap): what arrives in one is the state as it is, not news (the table's story card
   * stays down). The GM's projector preview, set whole from the GM's records, counts none.
   */
  snapshots = $state(0)
  /** The fight forecast this window asked for last, refined by the core's `forecast` messages (issue 17). */
  readonly forecast = new ForecastFeed((name, input) => this.transportRequest(name, input))
  /** The balance search this window asked for last (issue 35). */
  readonly balance = new BalanceFeed((name, input) => this.transportRequest(name, input))

  /**
   * The version and every record. Reading it follows every diff, so lists should read the
   * fields above instead; it is for "something changed, ask again" (odds previews) and for the
   * projector preview, which is set whole from the GM's records.
   */
  get view(): ViewState {
    return this.#view
  }

  set view(state: ViewState) {
    this.#changed(this.#index.loadRecords(state.version, state.records.values()))
  }

  readonly #sync: ViewSync

  constructor(private readonly transport: Transport) {
    this.#sync = new ViewSync(
      () => transport.api.snapshot(undefined),
      (changes) => {
        if (changes === RELOADED) this.snapshots++
        this.#changed(changes)
      },
      this.#index,
    )
    transport.api.subscribe((m) => this.#receive(m))
    transport.onStatus((s, failedTries) => {
      this.link = s
      this.linkFailedTries = failedTries
      if (s === 'open') this.linkWasOpen = true
      if (s === 'open') void this.refresh()
    })
  }

  /** Asks for the session and a full snapshot (after connecting, or after a version gap). */
  async refresh(): Promise<void> {
    const session = await this.transport.api.session(undefined)
    if (session.ok) this.session = session.value
    await this.#sync.resync()
  }

  async request<N extends RequestName>(name: N, input: RequestInputs[N]): Promise<Result<RequestResults[N]>> {
    const api = this.transport.api[name] as (i: RequestInputs[N]) => Promise<Result<RequestResults[N]>>
    const result = await api(input)
    if (!result.ok) this.error = result.error
    return result
  }

  /** A request whose failure the caller shows itself (no toast), e.g. a live odds preview. */
  transportRequest<N extends RequestName>(name: N, input: RequestInputs[N]): Promise<Result<RequestResults[N]>> {
    return (this.transport.api[name] as (i: RequestInputs[N]) => Promise<Result<RequestResults[N]>>)(input)
  }

  /** Where this window loads a stored scene image from (the shells serve it differently). */
  assetUrl(image: Pick<SceneImage, 'hash' | 'ext'>): string {
    return this.transport.assetUrl(image)
  }

  /**
   * Sends one command; failures land in `error` for the toast, and come back to the caller.
   * `rollMissing`: the engine rolls whatever dice the typed faces leave out.
   */
  send<T extends CommandType>(type: T, payload: CommandInput<T>, typedDice?: number[], rollMissing = false) {
    return this.request('dispatch', this.#draft(type, payload, typedDice, rollMissing))
  }

  /** The same, with no toast: the caller shows a failure itself (a drop that must be looked at first). */
  sendQuietly<T extends CommandType>(type: T, payload: CommandInput<T>) {
    return this.transportRequest('dispatch', this.#draft(type, payload))
  }

  #draft<T extends CommandType>(type: T, payload: CommandInput<T>, typedDice?: number[], rollMissing = false): CommandDraft {
    const campaignId = this.session?.campaign?.id
    const meta = {
      commandId: newCommandId(),
      ...(campaignId ? { campaignId } : {}),
      ...(typedDice ? { typedDice } : {}),
      ...(typedDice && rollMissing ? { rollMissing: true as const } : {}),
    }
    return { type, payload, meta } as CommandDraft
  }

  /** Rebuilds the lists of the types a diff touched (all of them after a snapshot). */
  #changed(changes: Changes): void {
    const index = this.#index
    const all = changes === RELOADED
    const touched = (t: ViewTypeName) => all || changes.has(t)
    const changesOf = (t: ViewTypeName) => (all ? null : (changes.get(t) ?? null))
    const values = <T extends ViewTypeName>(t: T) => index.ofType(t).values()

    if (touched('combatant')) {
      const c = changesOf('combatant')
      const next = c
        ? reorderCombatants(this.combatants, c, () => values('combatant'))
        : { list: orderCombatants(values('combatant')), moved: true }
      this.combatants = next.list
      if (next.moved) this.roll = rollOf(next.list)
    }
    if (touched('log')) {
      const c = changesOf('log')
      const log = c ? extendLog(this.log, c, () => values('log')) : [...values('log')].sort((a, b) => a.seq - b.seq)
      if (!c) {
        this.logForgotten = 0
        this.#forgottenUpTo = -Infinity
      }
      // A long evening would otherwise grow the page by every line ever logged (issue 15).
      const { kept, dropped, newlyForgotten } = windowLog(log, LOG_WINDOW, this.#forgottenUpTo, LOG_SLACK)
      if (dropped.length > 0) {
        index.forget(dropped.map((l) => l.id))
        this.logForgotten += newlyForgotten
        this.#forgottenUpTo = Math.max(this.#forgottenUpTo, dropped.at(-1)!.seq)
      }
      this.log = kept as LogEntryRecord[]
    }
    if (touched('encounter')) this.encounter = [...values('encounter')].find((r) => r.status === 'active') ?? null
    if (touched('template')) this.templates = [...values('template')].sort(byName)
    if (touched('plan')) this.plans = [...values('plan')].sort(byName)
    if (touched('prompt')) this.prompts = [...values('prompt')]
    if (touched('scene')) this.scenes = [...values('scene')].sort(byName)
    if (touched('token')) this.tokens = [...values('token')]
    if (touched('areaMark')) this.areaMarks = [...values('areaMark')]
    if (touched('wall')) this.walls = [...values('wall')]
    if (touched('content'))
      this.content = [...values('content')].sort((a, b) => a.section.localeCompare(b.section) || a.name.localeCompare(b.name))
    if (touched('projector')) {
      const r = index.get('projector')
      this.projector = r?.typeName === 'projector' ? r : DEFAULT_PROJECTOR
    }
    if (touched('story')) {
      const r = index.get('story')
      this.story = r?.typeName === 'story' ? r : null
    }
    this.#view = { version: index.version, records: index.records }
  }

  #receive(message: ServerMessage): void {
    if (message.kind === 'session') this.session = message.session
    else if (message.kind === 'forecast') this.forecast.receive(message.forecast)
    else if (message.kind === 'balance') this.balance.receive(message.balance)
    else this.#sync.receive(message)
  }
}
