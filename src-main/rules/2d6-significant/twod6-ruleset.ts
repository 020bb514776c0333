import type { FormField } from '../../../src-shared/attack'
import { twoD6GearProblems } from './sheet/gear'
import { twoD6Tactics } from './actions/autopilot-hints'
import { TWOD6_CHECK_COST_NOTE, twoD6CheckCost } from './check-cost'
import { sheetRules } from '../kit/sheet-rules'
import type { Ruleset } from '../ruleset'
import { actionList, performAction } from './actions/actions'
import { previewAttack, resolveAttackRequest, type AttackSettings } from './attack/attack-flow'
import { card } from './card'
import { checkList, rollTwoD6Check, twoD6CheckChance } from './checks'
import { QUICK_NPCS } from './quick-npcs'
import { maxHitsOf, twoD6Sheets } from './sheet/sheet-access'
import { sheetForm, sheetFromForm } from './sheet/sheet-form'
import { sheetSchema } from './sheet/sheet-schema'
import { tableMarks } from './sheet/table-marks'
import { CONDITIONS } from './turns/conditions'
import { attacksSpentOut, POOLS } from './turns/economy'
import { movementCost } from './turns/movement-cost'
import { endOfEncounter, startOfEncounter, startOfRound } from './turns/edges'
import { rollTwoD6Initiative } from './turns/initiative'
import { applyTwoD6Damage, TWOD6_DAMAGE_TYPES } from './typed-damage'
import { optionBool } from '../kit/options'
import { secretNpcChecks } from '../secrecy'
import { twoD6ActionOdds } from './actions/action-odds'

export const TWOD6_ID = '2d6-significant'

/** The per-campaign option this ruleset adds where the `004` document is silent. */
const EFFECT_DAMAGE = 'effectAddsDamage'
const SETTINGS: readonly FormField[] = [
  { key: EFFECT_DAMAGE, label: 'An attack’s effect adds to its damage (classic 2d6)', kind: 'toggle', value: true },
]

/** The 2d6 significant/minor system behind the ruleset interface. */
export function createTwoD6Ruleset(settings: AttackSettings = { effectAdds: true }): Ruleset {
  return {
    id: TWOD6_ID,
    name: '2d6 significant/minor',
    rollInitiative: rollTwoD6Initiative,
    // T2 rolls once; the order then moves only by shifts (reactions, Tactics, heft).
    initiativeEachRound: false,
    // T3: "Their initiative is then set to the count on which s/he acted" (SR-2D6-2).
    delaySetsInitiative: true,
    settings: {
      defaults: SETTINGS,
      apply: (values) => createTwoD6Ruleset({ effectAdds: optionBool(values, EFFECT_DAMAGE) ?? true }),
    },
    quickNpcs: QUICK_NPCS,
    combatantRules: sheetRules({
      label: '2d6 sheet',
      input: sheetSchema,
      reader: twoD6Sheets,
      complete: (sheet) => sheet,
      maxHp: maxHitsOf,
      card,
      gear: twoD6GearProblems, // a weapon without its skill: the unskilled DM
      marks: tableMarks,
      form: sheetForm,
      fromForm: sheetFromForm,
    }),
    economy: () => POOLS,
    conditions: [...CONDITIONS],
    movementCost,
    // Our default (the document is silent on secret rolls): an NPC's Stealth, Recon and Deception checks.
    secrecy: secretNpcChecks(/^skill:(Stealth|Recon|Deception)\b/),
    checks: { list: checkList, roll: rollTwoD6Check, chance: twoD6CheckChance, cost: twoD6CheckCost, costNote: TWOD6_CHECK_COST_NOTE },
    edges: {
      startOfTurn: () => null,
      startOfRound: (c) => startOfRound(c),
      startOfEncounter: (c) => startOfEncounter(c),
      endOfEncounter,
    },
    damage: { types: TWOD6_DAMAGE_TYPES, apply: applyTwoD6Damage },
    actions: { list: actionList, perform: performAction, odds: twoD6ActionOdds },
    tactics: twoD6Tactics,
    attacks: {
      preview: (request, attacker, target) => previewAttack(request, attacker, target, settings),
      resolve: (request, attacker, target, dice) => resolveAttackRequest(request, attacker, target, settings, dice),
      spentOut: attacksSpentOut,
    },
  }
}
