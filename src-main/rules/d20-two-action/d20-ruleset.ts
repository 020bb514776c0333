import { sheetRules } from '../kit/sheet-rules'
import { d20GearProblems } from './sheet/d20-gear'
import { D20_CHECK_COST_NOTE, d20CheckCost } from './d20-check-cost'
import type { Ruleset } from '../ruleset'
import { d20ActionList, performD20Action } from './actions/d20-actions'
import { previewD20Attack } from './combat/attack-preview'
import { resolveD20Attack } from './combat/attack-resolve'
import { applyD20Damage, D20_DAMAGE_TYPES } from './combat/typed-damage'
import { d20CheckChance, d20CheckList, rollD20Check } from './d20-checks'
import { D20_SURPRISE } from './d20-ambush'
import { DOC, RULESET_ID, RULESET_NAME } from './d20-terms'
import { d20Card } from './sheet/d20-card'
import { d20SheetSchema } from './sheet/d20-sheet'
import { d20Sheets } from './sheet/d20-sheets'
import { d20SheetForm, d20SheetFromForm } from './sheet/d20-sheet-form'
import { D20_QUICK_NPCS } from './sheet/quick-npcs'
import { D20_CONDITIONS } from './statuses/conditions'
import { attacksSpentOut, d20Economy } from './turns/economy'
import { d20EndOfTurn, d20FreshCounts, d20StartOfTurn } from './turns/edges'
import { rollD20Initiative } from './turns/initiative'
import { d20MovementCost } from './turns/movement'
import { d20MapMove } from './turns/map-move'
import { secretNpcChecks } from '../secrecy'
import { d20ActionOdds } from './actions/action-odds'

/** The d20 two-action system (`003`, RULINGS W1–W5) behind the ruleset interface. */
export const d20TwoActionRuleset: Ruleset = {
  id: RULESET_ID,
  name: RULESET_NAME,
  rollInitiative: rollD20Initiative,
  quickNpcs: D20_QUICK_NPCS,
  combatantRules: sheetRules({
    label: `${RULESET_NAME} sheet`,
    input: d20SheetSchema,
    reader: d20Sheets,
    complete: (sheet) => sheet,
    // Hit points stay the GM's: the chapter sets none.
    card: d20Card,
    gear: d20GearProblems, // `003 Proficiency`
    form: d20SheetForm,
    fromForm: d20SheetFromForm,
  }),
  economy: d20Economy,
  // `003 Round Ends`: "A round ends for a character at the start of their turn" (SR-D20-2).
  roundEndsAtOwnTurn: true,
  conditions: D20_CONDITIONS,
  surprise: D20_SURPRISE, // `003 Ambushes` (SR-D20-20, SR-D20-21)
  movementCost: d20MovementCost,
  // `003 Your Turn`: "You cannot walk through or occupy a space that is currently occupied";
  // `003 Moving`: "cannot end their turn on an occupied square" (SR-D20-36).
  occupiedSpaces: { source: `${DOC.turn}, ${DOC.moving}` },
  // `003 Engaged`: dragging a token away from engaged foes prompts their attacks of opportunity (SR-D20-33).
  onMapMove: d20MapMove,
  // Our default (the document is silent on secret rolls): an NPC's Awareness tests.
  secrecy: secretNpcChecks(/^attr:per$/),
  checks: { list: d20CheckList, roll: rollD20Check, chance: d20CheckChance, cost: d20CheckCost, costNote: D20_CHECK_COST_NOTE },
  edges: {
    startOfTurn: d20StartOfTurn,
    endOfTurn: d20EndOfTurn,
    startOfEncounter: d20FreshCounts,
    endOfEncounter: d20FreshCounts,
  },
  damage: { types: D20_DAMAGE_TYPES, apply: (c, amount, type) => applyD20Damage(c, amount, type) },
  actions: { list: d20ActionList, perform: performD20Action, odds: d20ActionOdds },
  attacks: { preview: previewD20Attack, resolve: resolveD20Attack, spentOut: attacksSpentOut },
}
