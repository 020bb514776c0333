import { wallsInPlay } from '../state/scene-walls'
import type { ActionOdds, ActionRequest } from '../../../src-shared/attack'
import type { CheckMode } from '../../../src-shared/command-fields'
import type { CombatantRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { ProbeDice } from '../../rules/kit/probe-dice'
import type { RulesCombatant, Ruleset } from '../../rules/ruleset'
import { targetArea } from '../commands/action-area'
import { checkModes } from '../commands/check-modes'
import { placeAct } from '../geometry/act-placement'
import { placedRulesCombatant, rulesCombatantsOnScene } from '../state/rules-combatants'
import type { RecordReader } from '../state/record-store'
import { CHECK_ACTION } from './check-action'

/*
 * The odds of an act before it is rolled, for the Action panel: the ruleset's own exact figures
 * where it prices the act, the check's exact chance for the skill check the actions flow offers,
 * and otherwise whether the act rolls dice at all (a move, a reload: it simply happens).
 * Nothing is changed and no die is drawn from the campaign's generator.
 */

const blocked = (why: string): ActionOdds => ({ outcomes: [], each: [], note: null, blocked: why, explanation: [] })

function combatant(store: RecordReader, id: string | null): Result<CombatantRecord | null> {
  if (!id) return ok(null)
  const r = store.get(id)
  return r?.typeName === 'combatant' ? ok(r) : fail('combatant/notFound', 'Pick combatants from this encounter.')
}

/** The skill check / save of the actions flow: the ruleset's exact chance against the DC. */
function checkOdds(ruleset: Ruleset, request: ActionRequest, actor: RulesCombatant): Result<ActionOdds> {
  const checks = ruleset.checks
  if (!checks) return ok(blocked('This ruleset has no checks.'))
  const o = request.options
  const mode = String(o['mode'] ?? 'normal') as CheckMode
  if (!checkModes(ruleset).includes(mode)) return ok(blocked(`"${mode}" is not a way this ruleset rolls a check.`))
  const asked = { check: String(o['check'] ?? ''), dc: Number(o['dc'] ?? 0), mode, bonus: Number(o['bonus'] ?? 0) }
  const p = checks.chance(asked, actor)
  if (!p.ok) return ok(blocked(p.error.message))
  const label = checks.list(actor).find((c) => c.key === asked.check)?.label ?? asked.check
  return ok({
    outcomes: [
      { label: 'succeeds', probability: p.value },
      { label: 'fails', probability: 1 - p.value },
    ],
    each: [],
    note: null,
    blocked: null,
    explanation: [{ title: `${label} against ${asked.dc}`, lines: [{ label: `Roll ${mode}, bonus`, value: String(asked.bonus) }] }],
  })
}

export function previewActionOdds(store: RecordReader, ruleset: Ruleset, request: ActionRequest): Result<ActionOdds> {
  const actorRecord = combatant(store, request.actorId)
  if (!actorRecord.ok) return actorRecord
  if (!actorRecord.value) return fail('combatant/notFound', 'Pick who acts.')
  const targetRecord = combatant(store, request.targetId)
  if (!targetRecord.ok) return targetRecord
  const actor = actorRecord.value
  const target = targetRecord.value
  if (request.action === CHECK_ACTION) {
    if (request.areaId !== undefined) return fail('action/areaNotTaken', 'A check is not aimed at an area; it takes no template.')
    return checkOdds(ruleset, request, placedRulesCombatant(store, actor))
  }
  const actions = ruleset.actions
  if (!actions) return fail('action/unsupported', `The ${ruleset.name} ruleset has no actions.`)
  const definition = actions.list(placedRulesCombatant(store, actor)).find((d) => d.key === request.action)
  if (!definition) return fail('action/unknown', `"${request.action}" is not an action ${actor.name} can take.`)
  if (definition.unavailable) return ok(blocked(definition.unavailable))
  // Aimed as the act itself would be: a distance not the map's is said as the reason.
  const area = targetArea(store, request, definition.target === 'area', definition.label, target)
  // No template picked yet is the form half filled in; a template that is not there is bad input.
  if (!area.ok) return area.error.code === 'action/areaNeeded' ? ok(blocked(area.error.message)) : area
  const placement = placeAct(store, request.options, actor, target)
  if (!placement.ok) return ok(blocked(placement.error.message))
  const asked = { ...request, options: placement.value.options }
  const { actor: a, target: t } = placement.value
  const onScene = rulesCombatantsOnScene(store)
  const walls = wallsInPlay(store)
  const priced = actions.odds?.(asked, a, t, onScene, area.value ?? undefined, walls) ?? null
  if (priced) return priced.ok ? priced : ok(blocked(priced.error.message))
  const probe = new ProbeDice()
  const tried = actions.perform(asked, a, t, probe, onScene, area.value ?? undefined, () => [], walls)
  if (!tried.ok) return ok(blocked(tried.error.message))
  const note =
    probe.asked.length === 0
      ? 'No dice: it simply happens.'
      : `Rolls ${[...new Set(probe.asked)].join(', ')}; the ${ruleset.name} gives no odds for this act yet.`
  return ok({ outcomes: [], each: [], note, blocked: null, explanation: [] })
}
