import { sheetRules } from '../kit/sheet-rules'
import { d10GearNotes } from './sheet/d10-gear'
import { D10_CHECK_COST_NOTE, d10CheckCost } from './d10-check-cost'
import type { Ruleset } from '../ruleset'
import { choice } from './attacks/attack-shared'
import { previewD10Attack, resolveD10Attack } from './attacks/d10-attack'
import { d10ActionList, performD10Action } from './d10-actions'
import { d10CheckChance, d10CheckList, rollD10Check } from './d10-checks'
import { D10_CONDITIONS } from './d10-conditions'
import { D10_SURPRISE } from './d10-surprise'
import { FULL_COVER_CONDITION, GRENADE_COVER_CONDITION } from './damage/grenade-cover'
import { d10EndOfEncounter, d10StartOfEncounter, d10StartOfRound, d10StartOfTurn } from './d10-edges'
import { d10MovementCost } from './turns/d10-movement-cost'
import { D10_QUICK_NPCS } from './d10-npcs'
import { d10Sheets } from './d10-sheet-access'
import { d10Card } from './sheet/d10-card'
import { d10TableMarks } from './sheet/d10-table-marks'
import { d10SheetSchema, freshLive } from './sheet/d10-sheet'
import { d10SheetForm, d10SheetFromForm } from './sheet/d10-sheet-form'
import { d10MapMove } from './suppression/lane-move'
import { attacksSpentOut, d10Economy, REACTION } from './turns/d10-economy'
import { rollD10Initiative } from './turns/d10-initiative'
import { secretNpcChecks } from '../secrecy'
import { d10ActionOdds } from './d10-odds'

export const D10_RULESET_ID = 'd10-difficulty'

/** D2: initiative is rolled again every round unless the campaign fixes it for the encounter. */
export const INITIATIVE_SETTING = 'initiative'
const INITIATIVE_MODES = ['each-round', 'fixed'] as const
export type InitiativeMode = (typeof INITIATIVE_MODES)[number]

/** The d10 difficulty system (`002`) behind the ruleset interface, under one initiative option (D2). */
export function createD10Ruleset(initiative: InitiativeMode = 'each-round'): Ruleset {
  const rerolled = initiative === 'each-round'
  return {
    id: D10_RULESET_ID,
    name: 'd10 difficulty system',
    rollInitiative: rollD10Initiative,
    initiativeEachRound: rerolled,
    settings: {
      defaults: [
        choice(INITIATIVE_SETTING, 'Initiative (D2)', 'each-round', INITIATIVE_MODES, (m) =>
          m === 'fixed' ? 'Fixed for the encounter' : 'Rerolled every round',
        ),
      ],
      apply: (values) => createD10Ruleset(values[INITIATIVE_SETTING] === 'fixed' ? 'fixed' : 'each-round'),
    },
    quickNpcs: D10_QUICK_NPCS,
    combatantRules: sheetRules({
      label: 'd10 sheet',
      input: d10SheetSchema,
      reader: d10Sheets,
      complete: (sheet) => ({ ...sheet, live: sheet.live ?? freshLive(sheet.effortMax) }),
      // The chapter sizes no hit points: the GM's number stands.
      card: d10Card,
      gear: d10GearNotes, // `002` Zones: DR typed over the armour's
      marks: d10TableMarks,
      form: d10SheetForm,
      fromForm: d10SheetFromForm,
    }),
    economy: d10Economy,
    holdPool: REACTION, // `002 Actions`: a reaction is the action declared for a condition (SR-D10-1)
    conditions: [...D10_CONDITIONS, GRENADE_COVER_CONDITION, FULL_COVER_CONDITION], // SR-D10-38, SR-D10-41
    surprise: D10_SURPRISE, // `002 Surprise Round` (SR-D10-20)
    onMapMove: d10MapMove,
    movementCost: d10MovementCost,
    // Our default (the document is silent on secret rolls): an NPC's stealth and notice checks, and its Perception.
    secrecy: secretNpcChecks(/^(skill:(stealth|notice)|attr:per)$/),
    checks: { list: d10CheckList, roll: rollD10Check, chance: d10CheckChance, cost: d10CheckCost, costNote: D10_CHECK_COST_NOTE },
    edges: {
      startOfTurn: (c) => d10StartOfTurn(c),
      startOfRound: (c) => d10StartOfRound(c, rerolled),
      startOfEncounter: (c) => d10StartOfEncounter(c),
      endOfEncounter: (c) => d10EndOfEncounter(c),
    },
    actions: {
      list: d10ActionList,
      perform: (request, actor, target, dice, onScene, area) => performD10Action(request, actor, target, dice, area, onScene),
      odds: d10ActionOdds,
    },
    attacks: { preview: previewD10Attack, resolve: resolveD10Attack, spentOut: attacksSpentOut },
  }
}
