import type { JsonValue } from '../../../src-shared/json'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ParsedRules, Ruleset } from '../ruleset'
import { d20ActionList, performD20Action } from './actions/d20-actions'
import { previewD20Attack } from './combat/attack-preview'
import { resolveD20Attack } from './combat/attack-resolve'
import { d20CheckChance, d20CheckList, rollD20Check } from './d20-checks'
import { RULESET_ID, RULESET_NAME } from './d20-terms'
import { d20Card } from './sheet/d20-card'
import { d20SheetSchema, type D20Sheet } from './sheet/d20-sheet'
import { d20SheetForm, d20SheetFromForm } from './sheet/d20-sheet-form'
import { D20_QUICK_NPCS } from './sheet/quick-npcs'
import { D20_CONDITIONS } from './statuses/conditions'
import { d20Economy } from './turns/economy'
import { d20FreshCounts, d20StartOfRound, d20StartOfTurn } from './turns/edges'
import { rollD20Initiative } from './turns/initiative'
import { d20MovementCost } from './turns/movement'

/** Checks untrusted sheet input; an error names the field. Hit points stay the GM's (the chapter sets none). */
function parse(input: unknown): Result<ParsedRules> {
  const parsed = d20SheetSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return fail('rules/invalid', `${RULESET_NAME} sheet: ${issue.path.join('.') || 'sheet'} ${issue.message}`)
  }
  return ok({ data: parsed.data as unknown as JsonValue, maxHp: null })
}

const asSheet = (rules: JsonValue | null): D20Sheet | null => rules as unknown as D20Sheet | null

/** The d20 two-action system (`003`, RULINGS W1–W5) behind the ruleset interface. */
export const d20TwoActionRuleset: Ruleset = {
  id: RULESET_ID,
  name: RULESET_NAME,
  rollInitiative: rollD20Initiative,
  quickNpcs: D20_QUICK_NPCS,
  combatantRules: {
    parse,
    card: (rules) => d20Card(rules as unknown as D20Sheet),
    form: (rules) => d20SheetForm(asSheet(rules)),
    fromForm: (values, current) => d20SheetFromForm(values, asSheet(current)),
  },
  economy: d20Economy,
  conditions: D20_CONDITIONS,
  movementCost: d20MovementCost,
  checks: { list: d20CheckList, roll: rollD20Check, chance: d20CheckChance },
  edges: {
    startOfTurn: d20StartOfTurn,
    startOfRound: d20StartOfRound,
    startOfEncounter: d20FreshCounts,
    endOfEncounter: d20FreshCounts,
  },
  actions: { list: d20ActionList, perform: performD20Action },
  attacks: { preview: previewD20Attack, resolve: resolveD20Attack },
}
