import type { DoorRecord, WallId } from '../../../src-shared/records'
import type { CampaignView } from '../state/campaign-view.svelte'
import type { Point } from './map-geometry'
import type { MapContents } from './map-contents.svelte'
import type { MapTools } from './map-tools.svelte'
import { movedBy, pickFields, withCorner, withCornerAt } from './wall-draft'

/** What the wall edits read live from the map they serve. */
export interface WallEditsHost {
  readonly campaign: CampaignView
  readonly gm: boolean
  readonly contents: MapContents
  readonly tools: MapTools
}

/**
 * The GM's edits to walls and doors on the map (issue 34), as the map's clicks, drags and keys
 * ask for them: each becomes one command, so undo takes it back; a gesture the core would refuse
 * is said at once instead, with the wall left as it was.
 */
export class WallEdits {
  readonly #host: WallEditsHost

  constructor(host: WallEditsHost) {
    this.#host = host
  }

  /** Enter or a double-click: the corners so far become a wall of the picked kind. */
  finish = (): boolean => {
    const { campaign, contents, tools } = this.#host
    const points = tools.wallDraft
    if (!contents.scene || points.length === 0) return false
    if (points.length < 2) {
      campaign.error = { code: 'wall/tooShort', message: 'A wall needs at least two corners: click where it ends, then Enter.' }
      return true
    }
    tools.wallDraft = []
    tools.wallHover = null
    void campaign.send('wall/add', { sceneId: contents.scene.id, ...pickFields(tools.wallKind), points })
    return true
  }

  /** A click with the walls tool: a corner of the wall being drawn, or (with one picked) drops the pick. */
  corner = (at: Point): void => {
    const { tools } = this.#host
    // With a wall picked, a click beside it drops the pick: the next click starts a wall.
    if (tools.selectedWall && tools.wallDraft.length === 0) {
      tools.selectedWall = null
      tools.selectedCorner = null
    } else tools.wallDraft = withCorner(tools.wallDraft, at)
  }

  pick = (id: WallId, corner: number | null): void => {
    this.#host.tools.selectedWall = id
    this.#host.tools.selectedCorner = corner
  }

  /** A wall dragged whole (`index` null) or by one corner. */
  drop = (id: WallId, index: number | null, from: Point, to: Point): void => {
    const { campaign, contents, tools } = this.#host
    const w = contents.walls.find((x) => x.id === id)
    if (!w) return
    const points = index === null ? movedBy(w.points, from, to) : withCornerAt(w.points, index, to)
    if (!points) {
      campaign.error = { code: 'wall/sameCorner', message: 'A corner cannot sit on its neighbour: the wall was left as it was.' }
      return
    }
    tools.selectedWall = id
    void campaign.send('wall/move', { wallId: id, points })
  }

  /** Backspace while drawing: the last corner goes. */
  dropCorner = (): boolean => {
    const { tools } = this.#host
    if (tools.wallDraft.length === 0) return false
    tools.wallDraft = tools.wallDraft.slice(0, -1)
    return true
  }

  /** Delete: the picked wall goes (not while a new one is being drawn). */
  removePicked = (): boolean => {
    const { campaign, tools } = this.#host
    const id = tools.selectedWall
    if (!id || tools.wallDraft.length > 0) return false
    tools.selectedWall = null
    tools.selectedCorner = null
    void campaign.send('wall/remove', { wallId: id })
    return true
  }

  /** A click on a door's handle, in any tool: opens or shuts it; a locked one says so and stays. */
  toggleDoor = (w: DoorRecord): void => {
    const { campaign, gm } = this.#host
    if (!gm) return
    if (w.door === 'locked') {
      campaign.error = { code: 'door/locked', message: `That ${w.secret ? 'secret door' : 'door'} is locked: right-click it to unlock.` }
      return
    }
    void campaign.send('door/set', { wallId: w.id, door: w.door === 'open' ? 'closed' : 'open' })
  }

  /** Right-click on a door's handle: locks it (shutting it), or unlocks it. */
  lockDoor = (w: DoorRecord): void => {
    const { campaign, gm } = this.#host
    if (gm) void campaign.send('door/set', { wallId: w.id, door: w.door === 'locked' ? 'closed' : 'locked' })
  }
}
