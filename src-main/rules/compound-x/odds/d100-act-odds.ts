import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import type { DiceExpression, RollRecord } from '../../../../src-shared/dice'
import { ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant, TargetArea } from '../../ruleset'
import { actOdds } from '../../kit/act-odds'
import type { ContentLibrary } from '../content/content-library'
import { performCxAction } from '../cx-actions'
import { SHAKE_OFF_FEAR } from '../cx-fear'
import { HEAL_WOUND } from '../cx-medicine'

/*
 * Acts decided by one CX1 d100 check rolled normally (CX3: each natural 1–100 equally likely):
 * the act itself is run once per natural, so its odds are exactly what it would do on each face,
 * with no second copy of its rules to drift. Only for acts that roll that one die and no other.
 */

/** A d100 showing this natural; any further roll is refused (the act is not a one-die act). */
function showing(n: number): Dice {
  let rolled = false
  return {
    roll: (e: DiceExpression, purpose: string): RollRecord => {
      if (rolled || e.count !== 1 || e.sides !== 100) throw new RangeError('not a one-d100 act')
      rolled = true
      return { expression: 'd100', sides: 100, faces: [n], modifier: e.modifier, total: n + e.modifier, source: 'seeded', purpose }
    },
  }
}

type Classify = (r: ActionResolution, target: RulesCombatant | null) => string

/** `001 Medicine Saving Throws`: the wound's healing, grouped into nothing, part of it, all that is missing. */
const healed: Classify = (r, target) => {
  if (!target || r.targetHp === null) return 'heals nothing'
  const gain = r.targetHp - target.hp
  if (gain <= 0) return 'heals nothing'
  return r.targetHp >= target.maxHp ? `${target.name} back to full health` : `heals part of the wound`
}

/** 01_05 Fear: a Will save beating DC 50 ends the fear. */
const shaken: Classify = (r) => (r.conditions?.some((c) => c.remove?.length) ? 'shakes off the fear' : 'still afraid')

const ONE_D100: Readonly<Record<string, { readonly classify: Classify; readonly rule: string }>> = {
  [HEAL_WOUND]: { classify: healed, rule: '001 Medicine Saving Throws' },
  [SHAKE_OFF_FEAR]: { classify: shaken, rule: '01_05 Fear, CX23' },
}

export function cxOneD100Odds(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
  onScene: readonly RulesCombatant[],
  area?: TargetArea,
): Result<ActionOdds> | null {
  const act = ONE_D100[request.action]
  if (!act) return null
  const bands = new Map<string, number>()
  let healing = 0
  for (let n = 1; n <= 100; n++) {
    let r: Result<ActionResolution>
    try {
      r = performCxAction(request, actor, target, library, showing(n), onScene, area)
    } catch {
      return null
    }
    if (!r.ok) return r
    const label = act.classify(r.value, target)
    bands.set(label, (bands.get(label) ?? 0) + 1 / 100)
    if (target && r.value.targetHp !== null) healing += (r.value.targetHp - target.hp) / 100
  }
  const lines = request.action === HEAL_WOUND ? [{ label: 'Expected healing', value: healing.toFixed(1), source: act.rule }] : []
  return ok(
    actOdds(
      [...bands].map(([label, probability]) => ({ label, probability })),
      [{ title: `One d100 check, each natural 1 in 100 (CX1, CX3, ${act.rule})`, lines }],
    ),
  )
}
