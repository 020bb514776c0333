import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../ruleset'
import { actOdds, passFail } from '../../kit/act-odds'
import { dice, mapDistribution, probabilityThat, sortedPairs } from '../../kit/distribution'
import { signed } from '../../kit/format'
import { sumModifiers } from '../../kit/modifier'
import { optionNumber, optionOneOf } from '../../kit/options'
import { effectOf, succeeds, TARGET } from '../check'
import { twoD6CheckChance } from '../checks'
import { twoD6 } from '../keep-two'
import { twoD6Sheets } from '../sheet/sheet-access'
import { SKILL_ACT, SKILL_ACTS } from './skill-act'
import { tacticsDms } from './tactics'

/*
 * The odds of the 2d6 system's acts before they are rolled: Tactics (T2), the skill acts (T1,
 * `004` Miscellaneous) and the rounds an extended task takes (T7). The rest roll nothing.
 */

/**
 * T2: 2d6 + Tactics + INT DM against 8 (T1); a success adds its effect to the one person's
 * initiative, a failure adds nothing. One band per initiative gain the GM can see.
 */
function tacticsOdds(actor: RulesCombatant, target: RulesCombatant | null): Result<ActionOdds> | null {
  const s = twoD6Sheets.of(actor)
  if (!s) return null
  const ally = target ?? actor
  const dms = tacticsDms(actor, s)
  const dm = sumModifiers(dms)
  const totals = mapDistribution(twoD6('normal'), (v) => v + dm)
  const fails = probabilityThat(totals, (t) => !succeeds(t))
  const gains = sortedPairs(totals).filter(([t]) => succeeds(t))
  return ok(
    actOdds(
      [
        { label: 'fails: no change', probability: fails },
        ...gains.map(([t, p]) => ({
          label: effectOf(t) === 0 ? 'succeeds, effect 0: no change' : `${ally.name}'s initiative +${effectOf(t)}`,
          probability: p,
        })),
      ],
      [
        {
          title: `Tactics for ${ally.name}: 2d6 ${signed(dm)} ≥ ${TARGET} (T1, T2)`,
          lines: [
            ...dms.map((m) => ({ label: m.label, value: signed(m.value), source: m.source })),
            { label: 'Succeeds', value: `${Math.round((1 - fails) * 1000) / 10}%`, source: 'T1' },
          ],
        },
      ],
    ),
  )
}

/** `004` Miscellaneous (SR-2D6-12): the act's check, 2d6 + DMs ≥ 8 (T1), as the act will roll it. */
function skillActOdds(request: ActionRequest, actor: RulesCombatant): Result<ActionOdds> | null {
  const acts = Object.keys(SKILL_ACTS) as (keyof typeof SKILL_ACTS)[]
  const act = SKILL_ACTS[optionOneOf(request.options, 'act', acts, 'check')]
  const picked = String(request.options['skill'] ?? 'usual')
  const check = picked === 'usual' ? (act.usual ? `skill:${act.usual}` : null) : picked
  if (!check) return null
  const p = twoD6CheckChance({ check, dc: TARGET, mode: 'normal', bonus: optionNumber(request.options, 'dm') ?? 0 }, actor)
  if (!p.ok) return p
  return ok(
    actOdds(passFail(p.value), [
      { title: `${act.label}: 2d6 + DMs ≥ ${TARGET}`, lines: [{ label: 'Check', value: check, source: 'T1, SR-2D6-12' }] },
    ]),
  )
}

/** T7: starting an extended task rolls 2d6 for the rounds it takes. */
function taskStartOdds(): Result<ActionOdds> {
  const rounds = sortedPairs(dice(2, 6)).map(([n, p]) => ({ label: `takes ${n} rounds`, probability: p }))
  return ok(actOdds(rounds, [{ title: 'Extended task (T7)', lines: [{ label: 'Rounds it takes', value: '2d6', source: 'T7' }] }]))
}

export function twoD6ActionOdds(request: ActionRequest, actor: RulesCombatant, target: RulesCombatant | null): Result<ActionOdds> | null {
  switch (request.action) {
    case 'tactics':
      return tacticsOdds(actor, target)
    case SKILL_ACT:
      return skillActOdds(request, actor)
    case 'task-start':
      return typeof request.options['skill'] === 'string' && request.options['skill'] ? taskStartOdds() : null
    default:
      return null
  }
}
