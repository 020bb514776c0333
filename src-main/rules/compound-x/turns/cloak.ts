import type { CloakModule } from '../content/pack-schema'
import { ACTIONS_PER_TURN } from './action-costs'

/**
 * `001` Cloaking, as pure rules: the level table (CLOAKING DURATIONS AND LEVELING BONUSES), how
 * long a cloak lasts, what a searcher must beat, and what the end of the wearer's turn does to
 * the cloak (Cloaking Modules). The desk side is `cx-cloak.ts` and `cx-cloak-edges.ts`.
 */

export interface CloakOn {
  readonly moduleId: string
  /** Own turns it still lasts; null for no limit (a "+Infinite" Cloak Turn Bonus). */
  readonly turnsLeft: number | null
  /** The wearer spent actions this turn: the upkeep is due at its end. */
  readonly acted: boolean
}

export interface CloakState {
  readonly on: CloakOn | null
  /** Actions still to wait before cloaking again, counted from the start of the current own turn. */
  readonly chargeActions: number
  readonly cloakedThisEncounter: boolean
}

export const NO_CLOAK: CloakState = { on: null, chargeActions: 0, cloakedThisEncounter: false }

/** The table's rows by the level each starts at: Cloak Turns for every level, the other columns where they change. */
const CLOAK_TURNS: readonly (readonly [number, number])[] = [
  [20, 10],
  [18, 9],
  [16, 8],
  [13, 7],
  [10, 6],
  [7, 5],
  [4, 4],
  [0, 3],
]
const DETECT_BONUS: readonly (readonly [number, number])[] = [
  [20, 20],
  [15, 15],
  [10, 10],
  [5, 5],
  [0, 0],
]
const SHADOW_TURNS: readonly (readonly [number, number])[] = [
  [20, 5],
  [16, 4],
  [11, 3],
  [6, 2],
  [0, 1],
]

/**
 * SR-CX-92: "The Table bonuses are not cumulative": a level reads the last row at or below it
 * that fills the column (level 7 has +5 Detect DC from level 5, not +0, and level 10 has +10, not
 * +15). Level 0, below the table, reads as level 1.
 */
const rowFor = (table: readonly (readonly [number, number])[], level: number): number =>
  (table.find(([from]) => level >= from) ?? table[table.length - 1]!)[1]

export interface CloakLevelRow {
  readonly cloakTurns: number
  readonly detectBonus: number
  readonly shadowAssassinTurns: number
  /** `*`: "For levels 1-4, you may only cloak once per encounter." */
  readonly oncePerEncounter: boolean
}

export function cloakLevelRow(level: number): CloakLevelRow {
  return {
    cloakTurns: rowFor(CLOAK_TURNS, level),
    detectBonus: rowFor(DETECT_BONUS, level),
    shadowAssassinTurns: rowFor(SHADOW_TURNS, level),
    oncePerEncounter: level <= 4,
  }
}

/**
 * `001` Cloaking Modules: "Cloak Turns" + the module's "Cloak Turn Bonus"; an Assassin adds its
 * Shadow Assassin turns (its class passive: "bonus cloaking time when using other cloaking
 * devices", SR-CX-92). Null: the module has no limit.
 */
export function cloakDuration(level: number, module: CloakModule, assassin: boolean): number | null {
  if (module.cloakTurnBonus === null) return null
  const row = cloakLevelRow(level)
  return row.cloakTurns + module.cloakTurnBonus + (assassin ? row.shadowAssassinTurns : 0)
}

/** Why the wearer cannot cloak now, or null. `spentThisTurn`: the actions it has spent in this own turn. */
export function cloakRefusal(state: CloakState, module: CloakModule, level: number, nanites: number, spentThisTurn: number): string | null {
  if (state.on) return 'already cloaked'
  if (state.cloakedThisEncounter && cloakLevelRow(level).oncePerEncounter)
    return `at level ${level} a character may cloak only once per encounter (001 Cloaking, levels 1–4)`
  const wait = state.chargeActions - spentThisTurn
  if (wait > 0) return `the module is still charging: ${wait} more action${wait === 1 ? '' : 's'} (001 Cloaking Modules, Charge Delay)`
  if (nanites < module.activationNanites)
    return `${module.name} needs ${module.activationNanites} nanites to activate; ${nanites} left (001 Cloaking Modules)`
  return null
}

/**
 * `001` Cloaking Detection: the searcher's check is against the module's Detect DC (its "moving
 * detect DC" while the wearer moves or uses a skill), plus the level's Detect DC bonus, "modified
 * by your stealth skill" (SR-CX-93: the wearer's Stealth ranks are added to the DC).
 */
export function detectDc(module: CloakModule, level: number, stealth: number, moving: boolean) {
  const base = moving ? module.movingDetectDc : module.detectDc
  const bonus = cloakLevelRow(level).detectBonus
  return { base, bonus, stealth, dc: base + bonus + stealth }
}

export interface CloakTurnEnd {
  readonly state: CloakState
  readonly nanites: number
  readonly lines: readonly string[]
}

/** The cloak stops: the module must charge for its delay before the next (SR-CX-91: whatever ended it). */
export const cloakEnds = (state: CloakState, module: CloakModule | undefined, spentThisTurn: number): CloakState => ({
  ...state,
  on: null,
  chargeActions: (module?.chargeDelayActions ?? 0) + spentThisTurn,
})

/**
 * The end of the wearer's own turn (`001` Cloaking Modules): a charge in progress loses a turn's
 * actions (SR-CX-91: spent or forgone, all four pass); a cloak whose wearer spent actions this
 * turn costs the upkeep, or ends when the nanites cannot pay it ("Wearers need only expend
 * Nanites for the Nanite Upkeep cost at the end of a turn that they perform actions"), and it
 * counts down its turns, ending when they run out. The turn it starts in is its first (SR-CX-90).
 */
export function cloakAtTurnEnd(state: CloakState, module: CloakModule | undefined, nanites: number): CloakTurnEnd {
  const charged = state.on ? state : { ...state, chargeActions: Math.max(0, state.chargeActions - ACTIONS_PER_TURN) }
  const on = state.on
  if (!on) return { state: charged, nanites, lines: [] }
  if (!module) return { state: { ...state, on: null }, nanites, lines: ['the cloak ends: its module is no longer worn'] }
  const delay = `${module.chargeDelayActions} action${module.chargeDelayActions === 1 ? '' : 's'} to recharge`
  let left = nanites
  const lines: string[] = []
  if (on.acted) {
    if (nanites < module.upkeepNanites) {
      lines.push(`the cloak ends: ${nanites} nanites cannot pay the ${module.upkeepNanites} upkeep; ${delay} (001 Cloaking Modules)`)
      return { state: cloakEnds(state, module, 0), nanites, lines }
    }
    left = nanites - module.upkeepNanites
    lines.push(`cloak upkeep −${module.upkeepNanites} nanites → ${left} (001 Cloaking Modules)`)
  } else {
    lines.push('cloak held for free: no actions this turn (001 Cloaking Modules)')
  }
  if (on.turnsLeft === null) return { state: { ...state, on: { ...on, acted: false } }, nanites: left, lines }
  const turnsLeft = on.turnsLeft - 1
  if (turnsLeft <= 0) {
    lines.push(`the cloak's time runs out; ${delay} (001 Cloaking Modules)`)
    return { state: cloakEnds(state, module, 0), nanites: left, lines }
  }
  lines.push(`cloaked: ${turnsLeft} turn${turnsLeft === 1 ? '' : 's'} left`)
  return { state: { ...state, on: { ...on, turnsLeft, acted: false } }, nanites: left, lines }
}
