import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Stance } from '../ranged/ranged-setup'
import { modifier, type Modifier, sumModifiers } from '../../kit/modifier'
import type { Step } from '../statistic'
import type { MoveCap } from '../stats/stat-flaws'

export interface MoveRequest {
  /** From `metresPerTwoActions` (stats/derived-stats.ts): speed less rounded-up penalties. */
  readonly metresPerTwoActions: number
  readonly actions: 1 | 2
  readonly sprint: boolean
  readonly stance: Stance
  /** A stat flaw's ceiling on each action's metres, after stance and sprint (STR 1, SR-CX-173); absent: none. */
  readonly cap?: MoveCap | null
}

export interface MoveDistance {
  readonly metres: number
  readonly steps: readonly Step[]
}

const SOURCE = '000 Movement and Sprinting'
const STANCES = '000 Using Cover/Stances'

/**
 * How far one move covers. The `000` list prices "DEX metres" at 2 actions; sprinting (+1 m per
 * action) and the stance limits are per action, so we allow a 1-action move at half the distance.
 * Interpretations: crouched, each action covers 1 m less (at least 1 m); prone, the speed is
 * halved rounding up and an action covers at most 2 m; neither crouched nor prone may sprint,
 * and a hunkered combatant must un-hunker (free) before moving.
 */
export function moveDistance(req: MoveRequest): Result<MoveDistance> {
  const { actions, stance } = req
  if (stance === 'hunkering') return fail('move/hunkered', 'Un-hunker first (a free action) to move (000 Using Cover/Stances)')
  if (req.sprint && stance !== 'standing') {
    return fail('move/cannotSprint', `A ${stance} combatant cannot sprint (${stance === 'crouching' ? STANCES : SOURCE})`)
  }
  const speed = Math.max(0, req.metresPerTwoActions)
  const perTwo: Modifier[] = [modifier('Movement per 2 actions', speed, SOURCE)]
  if (stance === 'prone') perTwo.push(modifier('Prone: half speed, rounded up', Math.ceil(speed / 2) - speed, STANCES))
  const perAction: Modifier[] = [modifier('Half of that per action', sumModifiers(perTwo) / 2, SOURCE)]
  if (stance === 'crouching') {
    const base = sumModifiers(perAction)
    // The 1 m floor never raises a combatant who could not manage 1 m upright.
    const crouched = Math.max(Math.min(1, base), base - 1)
    perAction.push(modifier('Crouching: −1 m per action (at least 1 m)', crouched - base, STANCES))
  }
  if (stance === 'prone') {
    const base = sumModifiers(perAction)
    if (base > 2) perAction.push(modifier('Prone: at most 2 m per action', 2 - base, STANCES))
  }
  if (req.sprint) perAction.push(modifier('Sprinting', 1, SOURCE))
  const uncapped = sumModifiers(perAction)
  if (req.cap && uncapped > req.cap.metresPerAction)
    perAction.push(modifier(req.cap.label, req.cap.metresPerAction - uncapped, req.cap.source))
  const each = sumModifiers(perAction)
  const steps: Step[] = [
    { title: 'Speed', modifiers: perTwo, rule: 'metres per 2 actions', total: sumModifiers(perTwo) },
    { title: 'Per action', modifiers: perAction, total: each },
    { title: `${actions} action${actions === 1 ? '' : 's'}`, modifiers: [], rule: `${each} m × ${actions}`, total: each * actions },
  ]
  return ok({ metres: each * actions, steps })
}
