import type { CombatantId, SceneId } from '../../../src-shared/records'
import type { CampaignView } from '../state/campaign-view.svelte'
import type { Point } from './map-geometry'

interface Pending {
  readonly sceneId: SceneId
  readonly combatantId: CombatantId
  readonly to: Point
  readonly name: string
  readonly prompts: readonly { reactor: string; text: string; odds: string }[]
  /** Why the mover's turn cannot pay for this move; confirming then makes it a free move (the GM waives the cost). */
  readonly refusal: string | null
}

/**
 * Refusals the GM sees before deciding: what the move sets off, or why the turn or the map will not
 * let it through (a wall, someone in the way, a price it cannot pay; confirming makes it free).
 */
const LOOK_FIRST: ReadonlySet<string> = new Set(['move/setsOff', 'move/wallInTheWay', 'move/occupied', 'move/cannot', 'move/notEnough'])

/**
 * A token drop that would set off reactions, or that its mover's turn cannot pay for, waits for
 * the GM to see why (the reactions with their odds, the price it cannot pay) before the move is
 * committed; any other drop goes straight through and pays its price.
 */
export class PendingMove {
  current = $state.raw<Pending | null>(null)

  constructor(private readonly campaignOf: () => CampaignView) {}

  async drop(sceneId: SceneId, combatantId: CombatantId, to: Point): Promise<void> {
    const campaign = this.campaignOf()
    // Issue 36: sent straight away, in one round trip; the core makes it only if nothing needs a
    // look first. Asking for the preview before every drop cost a second round trip each time.
    const sent = await campaign.sendQuietly('token/place', { sceneId, combatantId, ...to, ifQuiet: true })
    if (sent.ok) return
    if (!LOOK_FIRST.has(sent.error.code)) {
      campaign.error = sent.error
      return
    }
    const preview = await campaign.transportRequest('previewMove', { sceneId, combatantId, ...to })
    if (preview.ok && (preview.value.prompts.length || preview.value.refusal)) {
      const name = campaign.combatants.find((c) => c.id === combatantId)?.name ?? 'It'
      this.current = { sceneId, combatantId, to, name, prompts: preview.value.prompts, refusal: preview.value.refusal }
      return
    }
    // The campaign changed between the two (the reaction's owner went down): the move is quiet now.
    void campaign.send('token/place', { sceneId, combatantId, ...to })
  }

  confirm(): void {
    const m = this.current
    this.current = null
    if (m) void this.campaignOf().send('token/place', { sceneId: m.sceneId, combatantId: m.combatantId, ...m.to, free: m.refusal !== null })
  }

  cancel(): void {
    this.current = null
  }
}
