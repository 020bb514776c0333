import type { Attachment, RangedWeapon } from '../content/pack-schema'
import type { Modifier } from '../../kit/modifier'
import type { StatBlock } from '../stats/stat-block'

export type FireMode = 'semi' | 'burst' | 'auto'
/** Aimed (an Aim action at this target), hip fire (+3, no optics) or blind fire (+6, no attachments). */
export type AimMode = 'aimed' | 'hip' | 'blind'
export type Cover = 'none' | 'partial' | 'full'
export type Stance = 'standing' | 'crouching' | 'prone' | 'hunkering'

export interface ShooterState {
  readonly stats: StatBlock
  /** Under someone's suppression (CX25: +1, not stackable). */
  readonly suppressed: boolean
  /** Sprinted during this action or the two before (CX6: +1). */
  readonly sprinted: boolean
  readonly prone: boolean
  /** Undetected, with adequate aiming time (CX6: −1; `000` Stealth Attacks: +20 damage). */
  readonly stealth: boolean
  /** Feats and abilities the GM adds: fractional bracket modifiers folded in before truncation (CX5). */
  readonly bracketModifiers?: readonly Modifier[]
  /** Black Cat 3–4 (CX30, SR-CX-86): no critical hits this encounter. */
  readonly criticalsBlocked?: boolean
}

export interface TargetPosition {
  readonly cover: Cover
  readonly stance: Stance
  /** Where the cover came from, in the breakdown's words (the GM, the map, the sheet: SR-CX-151). */
  readonly coverWords?: string
  /** The map hides part of the target, even if too little to count: the breakdown says so. */
  readonly coverFromMap?: boolean
}

/** Everything a ranged attack's miss chance depends on. */
export interface RangedSetup {
  readonly weapon: RangedWeapon
  readonly attachments: readonly Attachment[]
  readonly mode: FireMode
  readonly aim: AimMode
  /** Metres between shooter and target (R0.4). */
  readonly distance: number
  readonly shooter: ShooterState
  readonly target: TargetPosition
  /** A wide-effect shot at a grappled pair: each hit's damage is divided this many ways (`000` Grappling, SR-CX-64). */
  readonly damageShare?: number
}
