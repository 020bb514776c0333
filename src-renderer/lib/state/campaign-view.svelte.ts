import type { CommandDraft, CommandInput, CommandType } from '../../../src-shared/commands'
import type { SessionInfo, ServerMessage, RequestName, RequestInputs, RequestResults } from '../../../src-shared/contract'
import { EMPTY_VIEW, type ViewState } from '../../../src-shared/diff'
import { DEFAULT_PROJECTOR, type ProjectorRecord } from '../../../src-shared/records'
import type {
  AreaMarkRecord,
  EncounterRecord,
  LogEntryRecord,
  PlanRecord,
  PromptRecord,
  SceneImage,
  SceneRecord,
  TokenRecord,
} from '../../../src-shared/records'
import type { Failure, Result } from '../../../src-shared/result'
import type { CombatantView, TemplateView } from '../../../src-shared/views'
import type { LinkStatus, Transport } from '../transport/ws-api'
import { newCommandId } from './command-id'
import { ViewSync } from './view-sync'

/** Acting order: placed combatants by sort key, then the rest by name. */
export function orderCombatants(all: readonly CombatantView[]): CombatantView[] {
  return [...all].sort((a, b) => {
    if (a.orderKey !== null && b.orderKey !== null) return a.orderKey - b.orderKey
    if (a.orderKey !== null) return -1
    if (b.orderKey !== null) return 1
    return a.name.localeCompare(b.name)
  })
}

/**
 * One window's copy of its projection. Fields are replaced only by applying what the core
 * sends; the UI reads them and sends commands back.
 */
export class CampaignView {
  view = $state.raw<ViewState>(EMPTY_VIEW)
  session = $state.raw<SessionInfo | null>(null)
  link = $state<LinkStatus>('connecting')
  /** The latest failure to show the GM (cleared when shown or replaced). */
  error = $state.raw<Failure | null>(null)

  combatants = $derived(orderCombatants([...this.view.records.values()].filter((r): r is CombatantView => r.typeName === 'combatant')))
  encounter = $derived(
    [...this.view.records.values()].find((r): r is EncounterRecord => r.typeName === 'encounter' && r.status === 'active') ?? null,
  )
  log = $derived([...this.view.records.values()].filter((r): r is LogEntryRecord => r.typeName === 'log').sort((a, b) => a.seq - b.seq))

  /** The roster, by name. */
  templates = $derived(
    [...this.view.records.values()]
      .filter((r): r is TemplateView => r.typeName === 'template')
      .sort((a, b) => a.name.localeCompare(b.name)),
  )
  plans = $derived(
    [...this.view.records.values()].filter((r): r is PlanRecord => r.typeName === 'plan').sort((a, b) => a.name.localeCompare(b.name)),
  )
  /** Reactions waiting for the GM. */
  prompts = $derived([...this.view.records.values()].filter((r): r is PromptRecord => r.typeName === 'prompt'))

  /** Battle maps by name (the player window holds only the one on the table). */
  scenes = $derived(
    [...this.view.records.values()]
      .filter((r): r is SceneRecord => r.typeName === 'scene')
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
  )
  activeScene = $derived(this.scenes.find((s) => s.active) ?? null)
  /** Every token on every scene the window may see. */
  tokens = $derived([...this.view.records.values()].filter((r): r is TokenRecord => r.typeName === 'token'))
  /** Area templates on every scene the window may see (the players' have no hidden ones). */
  areaMarks = $derived([...this.view.records.values()].filter((r): r is AreaMarkRecord => r.typeName === 'areaMark'))
  /** What the projector shows (a campaign that never set it fits the whole scene). */
  projector = $derived.by((): ProjectorRecord => {
    const r = this.view.records.get('projector')
    return r?.typeName === 'projector' ? r : DEFAULT_PROJECTOR
  })

  readonly #sync: ViewSync

  constructor(private readonly transport: Transport) {
    this.#sync = new ViewSync(
      () => transport.api.snapshot(undefined),
      (state) => (this.view = state),
    )
    transport.api.subscribe((m) => this.#receive(m))
    transport.onStatus((s) => {
      this.link = s
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

  /** Sends one command; failures land in `error` for the toast, and come back to the caller. */
  send<T extends CommandType>(type: T, payload: CommandInput<T>, typedDice?: number[]) {
    const campaignId = this.session?.campaign?.id
    const meta = {
      commandId: newCommandId(),
      ...(campaignId ? { campaignId } : {}),
      ...(typedDice ? { typedDice } : {}),
    }
    return this.request('dispatch', { type, payload, meta } as CommandDraft)
  }

  #receive(message: ServerMessage): void {
    if (message.kind === 'session') this.session = message.session
    else this.#sync.receive(message)
  }
}
