import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { beatsDc, rollD100, type RollMode } from '../checks/d100-check'
import { modifier, type Modifier } from '../../kit/modifier'
import { willSave } from '../stats/derived-stats'
import type { StatBlock } from '../stats/stat-block'

const SOURCE = '001 Black Cat'
const D10 = { count: 1, sides: 10, modifier: 0 }

export const BLACK_CAT_REPAIR_DC = 60
export const BLACK_CAT_TRIP_DAMAGE = 15
export const BLACK_CAT_ACTIONS_LOST = 3
export const BLACK_CAT_WILL_DC = 75

/** The `001` Black Cat table's results, by what they do to the combatant (wording ours). */
export type BlackCatEffect =
  /** 1–2: the primary weapon is out of action until someone repairs it (DC 60). */
  | { readonly kind: 'weapon-broken'; readonly repairDc: number }
  /** 3–4: this encounter, nothing the combatant does can crit, in attacks or in checks. */
  | { readonly kind: 'no-criticals' }
  /**
   * 5–6: a clumsy fall: damage, and most of the first turn gone. Interpretation: the hurt is
   * self-inflicted, so it is `internal` (past armour and shields, CX13); apply it with applyHit.
   */
  | { readonly kind: 'stumbled'; readonly damage: number; readonly damageType: 'internal'; readonly firstTurnActionsLost: number }
  /** 7–8: nerve check: a Will save (CX23) against DC 75, or the combatant is afraid of its enemies. */
  | {
      readonly kind: 'nerve-check'
      readonly willSave: { readonly natural: number; readonly total: number; readonly dc: number; readonly modifiers: readonly Modifier[] }
      readonly gainsFear: boolean
    }
  /** 9–10: the luck holds, for now. */
  | { readonly kind: 'spared' }

export interface BlackCatResult {
  readonly roll: number
  readonly effect: BlackCatEffect
  readonly summary: string
  readonly rolls: readonly RollRecord[]
}

/** CX30: only a combatant with Luck 1 rolls on the table. */
export const hasBlackCat = (stats: StatBlock): boolean => stats.luck <= 1

/**
 * CX30: at the start of an encounter a Luck-1 combatant rolls d10 on the `001` Black Cat table;
 * a 7–8 rolls the Will save at once, so the result carries both dice. Returns null (no dice
 * used) for anyone luckier.
 */
export function rollBlackCat(stats: StatBlock, dice: Dice, willMode: RollMode = 'normal'): BlackCatResult | null {
  if (!hasBlackCat(stats)) return null
  const d10 = dice.roll(D10, 'Black Cat')
  const roll = d10.total
  const rolls: RollRecord[] = [d10]
  let effect: BlackCatEffect
  let summary: string
  if (roll <= 2) {
    effect = { kind: 'weapon-broken', repairDc: BLACK_CAT_REPAIR_DC }
    summary = `primary weapon out of action until a DC ${BLACK_CAT_REPAIR_DC} repair`
  } else if (roll <= 4) {
    effect = { kind: 'no-criticals' }
    summary = 'no critical hits or critical successes this encounter'
  } else if (roll <= 6) {
    effect = { kind: 'stumbled', damage: BLACK_CAT_TRIP_DAMAGE, damageType: 'internal', firstTurnActionsLost: BLACK_CAT_ACTIONS_LOST }
    summary = `stumbles: ${BLACK_CAT_TRIP_DAMAGE} damage and ${BLACK_CAT_ACTIONS_LOST} actions of its first turn lost`
  } else if (roll <= 8) {
    const modifiers = [modifier('Will save', willSave(stats), 'CX23')]
    const r = rollD100({ modifiers, mode: willMode, purpose: 'Black Cat: Will save' }, dice)
    rolls.push(...r.rolls)
    const passed = beatsDc(r.total, BLACK_CAT_WILL_DC)
    effect = { kind: 'nerve-check', willSave: { natural: r.natural, total: r.total, dc: BLACK_CAT_WILL_DC, modifiers }, gainsFear: !passed }
    summary = `nerve check: Will ${r.total} vs DC ${BLACK_CAT_WILL_DC}, ${passed ? 'holds steady' : "gains 'Fear' of its enemies"}`
  } else {
    effect = { kind: 'spared' }
    summary = 'spared this time'
  }
  return { roll, effect, summary: `Black Cat d10 ${roll}: ${summary} (${SOURCE}, CX30)`, rolls }
}

/** What a Black Cat result leaves on the sheet for the fight (the live `blackCat` marks). */
export interface BlackCatMarks {
  readonly noCriticals: boolean
  readonly actionsLost: number
  readonly fear: boolean
}

/**
 * SR-CX-86: 3–4 marks the combatant for the encounter (no critical hits in attacks, no critical
 * successes in checks), cleared when it ends. SR-CX-87: 5–6's three actions and 7–8's Fear land
 * when its first turn starts: the actions are that turn's, and Fear goes on as a condition then.
 */
export function blackCatMarks(effect: BlackCatEffect): BlackCatMarks {
  return {
    noCriticals: effect.kind === 'no-criticals',
    actionsLost: effect.kind === 'stumbled' ? effect.firstTurnActionsLost : 0,
    fear: effect.kind === 'nerve-check' && effect.gainsFear,
  }
}
