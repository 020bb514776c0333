import type { CombatantId } from '../../../src-shared/records'
import type { CampaignView } from '../state/campaign-view.svelte'
import { aimAt, attackIntent, attackWith, measuredDistance } from '../attack/attack-intent.svelte'
import type { MapContents } from './map-contents.svelte'
import { distance } from './map-geometry'
import type { MapPointer } from './map-pointer.svelte'
import { RangeOdds } from './range-odds.svelte'
import { ReachMarks } from './reach-marks.svelte'

/** The map's props, read live. */
export interface MapAimProps {
  readonly campaign: CampaignView
  readonly role: 'gm' | 'player'
  /** The GM's picture of the table, which marks no reach of its own. */
  readonly preview: boolean
}

/**
 * Attacking from the map: whom ranges are measured from, the hovered target's distance and the
 * ruleset's word on it, the tokens the picked weapon cannot reach, and what a click on a token
 * picks. Made during the map's initialisation: its questions to the core follow the map's state.
 */
export class MapAim {
  // Set by the constructor, after the fields below are made: they are `$derived.by` so they read them only when first asked.
  readonly #props: MapAimProps
  readonly #contents: Pick<MapContents, 'scene' | 'tokenOf'>
  readonly #pointer: Pick<MapPointer, 'drag'>
  hoverId = $state<CombatantId | null>(null)
  readonly odds: RangeOdds
  readonly reach: ReachMarks

  constructor(props: MapAimProps, contents: Pick<MapContents, 'scene' | 'tokenOf'>, pointer: Pick<MapPointer, 'drag'>) {
    this.#props = props
    this.#contents = contents
    this.#pointer = pointer
    this.odds = new RangeOdds(() => props.campaign)
    this.reach = new ReachMarks(() => props.campaign)
    $effect(() => {
      if (this.range !== null && this.attackerId && this.hoverId) this.odds.ask(this.attackerId, this.hoverId)
    })
    // Every token the picked weapon cannot reach is marked, on the scene in play (where the rules read positions),
    // while a fight runs: with none there is no attack to judge, and no "cannot attack" note stays up.
    $effect(() => {
      const attackerId = this.attackerId
      const arms = attackIntent.arms?.attackerId === attackerId ? attackIntent.arms : null
      const fight = !!props.campaign.encounter
      const on = this.#gm && !props.preview && fight && contents.scene?.active && attackerId && this.attackerToken
      this.reach.want(on ? { attackerId, weapon: arms?.weapon ?? 0, mode: arms?.mode ?? '', version: props.campaign.view.version } : null)
    })
  }

  get #gm(): boolean {
    return this.#props.role === 'gm'
  }

  /** Whom ranges are measured from: the attack's chosen attacker, else whoever is acting. */
  readonly attackerId = $derived.by(() => attackIntent.attackerId || this.#props.campaign.encounter?.currentCombatantId || null)
  readonly attackerToken = $derived.by(() => (this.attackerId ? this.#contents.tokenOf.get(this.attackerId) : undefined))
  readonly hoverToken = $derived.by(() =>
    this.hoverId && this.hoverId !== this.attackerId ? this.#contents.tokenOf.get(this.hoverId) : undefined,
  )
  readonly range = $derived.by(() =>
    this.#gm && this.attackerToken && this.hoverToken && !this.#pointer.drag ? distance(this.attackerToken, this.hoverToken) : null,
  )

  /** A click picks the attacker; with one picked, a click on another token aims at it with the map's distance. */
  clickToken(id: CombatantId): void {
    const attackerId = this.attackerId
    if (!attackerId || attackerId === id) {
      attackWith(id)
      return
    }
    const from = this.#contents.tokenOf.get(attackerId)
    const to = this.#contents.tokenOf.get(id)
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
