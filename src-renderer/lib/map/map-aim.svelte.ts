import type { CombatantId, TokenRecord } from '../../../src-shared/records'
import type { CampaignView } from '../state/campaign-view.svelte'
import { aimAt, attackIntent, attackWith, measuredDistance } from '../attack/attack-intent.svelte'
import { distance } from './map-geometry'
import { RangeOdds } from './range-odds.svelte'
import { ReachMarks } from './reach-marks.svelte'

export interface MapAimHost {
  readonly campaign: CampaignView
  readonly gm: boolean
  /** The GM's picture of the table, which marks no reach of its own. */
  readonly preview: boolean
  readonly sceneActive: boolean
  readonly tokenOf: ReadonlyMap<CombatantId, TokenRecord>
  /** A gesture is under way: no range readout while dragging. */
  readonly dragging: boolean
}

/**
 * Attacking from the map: whom ranges are measured from, the hovered target's distance and the
 * ruleset's word on it, the tokens the picked weapon cannot reach, and what a click on a token
 * picks. Made during the map's initialisation: its questions to the core follow the map's state.
 */
export class MapAim {
  // Set by the constructor, after the fields below are made: they are `$derived.by` so they read it only when first asked.
  readonly #host: MapAimHost
  hoverId = $state<CombatantId | null>(null)
  readonly odds: RangeOdds
  readonly reach: ReachMarks

  constructor(host: MapAimHost) {
    this.#host = host
    this.odds = new RangeOdds(() => host.campaign)
    this.reach = new ReachMarks(() => host.campaign)
    $effect(() => {
      if (this.range !== null && this.attackerId && this.hoverId) this.odds.ask(this.attackerId, this.hoverId)
    })
    // Every token the picked weapon cannot reach is marked, on the scene in play (where the rules read positions).
    $effect(() => {
      const attackerId = this.attackerId
      const arms = attackIntent.arms?.attackerId === attackerId ? attackIntent.arms : null
      const on = host.gm && !host.preview && host.sceneActive && attackerId && this.attackerToken
      this.reach.want(on ? { attackerId, weapon: arms?.weapon ?? 0, mode: arms?.mode ?? '', version: host.campaign.view.version } : null)
    })
  }

  /** Whom ranges are measured from: the attack's chosen attacker, else whoever is acting. */
  readonly attackerId = $derived.by(() => attackIntent.attackerId || this.#host.campaign.encounter?.currentCombatantId || null)
  readonly attackerToken = $derived.by(() => (this.attackerId ? this.#host.tokenOf.get(this.attackerId) : undefined))
  readonly hoverToken = $derived.by(() =>
    this.hoverId && this.hoverId !== this.attackerId ? this.#host.tokenOf.get(this.hoverId) : undefined,
  )
  readonly range = $derived.by(() =>
    this.#host.gm && this.attackerToken && this.hoverToken && !this.#host.dragging ? distance(this.attackerToken, this.hoverToken) : null,
  )

  /** A click picks the attacker; with one picked, a click on another token aims at it with the map's distance. */
  clickToken(id: CombatantId): void {
    const attackerId = this.attackerId
    if (!attackerId || attackerId === id) {
      attackWith(id)
      return
    }
    const from = this.#host.tokenOf.get(attackerId)
    const to = this.#host.tokenOf.get(id)
    // The panel follows the attacker the GM sees highlighted here, even if only the turn chose it.
    if (!attackIntent.attackerId) attackWith(attackerId)
    aimAt(id)
    if (from && to) measuredDistance(distance(from, to))
  }

  /** The pointer left a token: forget it only if it is still the one hovered. */
  leave(id: CombatantId): void {
    if (this.hoverId === id) this.hoverId = null
  }
}
