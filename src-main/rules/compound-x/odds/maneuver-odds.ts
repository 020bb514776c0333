import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../ruleset'
import { actOdds } from '../../kit/act-odds'
import { percent } from '../../kit/format'
import { optionNumber, optionString } from '../../kit/options'
import type { ContentLibrary } from '../content/content-library'
import { grappleStatesOf } from '../cx-grapple'
import { isManeuver, itemName, MANEUVERS, participant, pickSkill, proficientWith, SKILL_LABEL } from '../cx-maneuvers'
import { subdueSetup } from '../cx-subdue'
import type { Maneuver } from '../melee/maneuvers'
import { maneuverOdds } from '../melee/resolve-maneuver'
import { cxSheets } from '../sheet/cx-sheet'

/**
 * CX18: a maneuver is an opposed d100 check, the higher total winning and the defender winning
 * ties (CX1); its exact odds come from the d100 distributions (`maneuverOdds`, CX1, CX3). The
 * attempt is set up as `performManeuver` sets it up; the caller has already asked the act itself
 * whether it can be made (reach SR-CX-110, grapple states, the item to disarm).
 */
export function cxManeuverOdds(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
): Result<ActionOdds> | null {
  const kind = request.action
  if (!isManeuver(kind)) return null
  const c = cxSheets.of(actor)
  const t = target ? cxSheets.of(target) : null
  if (!c || !t || !target) return null
  const o = request.options
  let maneuver: Maneuver
  if (kind === 'disarm') {
    const held = t.weapons[Math.trunc(optionNumber(o, 'slot') ?? 1) - 1]
    if (!held) return null
    const said = optionString(o, 'proficient')
    maneuver = {
      kind,
      item: itemName(held, library),
      defenderProficient: said === 'yes' ? true : said === 'no' ? false : proficientWith(t, held, library),
    }
  } else maneuver = kind === 'kick' ? { kind, directlyAway: o['directlyAway'] !== false } : { kind }
  const sub = subdueSetup(kind, o, actor, target, t)
  if (!sub.ok) return sub
  const actorP = participant(c, library)
  const defenderP = { ...participant(t, library), modifiers: sub.value.defence }
  const choices = {
    actor: pickSkill(optionString(o, 'actorSkill'), actorP),
    defender: pickSkill(optionString(o, 'defenderSkill'), defenderP),
  }
  const odds = maneuverOdds(
    { maneuver, actor: { ...actorP, id: actor.id }, defender: { ...defenderP, id: target.id }, choices, streak: sub.value.streak },
    grappleStatesOf(actor, target),
  )
  if (odds.kind === 'not-allowed') return fail('maneuver/notAllowed', odds.reason)
  const m = MANEUVERS[kind]
  if (odds.rule.kind === 'none') return ok(actOdds([], [], { note: `No roll: ${actor.name} lets go (${m.rule}).` }))
  // Knockout and Kill need two wins in a row (SR-CX-61): this check is one of them.
  const twice = kind === 'knockout' || kind === 'kill'
  const win = twice
    ? `${actor.name} wins this check (${sub.value.streak + 1} of 2 in a row)`
    : `${actor.name} wins: ${m.label.toLowerCase()}`
  return ok(
    actOdds(
      [
        { label: win, probability: odds.actorWins },
        { label: `${target.name} wins`, probability: 1 - odds.actorWins },
      ],
      [
        {
          title: `${m.label}: opposed d100 check (CX1, CX18, ${m.rule})`,
          lines: [
            {
              label: `${actor.name} rolls`,
              value: SKILL_LABEL[odds.rule.kind === 'opposed-maneuver' ? 'str-athletics' : choices.actor],
              source: 'CX18',
            },
            { label: `${target.name} rolls`, value: SKILL_LABEL[choices.defender], source: 'CX18' },
            { label: 'The defender wins ties', value: percent(odds.actorWins), source: 'CX1' },
          ],
        },
      ],
    ),
  )
}
