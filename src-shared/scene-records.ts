import type { SceneFog } from './fog'
import type { SceneSight } from './sight-fog'
import type { AreaMarkId, CombatantId, SceneId, TokenId, WallId } from './records'

/** The battle map's records: scenes and their images and grids, tokens, area templates, and the projector. */

/** A background image stored inside the campaign folder (content-addressed), never a path on the GM's disk. */
export interface SceneImage {
  /** sha256 of the bytes, hex; the file is `assets/<hash>.<ext>` in the campaign folder. */
  readonly hash: string
  readonly ext: 'png' | 'jpg' | 'webp'
  readonly width: number
  readonly height: number
  /** The name the GM's file had, for the scene list. */
  readonly fileName: string
}

/** How image pixels map to metres: a square grid of so many pixels per cell, or no grid at all. */
export type SceneGrid =
  | { readonly kind: 'square'; readonly cellPx: number; readonly metresPerCell: number; readonly offsetX: number; readonly offsetY: number }
  | { readonly kind: 'none'; readonly pxPerMetre: number }

/** A battle map: an image, its scale, and which one the table is looking at. */
export interface SceneRecord {
  readonly typeName: 'scene'
  readonly id: SceneId
  readonly name: string
  readonly image: SceneImage | null
  readonly grid: SceneGrid
  /** The scene on the table (the players see only this one). */
  readonly active: boolean
  /** What the table may see of it; absent on scenes made before fog existed (all revealed, see `fogOf`). */
  readonly fog?: SceneFog
  /** Whether the party's sight limits what the table sees too (issue 34); absent on older scenes ('off'). */
  readonly sight?: SceneSight
}

/**
 * One combatant's place on one scene, in metres from the image's top-left corner. A record of
 * its own so a move sends a few bytes, not the scene.
 */
export interface TokenRecord {
  readonly typeName: 'token'
  readonly id: TokenId
  readonly sceneId: SceneId
  readonly combatantId: CombatantId
  readonly x: number
  readonly y: number
}

/**
 * A circle the GM lays on a scene (a grenade's blast, a smoke cloud): a centre and a radius in
 * metres, with a label. The table sees it unless the GM hid it. Not a `template`: that name is
 * the roster's.
 */
export interface AreaMarkRecord {
  readonly typeName: 'areaMark'
  readonly id: AreaMarkId
  readonly sceneId: SceneId
  readonly x: number
  readonly y: number
  /** Metres. */
  readonly radius: number
  /** What it is ("Grenade"); the map adds the radius ("Grenade 3 m"). */
  readonly label: string
  /** The GM's secret (a mine, a trap's reach): never projected to the players. */
  readonly hidden: boolean
}

/**
 * What a wall is made of, as the rules read it (issue 34): a `wall` blocks movement, sight and
 * fire; `low` cover (a crate, a low wall) blocks movement and gives cover but not sight or fire;
 * a `window` blocks movement only; a `door` is a wall that opens.
 */
export const WALL_KINDS = ['wall', 'low', 'window', 'door'] as const
export type WallKind = (typeof WALL_KINDS)[number]
/** A door is open, closed, or closed and locked (the table cannot tell closed from locked). */
export const DOOR_STATES = ['open', 'closed', 'locked'] as const
export type DoorState = (typeof DOOR_STATES)[number]

/** A corner of a wall, in metres from the image's top-left corner. */
export interface WallPoint {
  readonly x: number
  readonly y: number
}

interface WallBase {
  readonly typeName: 'wall'
  readonly id: WallId
  readonly sceneId: SceneId
  /** A polyline: at least two corners, each segment between neighbours a piece of the wall. */
  readonly points: readonly WallPoint[]
}

/** A wall, low cover or a window: nothing to open. */
export type PlainWallRecord = { readonly [K in Exclude<WallKind, 'door'>]: WallBase & { readonly kind: K } }[Exclude<WallKind, 'door'>]

/** A door: its state, and whether it is secret (never drawn as a door on the table). */
export interface DoorRecord extends WallBase {
  readonly kind: 'door'
  readonly door: DoorState
  readonly secret: boolean
}

/** One wall on one scene: a record of its own, like a token, so a door opening sends a few bytes. */
export type WallRecord = PlainWallRecord | DoorRecord

export const PROJECTOR_MODES = ['fit', 'follow', 'mirror', 'fixed'] as const
export type ProjectorMode = (typeof PROJECTOR_MODES)[number]

/** A part of the scene to show: its centre and how much of it, in metres. */
export interface ProjectorView {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

/**
 * What the projector shows of the scene in play: the whole map, the acting combatant, the GM's
 * own view, or a view the GM fixed — or nothing at all (blank). One per campaign.
 */
export interface ProjectorRecord {
  readonly typeName: 'projector'
  readonly id: 'projector'
  readonly mode: ProjectorMode
  /** The view for 'mirror' and 'fixed' (and the size 'follow' frames); null until the GM sets one. */
  readonly view: ProjectorView | null
  readonly blank: boolean
  /**
   * How much of the initiative order the table's ribbon shows: everyone it can fit at a readable
   * size ('fit'), or at most the one before, whoever acts and the next N. Optional: campaigns saved
   * before issue 16 have no such field and fit (see ribbonNextOf).
   */
  readonly ribbonNext?: RibbonNext
  /**
   * What the table shows while a hidden combatant acts (see HIDDEN_TURN_SHOWS). Optional: campaigns
   * saved before issue 30 have none and dim (see hiddenTurnOf).
   */
  readonly hiddenTurn?: HiddenTurnShown
  /**
   * Whether the table sees the map while no fight runs (see table-holding.ts). Optional: campaigns
   * saved before it have none, and the table holds.
   */
  readonly prepMap?: boolean
}

/**
 * While a hidden combatant acts, the table's ribbon never highlights nobody (that says someone
 * unseen is acting as loudly as a name would). 'dim': the last visible combatant to act stays
 * marked, dimmed, and no banner plays; 'hold': it stays marked as if still acting, so the table
 * cannot tell a hidden turn from a long one.
 */
export const HIDDEN_TURN_SHOWS = ['dim', 'hold'] as const
export type HiddenTurnShown = (typeof HIDDEN_TURN_SHOWS)[number]

/** The hidden-turn setting, with the default for records that predate it. */
export function hiddenTurnOf(p: Pick<ProjectorRecord, 'hiddenTurn'>): HiddenTurnShown {
  return p.hiddenTurn ?? 'dim'
}

/** 'fit', or how many after whoever acts the table's ribbon shows (bounded so a typed value cannot overflow it). */
export type RibbonNext = 'fit' | number
export const RIBBON_NEXT_MAX = 12

/** The table ribbon's setting, with the default for records that predate it. */
export function ribbonNextOf(p: Pick<ProjectorRecord, 'ribbonNext'>): RibbonNext {
  return p.ribbonNext ?? 'fit'
}

export const DEFAULT_PROJECTOR: ProjectorRecord = { typeName: 'projector', id: 'projector', mode: 'fit', view: null, blank: false }
