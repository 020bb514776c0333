import type { CombatantId, SceneId } from '../../../src-shared/records'
import type { CampaignView } from '../state/campaign-view.svelte'
import type { Point } from './map-geometry'

interface Pending {
  readonly sceneId: SceneId
  readonly combatantId: CombatantId
  readonly to: Point
  readonly name: string
  readonly prompts: readonly { text: string; odds: string }[]
}

/**
 * A token drop that would set off reactions waits for the GM to see them, with their odds
 * (before the move is committed); any other drop goes straight through.
 */
export class PendingMove {
  current = $state.raw<Pending | null>(null)

  constructor(private readonly campaignOf: () => CampaignView) {}

  async drop(sceneId: SceneId, combatantId: CombatantId, to: Point): Promise<void> {
    const campaign = this.campaignOf()
    const preview = await campaign.transportRequest('previewMove', { sceneId, combatantId, ...to })
    if (preview.ok && preview.value.prompts.length) {
      const name = campaign.combatants.find((c) => c.id === combatantId)?.name ?? 'It'
      this.current = { sceneId, combatantId, to, name, prompts: preview.value.prompts }
      return
    }
    void campaign.send('token/place', { sceneId, combatantId, ...to })
  }

  confirm(): void {
    const m = this.current
    this.current = null
    if (m) void this.campaignOf().send('token/place', { sceneId: m.sceneId, combatantId: m.combatantId, ...m.to })
  }

  cancel(): void {
    this.current = null
  }
}
