import type { PoolCost } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { ACTIONS_POOL } from './cx-costs'
import { reloadAtTurnStart } from './cx-reload'
import type { CxCombatant, CxLive } from './sheet/cx-sheet'
import { ACTIONS_PER_TURN } from './turns/action-costs'

/** Up and able to spend actions (not downed, knocked out or dead: CX15, CX27). */
export const isUp = (live: CxLive): boolean => live.dying.condition.kind === 'up'

/**
 * What a combatant carries from its last turn into this one, at its turn start: a reload still
 * owing actions takes them first (SR-CX-74), pushed onto `spend` after any action already lost
 * (CX21); the optional aim shift after a target fell lapses (SR-CX-73: it is taken at once or not
 * at all). Lines for the log go onto `lines`.
 */
export function carryAtTurnStart(
  c: CxCombatant,
  spend: PoolCost[],
  up: boolean,
  library: ContentLibrary,
  lines: string[],
): Pick<CxCombatant, 'live' | 'weapons'> {
  let live = c.live
  if (live.aimShift) {
    lines.push(`the chance to shift aim from ${live.aimShift.name} has passed (SR-CX-73)`)
    live = { ...live, aimShift: null }
  }
  const lost = spend.filter((s) => s.pool === ACTIONS_POOL).reduce((n, s) => n + s.amount, 0)
  const carry = reloadAtTurnStart({ ...c, live }, up, ACTIONS_PER_TURN - lost, library)
  if (!carry) return { live, weapons: c.weapons }
  lines.push(carry.line)
  if (carry.spend === 0) return { live: carry.combatant.live, weapons: carry.combatant.weapons }
  spend.push({ pool: ACTIONS_POOL, amount: carry.spend })
  // `001` Cloaking (SR-CX-90): the reload's actions are actions this turn, so the upkeep is due.
  const cloak = carry.combatant.live.cloak
  const acted = cloak?.on ? { ...carry.combatant.live, cloak: { ...cloak, on: { ...cloak.on, acted: true } } } : carry.combatant.live
  return { live: acted, weapons: carry.combatant.weapons }
}
