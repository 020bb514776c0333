import type { RulesCombatant, Standing } from '../ruleset'
import { cxSheets } from './sheet/cx-sheet'

/**
 * Where a Compound X combatant stands, from its dying record (CX15, CX27–CX29). Only the dead
 * skip their turn: a downed combatant still has a turn for its death save (CX27) and a
 * knocked-out one for its wake roll (CX15); the turn-start edge rolls them.
 */
export function cxStanding(rc: RulesCombatant): Standing {
  const c = cxSheets.of(rc)
  // Without a sheet there is no dying record: health alone says it, as the core would.
  if (!c) return rc.hp < 1 ? { state: 'down', label: 'down', skipsTurn: false } : { state: 'up', label: 'up', skipsTurn: false }
  const { condition, capacity } = c.live.dying
  switch (condition.kind) {
    case 'up':
      // The GM typed the health below 1 by hand: no downing ran, so no death saves come; say so.
      return rc.hp < 1
        ? { state: 'down', label: 'below 1 health · not downed by the rules', skipsTurn: false }
        : { state: 'up', label: 'up', skipsTurn: false }
    case 'downed':
      return { state: 'down', label: `downed · ${condition.failures}/${capacity} failed`, skipsTurn: false }
    case 'unconscious':
      return condition.cause === 'shock'
        ? {
            state: 'out',
            label: `knocked out · ${condition.wakeRollsLeft} wake roll${condition.wakeRollsLeft === 1 ? '' : 's'} left`,
            skipsTurn: false,
          }
        : { state: 'out', label: 'unconscious · past the revival limit', skipsTurn: false }
    case 'dead':
      return { state: 'dead', label: 'dead', skipsTurn: true }
  }
}

/** CX27/CX15: why a combatant that is not up cannot act, or null when it can. */
export function cannotAct(rc: RulesCombatant): string | null {
  const s = cxStanding(rc)
  if (s.state === 'up') return null
  if (s.state === 'dead') return `${rc.name} is dead.`
  if (s.state === 'out') return `${rc.name} is ${s.label.split(' · ')[0]}: no actions (CX15).`
  return `${rc.name} is ${s.label.startsWith('downed') ? 'downed' : 'below 1 health'}: no actions but the death save (CX27).`
}
