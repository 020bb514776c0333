import { footprintRadius } from '../../../src-shared/geometry'
import type { CombatantId, SceneId, TokenRecord } from '../../../src-shared/records'
import type { CombatantView } from '../../../src-shared/views'
import type { CampaignView } from '../state/campaign-view.svelte'
import { gridPath, pxPerMetre, sceneSizePx } from './map-geometry'
import { reachedZone, wallIndexFor } from '../../../src-shared/wall-geometry'
import { zonesOn } from './map-zones'
import { nextBackground, type ShownBackground } from './scene-background'

/** The map's props and the GM's pick in the scene bar, read live. */
export interface MapContentsHost {
  readonly campaign: CampaignView
  readonly role: 'gm' | 'player'
  readonly pickedId: SceneId | null
}

export interface PlacedToken {
  readonly token: TokenRecord
  readonly combatant: CombatantView
}

/**
 * What a battle map shows: which scene (the table's always the one in play; the GM's the one
 * picked), its grid and size, its picture, and the tokens, zones and templates on it that this
 * window may see.
 */
export class MapContents {
  // Set by the constructor, after the fields below are made: they are `$derived.by` so they read it only when first asked.
  readonly #host: MapContentsHost
  // Not reactive state: only what the last background was, for holding it while the table's new one is made.
  #shownBackground: ShownBackground | null = null

  constructor(host: MapContentsHost) {
    this.#host = host
  }

  readonly scene = $derived.by(() => {
    const { campaign, role, pickedId } = this.#host
    if (role === 'player') return campaign.activeScene
    return campaign.scenes.find((s) => s.id === pickedId) ?? campaign.activeScene ?? campaign.scenes[0] ?? null
  })
  readonly grid = $derived.by(() => this.scene?.grid ?? { kind: 'none' as const, pxPerMetre: 20 })
  readonly size = $derived.by(() => (this.scene ? sceneSizePx(this.scene) : { width: 800, height: 600 }))
  readonly zones = $derived.by(() =>
    this.scene ? zonesOn(this.scene.id, this.#host.campaign.combatants, (id) => this.tokenOf.get(id)) : [],
  )
  readonly marks = $derived.by(() => (this.scene ? this.#host.campaign.areaMarks.filter((m) => m.sceneId === this.scene!.id) : []))
  readonly walls = $derived.by(() => (this.scene ? this.#host.campaign.walls.filter((w) => w.sceneId === this.scene!.id) : []))
  /**
   * The walls this window holds on the scene, indexed by the rules' own module. The table holds only
   * those its fog lets it see, so its zones are cut by those alone: a zone never shows the shape of
   * a wall the table may not see (SR-CORE-32; the rules judge with every wall).
   */
  readonly wallIndex = $derived.by(() =>
    this.scene
      ? wallIndexFor(
          `${this.#host.role}:${this.scene.id}`,
          this.#host.campaign.walls.filter((w) => w.sceneId === this.scene!.id),
        )
      : null,
  )
  /** Each zone's reached part by key (SR-CORE-32); absent where nothing cuts it (no walls): draw the plain shape. */
  readonly zoneShapes = $derived.by(() => {
    const walls = this.wallIndex
    const out: Record<string, { x: number; y: number }[][]> = {}
    if (!walls || walls.empty) return out
    for (const z of this.zones) {
      const shapes = reachedZone(walls, z.source, z)
      if (shapes) out[z.key] = shapes
    }
    return out
  })
  /** Each template's reached part by id, from its centre, as the rules judge a blast (SR-CORE-32). */
  readonly markShapes = $derived.by(() => {
    const walls = this.wallIndex
    const out: Record<string, { x: number; y: number }[][]> = {}
    if (!walls || walls.empty) return out
    for (const m of this.marks) {
      const shapes = reachedZone(walls, m, m)
      if (shapes) out[m.id] = shapes
    }
    return out
  })
  readonly href = $derived.by(() => {
    const scene = this.scene
    this.#shownBackground = scene ? nextBackground(scene, this.#shownBackground, (image) => this.#host.campaign.assetUrl(image)) : null
    return this.#shownBackground?.href ?? null
  })
  readonly lines = $derived.by(() => (this.scene ? gridPath(this.scene.grid, this.size) : ''))

  // Each of these maps is made whole on every change and never mutated: a snapshot, not state.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly byId = $derived.by(() => new Map(this.#host.campaign.combatants.map((c) => [c.id, c])))
  /**
   * Tokens on this scene whose combatant this window can see (the player's projection has no hidden
   * ones). An entry whose token and combatant are the very records it had is the same object as
   * before (issue 36): the map's keyed list then redraws only the tokens that changed. New entries
   * for all of them made one token's move redraw 3,000.
   */
  readonly placed = $derived.by(() => {
    const scene = this.scene
    if (!scene) return []
    const out: PlacedToken[] = []
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a plain memo, never read reactively
    const kept = new Map<TokenRecord['id'], PlacedToken>()
    for (const t of this.#host.campaign.tokens) {
      const c = t.sceneId === scene.id ? this.byId.get(t.combatantId) : undefined
      if (!c) continue
      const was = this.#placedBefore.get(t.id)
      const p = was && was.token === t && was.combatant === c ? was : { token: t, combatant: c }
      out.push(p)
      kept.set(t.id, p)
    }
    this.#placedBefore = kept
    return out
  })
  // Not reactive state: the entries `placed` made last, to hand out again where nothing changed.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #placedBefore: ReadonlyMap<TokenRecord['id'], PlacedToken> = new Map()
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly tokenOf = $derived.by(() => new Map<CombatantId, TokenRecord>(this.placed.map((p) => [p.combatant.id, p.token])))
  readonly unplaced = $derived.by(() => this.#host.campaign.combatants.filter((c) => !this.tokenOf.has(c.id)))
  /** A token's base in metres, as the rules measure it (src-shared/geometry.ts). */
  readonly footprint = $derived(footprintRadius(this.grid))
  /** The same base in scene pixels: the size a token is drawn at. */
  readonly trueRadius = $derived(this.footprint * pxPerMetre(this.grid))
}
