import type { ExplanationSection } from '../../../../src-shared/attack'
import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { modifier, modifierSection, type Modifier } from '../../kit/modifier'
import type { RulesCombatant } from '../../ruleset'
import { EXCEPTIONAL_FAILURE } from '../attack/attack-odds'
import { rollCheck } from '../check'
import type { Extended, Sheet } from '../sheet/sheet-schema'
import { afterDisruption } from './extended-task'

export interface WorkAfterDamage {
  /** The task after the check (unchanged when it passed or none was due). */
  readonly extended: Extended | null
  readonly rolls: readonly RollRecord[]
  /** For the log, starting with "; " (empty when no check was due). */
  readonly text: string
  readonly detail: readonly ExplanationSection[]
}

/**
 * T7: damage on a combatant working at an extended task forces the task's check at −(damage)
 * DM; failing loses this round's work (an exceptional failure starts it over). `dms` are the
 * check's DMs before the damage DM (`workDms`); null or no task or no damage: nothing is due.
 * Attacks and hand-typed damage both come here.
 */
export function workAfterDamage(
  worker: RulesCombatant,
  t: Sheet | null,
  dms: readonly Modifier[] | null,
  damage: number,
  dice: Dice,
): WorkAfterDamage {
  const none = { extended: t?.live.extended ?? null, rolls: [], text: '', detail: [] }
  if (!t?.live.extended || !dms || damage <= 0) return none
  const all = [...dms, modifier(`damage taken while working`, -damage, 'T7')]
  const check = rollCheck(all, 'normal', `${worker.name} keeps working at ${t.live.extended.skill} (T7)`, dice)
  const detail = [
    modifierSection(
      'Forced check while working',
      all,
      [{ label: '2d6 + DMs ≥ 8, or this round’s work is lost', value: '', source: 'T7' }],
      String(check.total),
    ),
  ]
  if (check.success)
    return { extended: t.live.extended, rolls: check.rolls, text: `; ${worker.name} keeps working (${check.total} vs 8, T7)`, detail }
  const after = afterDisruption(t.live.extended, check.effect <= EXCEPTIONAL_FAILURE)
  return {
    extended: after.task,
    rolls: check.rolls,
    text: `; ${worker.name}'s work check fails (${check.total} vs 8): ${after.text}`,
    detail,
  }
}
