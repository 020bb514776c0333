import type { ActionDefinition } from '../../../src-shared/attack'
import { fail, ok } from '../../../src-shared/result'
import { optionBool } from '../kit/options'
import type { PoolCost, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import type { ActPerformer } from './cx-act'
import { rollCxCheck } from './cx-checks'
import { ACTIONS_POOL, actionsIn } from './cx-costs'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { cloakModuleRefusal } from './sheet/cx-loadout'
import { cloakDuration, cloakEnds, cloakRefusal, detectDc, NO_CLOAK, type CloakState } from './turns/cloak'

/**
 * `001` Cloaking at the desk: the Cloak action (activation), the search for a cloaked combatant
 * (Cloaking Detection), and what the wearer's own acts do to the cloak (an act with actions makes
 * the upkeep due; a combat action ends it). The rules are in turns/cloak.ts.
 */

export const CLOAK = 'cloak'
export const SEARCH_CLOAKED = 'search-cloaked'

export const cloakOf = (c: CxCombatant): CloakState => c.live.cloak ?? NO_CLOAK

/** The actions spent in this own turn so far (none out of turn). */
const spentNow = (rc: RulesCombatant): number => (rc.acting === false ? 0 : (rc.spent?.[ACTIONS_POOL] ?? 0))

const ASSASSIN = 'assassin'

/** Offered to a combatant wearing a cloaking module; with why not when it cannot cloak now. */
export function cloakDefinitions(c: CxCombatant, library: ContentLibrary, actor: RulesCombatant): ActionDefinition[] {
  const module = c.cloakId ? library.get('cloaking-modules', c.cloakId) : undefined
  if (!module) return []
  // SR-CX-191, SR-CX-192, SR-CX-194: attached, worn by a class that may, operated with the skill.
  const refusal = cloakModuleRefusal(c, module, library) ?? cloakRefusal(cloakOf(c), module, c.level, c.live.nanites, spentNow(actor))
  return [
    {
      key: CLOAK,
      label: `Cloak (${module.name}: ${module.activationNanites} nanites)`,
      target: 'none',
      options: [],
      // SR-CX-90: the activation's price is its nanites; the `000` Actions list prices no action for it.
      cost: 'free (nanites)',
      unavailable: refusal ? `${refusal[0]!.toUpperCase()}${refusal.slice(1)}.` : null,
    },
  ]
}

/** Anyone may look for a cloaked combatant; the target picked must be one. */
export const searchDefinition = (): ActionDefinition => ({
  key: SEARCH_CLOAKED,
  label: 'Search for a cloaked enemy (PER check vs Detect DC)',
  target: 'any',
  options: [{ key: 'moving', label: 'The wearer is moving or using a skill (moving Detect DC)', kind: 'toggle', value: false }],
  // SR-CX-93, SR-CX-7: a PER check is the free, non-skill-based perception of the `000` Actions list.
  cost: 'free',
  unavailable: null,
})

export const performCloak: ActPerformer = (_request, actor, c, _target, library) => {
  const module = c.cloakId ? library.get('cloaking-modules', c.cloakId) : undefined
  if (!module) return fail('action/noCloak', `${actor.name} wears no cloaking module.`)
  const state = cloakOf(c)
  const refusal = cloakModuleRefusal(c, module, library) ?? cloakRefusal(state, module, c.level, c.live.nanites, spentNow(actor))
  if (refusal) return fail('action/unavailable', `${actor.name} cannot cloak: ${refusal}.`)
  const turns = cloakDuration(c.level, module, c.classId === ASSASSIN)
  const nanites = c.live.nanites - module.activationNanites
  const cloak: CloakState = {
    // A turn that already had actions owes the upkeep at its end (SR-CX-90).
    on: { moduleId: module.id, turnsLeft: turns, acted: spentNow(actor) > 0 },
    chargeActions: 0,
    cloakedThisEncounter: true,
  }
  const next: CxCombatant = { ...c, live: { ...c.live, nanites, cloak } }
  return ok({
    actorRules: cxSheets.store(next),
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} cloaks with the ${module.name}: −${module.activationNanites} nanites → ${nanites}; ${
      turns === null ? 'no turn limit' : `${turns} turn${turns === 1 ? '' : 's'}`
    } (001 Cloaking Modules)`,
    detail: [],
    rolls: [],
    cost: [],
  })
}

export const performSearch: ActPerformer = (request, actor, _c, target, library, dice) => {
  const wearer = target ? cxSheets.of(target) : null
  if (!target || !wearer) return fail('action/noTarget', 'Pick the cloaked combatant to search for.')
  const on = cloakOf(wearer).on
  const module = on ? library.get('cloaking-modules', on.moduleId) : undefined
  if (!on || !module) return fail('action/notCloaked', `${target.name} is not cloaked: there is nothing to search for.`)
  const moving = optionBool(request.options, 'moving') ?? false
  const dc = detectDc(module, wearer.level, wearer.skills['Stealth'] ?? 0, moving)
  const check = rollCxCheck({ check: 'stat:per', dc: dc.dc, mode: 'normal', bonus: 0 }, actor, dice, library)
  if (!check.ok) return check
  const how = `${moving ? 'moving ' : ''}Detect DC ${dc.base} + level bonus ${dc.bonus} + Stealth ${dc.stealth} = ${dc.dc}`
  return ok({
    actorRules: null,
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} searches for ${target.name}: ${check.value.summary} → ${
      check.value.success ? `spots ${target.name}` : `does not see ${target.name}`
    } (${how}; 001 Cloaking Detection)`,
    detail: check.value.detail,
    rolls: check.value.rolls,
    cost: [],
  })
}

/**
 * What one of the wearer's own acts does to its cloak: any action spent makes the end-of-turn
 * upkeep due (`001` Cloaking Modules), and a combat action "fizzes out" the cloak (`001`
 * Cloaking Detection) unless the module holds through attacks. Null when nothing changes.
 */
export function cloakAfterAct(
  c: CxCombatant,
  library: ContentLibrary,
  act: { readonly cost: readonly PoolCost[] | undefined; readonly combat: boolean; readonly spentBefore: number },
): { combatant: CxCombatant; note: string | null } | null {
  const state = cloakOf(c)
  const on = state.on
  if (!on) return null
  const module = library.get('cloaking-modules', on.moduleId)
  if (act.combat && module?.endsOnAttack !== false) {
    // SR-CX-91: the charge counts from the start of this turn, so the actions already spent (this one too) do not wait it out.
    const spent = act.spentBefore + actionsIn(act.cost)
    const cloak = cloakEnds(state, module, spent)
    return {
      combatant: { ...c, live: { ...c.live, cloak } },
      note: `the cloak fizzes out (a combat action; 001 Cloaking Detection)`,
    }
  }
  if (on.acted || actionsIn(act.cost) === 0) return null
  return { combatant: { ...c, live: { ...c.live, cloak: { ...state, on: { ...on, acted: true } } } }, note: null }
}

/** The acts the Action panel offers that are combat actions: attacking, suppressing, throwing, wrestling. */
export const isCombatAct = (key: string, maneuver: boolean): boolean => maneuver || key === 'suppress' || key === 'throw-grenade'

/** The spent count `cloakAfterAct` needs, from the combatant as it was before the act. */
export const actionsSpentBefore = spentNow
