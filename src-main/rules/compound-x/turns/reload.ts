import type { Dice } from '../../dice'
import { beatsDc, rollD100, type D100Result, type RollMode } from '../checks/d100-check'
import type { RangedWeapon } from '../content/pack-schema'
import type { Modifier } from '../../kit/modifier'
import type { TurnAction } from './action-costs'

/**
 * Our reading of "a critical Weapons check": a natural 91–100 that also passes the DC. `000`
 * leaves the band undefined; 91–100 is the d100 "base critical range 10" of its Stabilize rule
 * (CX29). `001`'s older "anything in the 90–100 range … or by adding your weapon use skill" is
 * not followed: `000` wins on combat, and counting totals would make every trained character
 * crit every reload. A natural 91+ that still misses the DC is a plain failure. Rolling the
 * average cannot crit (CX3).
 */
export const RELOAD_CRITICAL_FROM = 91

export type ReloadOutcome = 'critical' | 'success' | 'failure' | 'no-check'

export interface ReloadCheck {
  readonly weapon: Pick<RangedWeapon, 'name' | 'reloadDc' | 'reloadActions'>
  /** DEX bonus (CX2), Weapons skill ranks, attachments' reload-DC help as a bonus… */
  readonly modifiers: readonly Modifier[]
  readonly mode: RollMode
  /** Black Cat 3–4 (CX30): no critical successes this encounter. */
  readonly criticalsAllowed?: boolean
}

export interface ReloadResult {
  readonly outcome: ReloadOutcome
  /** Actions the reload takes; spend it as `{ kind: 'reload', actions }` (it may run into the next turn). */
  readonly actions: number
  readonly check: D100Result | null
  readonly dc: number | null
  readonly explanation: string
}

/**
 * `000` Reloading: the weapon's normal reload actions on a success; halved on a critical, rounding
 * down (which gives the text's "bolt-action reduced to 1" from 3), at least 1; doubled on a failure.
 */
export function reloadActionsFor(outcome: ReloadOutcome, normal: number): number {
  if (outcome === 'critical') return Math.max(1, Math.floor(normal / 2))
  if (outcome === 'failure') return normal * 2
  return normal
}

/** `000` Reloading: a CX1 Weapons check against the weapon's reload DC decides how long the reload takes. */
export function rollReload(req: ReloadCheck, dice: Dice): ReloadResult {
  const { weapon } = req
  if (weapon.reloadDc === null) {
    const actions = reloadActionsFor('no-check', weapon.reloadActions)
    return { outcome: 'no-check', actions, check: null, dc: null, explanation: `The ${weapon.name} lists no reload DC: ${actions} actions` }
  }
  const dc = weapon.reloadDc
  const check = rollD100({ modifiers: req.modifiers, mode: req.mode, purpose: `reload ${weapon.name} (DC ${dc})` }, dice)
  const passed = beatsDc(check.total, dc)
  const critical = passed && check.canCrit && req.criticalsAllowed !== false && check.natural >= RELOAD_CRITICAL_FROM
  const outcome: ReloadOutcome = critical ? 'critical' : passed ? 'success' : 'failure'
  const actions = reloadActionsFor(outcome, weapon.reloadActions)
  const how = outcome === 'critical' ? 'halved' : outcome === 'failure' ? 'doubled' : 'normal'
  return {
    outcome,
    actions,
    check,
    dc,
    explanation: `Weapons check ${check.total} (natural ${check.natural}) vs DC ${dc}: ${outcome}; reload ${how}, ${actions} actions (000 Reloading, CX1)`,
  }
}

export const reloadAction = (result: Pick<ReloadResult, 'actions'>): TurnAction => ({ kind: 'reload', actions: result.actions })
