import type { PoolCost, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { ACTIONS_POOL, actionsCost } from './cx-costs'
import type { CxCombatant } from './sheet/cx-sheet'
import { magSpace, sparesHeld } from './sheet/cx-loadout'
import { ACTIONS_PER_TURN, actionCost } from './turns/action-costs'
import { reloadAction, type ReloadResult } from './turns/reload'
import { afterActions } from './turns/turn-budget'

/**
 * `000` Where Is My Ammo Storage?, SR-CX-190: a reload draws only on the spare magazines the rigs'
 * Mag Space holds (the main weapon's first); null when there is one to load, else why not.
 */
export function reloadSpareRefusal(c: CxCombatant, slot: number, library: ContentLibrary): string | null {
  const carried = c.weapons[slot]
  const name = carried ? (library.get('ranged-weapons', carried.itemId)?.name ?? 'weapon') : 'weapon'
  if (!carried || carried.spareMagazines === 0) return `No spare magazines for the ${name}.`
  if (sparesHeld(c, slot, library) > 0) return null
  return `The ${carried.spareMagazines} spare magazine${carried.spareMagazines === 1 ? '' : 's'} for the ${name} do not fit the rigs' ${magSpace(c, library) ?? 0} Mag Space: nothing to reload from (000 Where Is My Ammo Storage?, SR-CX-190).`
}

/**
 * The magazine goes in: full, one spare used (`000` Reloading). SR-CX-190: the spares past the Mag
 * Space were never in the rigs, so what is left is what they held, less this one.
 */
function loaded(c: CxCombatant, slot: number, library: ContentLibrary): CxCombatant {
  const carried = c.weapons[slot]
  const item = carried?.kind === 'ranged' ? library.get('ranged-weapons', carried.itemId) : undefined
  if (!carried || !item) return c
  const held = sparesHeld(c, slot, library)
  const weapons = c.weapons.map((w, i) => (i === slot ? { ...w, ammo: item.magazine.size, spareMagazines: Math.max(0, held - 1) } : w))
  return { ...c, weapons }
}

export interface ReloadStart {
  readonly combatant: CxCombatant
  /** What the reload spends now: all of it, or what is left of the turn. */
  readonly cost: PoolCost[]
  /** For the log: how it ends this turn. */
  readonly note: string
  /**
   * Out of its turn (a released hold) the reload is done with what is held, however long its
   * check made it: the held actions pay what they can and the magazine goes in (SR-CX-74). A
   * refusal after the roll would let the GM roll the check again.
   */
  readonly overrun?: true
}

/**
 * `000` Reloading, SR-CX-74: a reload takes the actions its check gave. On the combatant's own
 * turn with fewer actions left than that, it spends what is left, the magazine is not yet in,
 * and the rest is owed at the start of its next turn (`reloadAtTurnStart`). Out of its turn
 * (a held or reacting reload) or outside a running round nothing is counted: it loads at once.
 */
export function startReload(actor: RulesCombatant, c: CxCombatant, slot: number, r: ReloadResult, library: ContentLibrary): ReloadStart {
  const total = actionCost(reloadAction(r))
  const left = ACTIONS_PER_TURN - (actor.spent?.[ACTIONS_POOL] ?? 0)
  if (actor.acting !== true || total <= left) {
    const combatant = { ...loaded(c, slot, library), live: { ...c.live, reloading: null } }
    return { combatant, cost: actionsCost(total), note: 'loaded', ...(actor.acting === false ? { overrun: true as const } : {}) }
  }
  const owed = total - left
  return {
    combatant: { ...c, live: { ...c.live, reloading: { slot, actionsLeft: owed } } },
    cost: actionsCost(left),
    note: `${left} of ${total} actions now, ${owed} at the start of its next turn; the magazine goes in then (000 Reloading, SR-CX-74)`,
  }
}

export interface ReloadCarry {
  readonly combatant: CxCombatant
  readonly spend: number
  readonly line: string
}

/**
 * SR-CX-74: at the start of its turn a reloading combatant first pays the actions its reload still
 * owes (at most the turn's 4; a longer one owes the rest again next turn); once paid, the magazine
 * is in. `available` is what the turn still has (an action lost to hitting the dirt goes first,
 * CX21). Those actions are its own and break a sprint streak (SR-CX-31). A combatant that is not
 * up has no actions to give: its reload is dropped.
 */
export function reloadAtTurnStart(c: CxCombatant, up: boolean, available: number, library: ContentLibrary): ReloadCarry | null {
  const owed = c.live.reloading
  if (!owed) return null
  const carried = c.weapons[owed.slot]
  const name = carried ? (library.get('ranged-weapons', carried.itemId)?.name ?? 'weapon') : 'weapon'
  if (!up || carried?.kind !== 'ranged') {
    return {
      combatant: { ...c, live: { ...c.live, reloading: null } },
      spend: 0,
      line: `the unfinished reload of the ${name} is dropped (SR-CX-74)`,
    }
  }
  const spend = Math.min(owed.actionsLeft, Math.max(0, available))
  const rest = owed.actionsLeft - spend
  const sprint = afterActions(c.live.sprint, spend, false)
  if (rest > 0) {
    return {
      combatant: { ...c, live: { ...c.live, sprint, reloading: { ...owed, actionsLeft: rest } } },
      spend,
      line: `the reload of the ${name} takes all ${spend} actions; ${rest} more next turn (000 Reloading, SR-CX-74)`,
    }
  }
  const done = loaded(c, owed.slot, library)
  return {
    combatant: { ...done, live: { ...c.live, sprint, reloading: null } },
    spend,
    line: `the reload of the ${name} takes the first ${spend} action${spend === 1 ? '' : 's'}: loaded (000 Reloading, SR-CX-74)`,
  }
}

/** SR-CX-74: a fight that ends mid-reload leaves time to finish it: the magazine is in. */
export function reloadAtEncounterEnd(c: CxCombatant, library: ContentLibrary): CxCombatant {
  const owed = c.live.reloading
  if (!owed) return c
  const done = loaded(c, owed.slot, library)
  return { ...done, live: { ...done.live, reloading: null } }
}
