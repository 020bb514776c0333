import type { AutopilotCommand, Suggestion } from '../../../src-shared/autopilot'
import type { CommandDraft } from '../../../src-shared/commands'
import type { CampaignView } from '../state/campaign-view.svelte'
import { newCommandId } from '../state/command-id'

/**
 * Sends an act the autopilot chose through the desk's one dispatch path, marked as the
 * autopilot's so its log lines say so; it is journaled and undone like any other command.
 */
export function dispatchAutopilot(campaign: CampaignView, command: AutopilotCommand) {
  const campaignId = campaign.session?.campaign?.id
  const meta = { commandId: newCommandId(), ...(campaignId ? { campaignId } : {}), autopilot: true as const }
  return campaign.request('dispatch', { type: command.type, payload: command.payload, meta } as CommandDraft)
}

/**
 * The autopilot as the desk uses it: the last suggestion (for the turn it was asked on), the
 * last "Run NPC turns" outcome, and whether a request is out. Failures go to the desk's toast.
 */
export class AutopilotDesk {
  #suggestion = $state.raw<Suggestion | null>(null)
  /** What stopped the last run ("Vex's turn: a player acts."), until the GM asks the autopilot again or closes it. */
  ran = $state.raw<{ readonly message: string; readonly acts: number } | null>(null)
  busy = $state<'suggest' | 'do' | 'run' | null>(null)

  constructor(private readonly campaign: CampaignView) {}

  /**
   * The suggestion while its actor is still the one acting: once the turn moves on it is stale.
   * (Keyed by the actor, not the turn's version: the suggestion changes nothing, and the answer
   * and the diffs of other windows' commands may come in either order.)
   */
  get suggestion(): Suggestion | null {
    const s = this.#suggestion
    return s && s.actorId === this.campaign.encounter?.currentCombatantId ? s : null
  }

  dismiss(): void {
    this.#suggestion = null
  }

  async suggest(): Promise<boolean> {
    if (this.busy) return false
    this.busy = 'suggest'
    this.ran = null
    try {
      const r = await this.campaign.request('autopilotSuggest', {})
      this.#suggestion = r.ok ? r.value : null
      return r.ok
    } finally {
      this.busy = null
    }
  }

  /** Issues the suggestion's act (or one of its alternatives) as the autopilot's. */
  async act(command: AutopilotCommand): Promise<void> {
    if (this.busy) return
    this.busy = 'do'
    try {
      const r = await dispatchAutopilot(this.campaign, command)
      if (r.ok) this.#suggestion = null
    } finally {
      this.busy = null
    }
  }

  async run(): Promise<void> {
    if (this.busy) return
    this.busy = 'run'
    this.#suggestion = null
    try {
      const r = await this.campaign.request('autopilotRun', {})
      if (r.ok) this.ran = { message: r.value.message, acts: r.value.acts }
    } finally {
      this.busy = null
    }
  }
}
