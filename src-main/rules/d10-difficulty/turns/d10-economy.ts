import type { JsonValue } from '../../../../src-shared/json'
import type { EconomyPool, PoolCost, RulesCombatant } from '../../ruleset'
import type { D10Sheet, Stance } from '../sheet/d10-sheet'
import { d10Sheets } from '../d10-sheet-access'

/** The pool keys of the d10 economy (D3). */
export const ACTION = 'action'
export const REACTION = 'reaction'
export const FREE = 'free'
export const SPEED = 'speed'

/**
 * D3: 1 action, 1 reaction and 1 free action, and the speed points that pay for movement. The
 * chapter's "turn" is the whole plotted exchange everyone acts in, so the pools are per round: an
 * action kept past one's place in the order can still be spent on a dodge later that round (D6).
 * An action spent to regain speed points grows the speed pool by what was spent before it, so
 * what is left is the full speed again.
 */
export function d10Economy(rules: JsonValue | null): EconomyPool[] {
  const sheet = d10Sheets.read(rules)
  const speed = sheet ? sheet.speed + sheet.live.speedRegained : 0
  return [
    { key: ACTION, label: 'Action', count: 1, per: 'round' },
    { key: REACTION, label: 'Reaction', count: 1, per: 'round', reaction: true },
    { key: FREE, label: 'Free action', count: 1, per: 'round' },
    ...(sheet ? [{ key: SPEED, label: 'Speed points', count: speed, per: 'round' as const }] : []),
  ]
}

export const spent = (c: RulesCombatant, pool: string): number => c.spent?.[pool] ?? 0

/** D6: an action is left when the pool has one (a dodge this round spent it from the pool already). */
export function actionsLeft(c: RulesCombatant, _sheet: D10Sheet): number {
  return Math.max(0, 1 - spent(c, ACTION))
}

export function speedLeft(c: RulesCombatant, sheet: D10Sheet): number {
  return Math.max(0, sheet.speed + sheet.live.speedRegained - spent(c, SPEED))
}

export const oneAction: PoolCost[] = [{ pool: ACTION, amount: 1 }]

/**
 * D3: an act costing `oneAction` in the actor's own turn once its action is spent, refused in the
 * core's own words (`economySpend`: the pool's label, count and period, as `d10Economy` gives
 * them), before any die is rolled. The core refuses it anyway; judged here, the attack's dice,
 * working and sheets are not made first (a simulation tries every weapon and mode once the
 * action is gone). Only the exact case the core words so: its own turn, the pool spent to 0.
 */
export function actionSpentRefusal(c: RulesCombatant): string | null {
  return attacksSpentOut(c) ? `${c.name} has no action left this round; this needs 1 action (1 per round).` : null
}

/**
 * Issue 35: every attack the autopilot asks for (no options: no out-of-turn suppressing shot) is
 * refused before a die is rolled, whatever the weapon, mode or target: `actionSpentRefusal`, or
 * one of the attack's own refusals before it.
 */
export const attacksSpentOut = (c: RulesCombatant): boolean => c.acting === true && spent(c, ACTION) === 1
export const oneFree: PoolCost[] = [{ pool: FREE, amount: 1 }]

/** `002` Movement: speed points per metre for each way of moving. */
export const MOVE_MODES = {
  walk: { label: 'Move', perMetre: 1 },
  run: { label: 'Run', perMetre: 0.5 },
  jump: { label: 'Jump', perMetre: 2 },
  'running-jump': { label: 'Jump with a running start', perMetre: 1 },
  crawl: { label: 'Crawl', perMetre: 2 },
  climb: { label: 'Climb', perMetre: 3 },
} as const
export type MoveMode = keyof typeof MOVE_MODES
export const isMoveMode = (v: unknown): v is MoveMode => typeof v === 'string' && Object.hasOwn(MOVE_MODES, v)

/** D3: speed points for a distance; difficult terrain doubles the cost of any movement. Part points round up. */
export function movementPoints(metres: number, mode: MoveMode, difficult: boolean): number {
  const raw = metres * MOVE_MODES[mode].perMetre * (difficult ? 2 : 1)
  return Math.max(0, Math.ceil(raw - 1e-9))
}

const lying = (s: Stance) => s === 'prone' || s === 'prone-firing'

/** `002` Movement: changing stance costs 1 speed point, 2 from lying down; terrain does not double it. */
export function stanceChangePoints(from: Stance, to: Stance): number {
  if (from === to) return 0
  return lying(from) ? 2 : 1
}
