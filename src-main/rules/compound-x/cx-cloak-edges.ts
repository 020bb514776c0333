import type { EdgeEffects, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { cloakOf } from './cx-cloak'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { cloakAtTurnEnd, NO_CLOAK } from './turns/cloak'

/**
 * The end of a Compound X combatant's own turn (core `edges.endOfTurn`): the cloak's upkeep, its
 * turns counting down and the module's charge (`001` Cloaking Modules; turns/cloak.ts). Null
 * for anyone who is not cloaked or charging.
 */
export function cxEndOfTurn(rc: RulesCombatant, library: ContentLibrary): EdgeEffects | null {
  const c = cxSheets.of(rc)
  if (!c?.live.cloak) return null
  const state = cloakOf(c)
  if (!state.on && state.chargeActions === 0) return null
  const module = state.on ? library.get('cloaking-modules', state.on.moduleId) : undefined
  const end = cloakAtTurnEnd(state, module, c.live.nanites)
  const next: CxCombatant = { ...c, live: { ...c.live, cloak: end.state, nanites: end.nanites } }
  return { rules: cxSheets.store(next), hp: rc.hp, lines: [...end.lines], rolls: [] }
}

/** No cloak outlasts its fight, and the once-an-encounter count starts afresh (`001` Cloaking, levels 1–4). */
export function cloakAtEncounterEnd(c: CxCombatant): CxCombatant {
  const s = c.live.cloak
  return s && (s.on || s.chargeActions > 0 || s.cloakedThisEncounter) ? { ...c, live: { ...c.live, cloak: NO_CLOAK } } : c
}
