import type { FormField } from '../../../src-shared/attack'
import type { RollRecord } from '../../../src-shared/dice'
import type { CombatantId } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { Modifier } from '../kit/modifier'
import { optionString, type OptionValues } from '../kit/options'
import type { ConditionChange, ConditionDefinition, RulesCombatant } from '../ruleset'
import { choiceField } from './cx-form-fields'
import { cxStanding } from './cx-standing'
import type { ManeuverEffects } from './melee/maneuver-transitions'
import type { ManeuverKind } from './melee/maneuvers'
import { isRestraintTool, killDefence, RESTRAINT_TOOLS, subdueTarget, type RestraintTool } from './melee/subdue'
import type { CxCombatant } from './sheet/cx-sheet'

/**
 * `000` Grappling at the desk: Restrain, Knockout and Kill on a Pinned target. The run of won
 * Knockout or Kill checks lives on the target as a hold condition from its pinner (SR-CX-61), so
 * it shows on the card and ends with the pin; the bound target carries Restrained (SR-CX-60).
 */

export const RESTRAINED = 'restrained'
const HOLDS = { knockout: 'knockout-hold', kill: 'kill-hold' } as const
export const HOLD_IDS: readonly string[] = Object.values(HOLDS)

const G = (id: string, label: string, summary: string, source: string): ConditionDefinition => ({
  id,
  label,
  summary,
  source,
  stacks: false,
})

export const SUBDUE_CONDITIONS: readonly ConditionDefinition[] = [
  G(RESTRAINED, 'Restrained', 'Bound (zip cuffs…): helpless, no maneuvers, until a STR or INT check breaks the bonds.', 'SR-CX-60'),
  G(HOLDS.knockout, 'Knockout hold', 'Its pinner won one Knockout check; one more in a row knocks it out at 1 health.', 'SR-CX-61'),
  G(HOLDS.kill, 'Kill hold', 'Its pinner won one Kill check; one more in a row: out at 1 health and a death saving throw.', 'SR-CX-61'),
]

/** SR-CX-60: the sheet keeps no gear, so the GM declares what the binding is done with. */
export const toolField = (): FormField =>
  choiceField('tool', 'Restrain with', 'none', [
    ['none', 'nothing (cannot restrain)'],
    ['zip-cuffs', `${RESTRAINT_TOOLS['zip-cuffs'].name} (STR 70 / INT 80 to break)`],
    ['hd-zip-cuffs', `${RESTRAINT_TOOLS['hd-zip-cuffs'].name} (STR 95 / INT 105 to break)`],
  ])

export interface SubdueSetup {
  readonly tool: RestraintTool | null
  /** Won checks of this maneuver already in a row (SR-CX-61). */
  readonly streak: number
  /** Added to the defender's check: the Shock save against a Kill. */
  readonly defence: readonly Modifier[]
}

const isHeld = (target: RulesCombatant, by: CombatantId, conditionId: string) =>
  target.conditions.some((x) => x.conditionId === conditionId && x.sourceId === by)

/** What Restrain, Knockout or Kill needs before the dice: a declared tool, a target that is still up, the run so far. */
export function subdueSetup(
  kind: ManeuverKind,
  options: OptionValues,
  actor: RulesCombatant,
  target: RulesCombatant,
  t: CxCombatant,
): Result<SubdueSetup> {
  if (actor.conditions.some((x) => x.conditionId === RESTRAINED))
    return fail('maneuver/restrained', `${actor.name} is restrained: helpless until it breaks the bonds (SR-CX-60).`)
  if (kind === 'restrain') {
    const said = optionString(options, 'tool')
    if (said !== undefined && said !== 'none' && !isRestraintTool(said))
      return fail('maneuver/badTool', `"${said}" is not a restraint tool: pick Zip-Cuffs or HD Zip-Cuffs.`)
    if (!isRestraintTool(said))
      return fail(
        'maneuver/noTool',
        `Restraining needs a tool such as zip cuffs (000 Grappling): declare what ${actor.name} binds ${target.name} with.`,
      )
    if (target.conditions.some((x) => x.conditionId === RESTRAINED))
      return fail('maneuver/restrained', `${target.name} is already restrained.`)
    return ok({ tool: said, streak: 0, defence: [] })
  }
  if (kind !== 'knockout' && kind !== 'kill') return ok({ tool: null, streak: 0, defence: [] })
  const standing = cxStanding(target)
  if (standing.state !== 'up')
    return fail('maneuver/targetDown', `${target.name} is already ${standing.label}: there is nobody left to subdue.`)
  return ok({ tool: null, streak: isHeld(target, actor.id, HOLDS[kind]) ? 1 : 0, defence: kind === 'kill' ? [killDefence(t.stats)] : [] })
}

export interface SubdueOutcome {
  readonly target: CxCombatant
  readonly targetHp: number | null
  readonly changes: readonly ConditionChange[]
  readonly notes: readonly string[]
  readonly rolls: readonly RollRecord[]
}

/**
 * Applies a maneuver's end-of-hold effects: any maneuver the pinner makes at its target ends a
 * run of the other kind (SR-CX-61), a won Knockout or Kill keeps its own run, the second win in a
 * row knocks the target out (and a Kill rolls its death save), a won Restrain binds it.
 */
export function subdueOutcome(
  kind: ManeuverKind,
  e: ManeuverEffects,
  setup: SubdueSetup,
  actor: RulesCombatant,
  target: RulesCombatant,
  t: CxCombatant,
  dice: Dice,
): SubdueOutcome {
  const changes: ConditionChange[] = [
    { combatantId: target.id, removeFromSource: HOLD_IDS.map((conditionId) => ({ conditionId, sourceId: actor.id })) },
  ]
  const notes: string[] = []
  if ((kind === 'knockout' || kind === 'kill') && e.streak !== null && e.streak > 0)
    changes.push({
      combatantId: target.id,
      add: [{ conditionId: HOLDS[kind], stacks: 1, duration: { kind: 'indefinite' }, sourceId: actor.id, data: null }],
    })
  if (e.targetRestrained && setup.tool) {
    const tool = RESTRAINT_TOOLS[setup.tool]
    changes.push({
      combatantId: target.id,
      add: [{ conditionId: RESTRAINED, stacks: 1, duration: { kind: 'indefinite' }, sourceId: actor.id, data: null }],
    })
    notes.push(`bound with ${tool.name}: STR DC ${tool.breakStr} or INT DC ${tool.breakInt} breaks them (Items, SR-CX-60)`)
  }
  if (e.subdued === null) return { target: t, targetHp: null, changes, notes, rolls: [] }
  const s = subdueTarget(e.subdued, t.live.dying, t.stats.fort, dice)
  notes.push(...s.notes)
  const next = { ...t, live: { ...t.live, dying: s.record } }
  return { target: next, targetHp: s.health, changes, notes, rolls: s.rolls }
}

/** `000` Grappling: after the hold's end the pair is "still grappled and must spend an Action to disengage". */
export const STILL_GRAPPLED = 'still grappled: letting go takes an Action (000 Grappling)'
