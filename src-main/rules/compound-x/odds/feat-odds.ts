import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import type { DiceExpression, RollRecord } from '../../../../src-shared/dice'
import { ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { RulesCombatant } from '../../ruleset'
import { actOdds } from '../../kit/act-odds'
import { optionNumber, optionString } from '../../kit/options'
import type { ContentLibrary } from '../content/content-library'
import { cxCheckChance } from '../cx-checks'
import { LUCKY_ACTION, WILL_TO_SURVIVE_ACTION } from '../cx-feat-actions'
import { luckyRollMode, luckyScale } from '../feats/lucky'
import { rollWillToSurvive } from '../feats/will-to-survive'
import { cxSheets } from '../sheet/cx-sheet'

/*
 * The odds of the feat acts: Lucky's reroll (03_Feats Lucky, SR-CX-84) by the check's exact
 * chance in the mode Lucky rolls it, and Will to Survive's d10 (SR-CX-83) run once per face.
 */

/** 03_Feats Lucky: the check rolled again, with the shift, in the mode LUCK gives (advantage at 8–9). */
function luckyOdds(request: ActionRequest, actor: RulesCombatant, library: ContentLibrary): Result<ActionOdds> | null {
  const c = cxSheets.of(actor)
  const scale = c ? luckyScale(c.stats.luck) : null
  const check = optionString(request.options, 'check') ?? ''
  // An attack is rerolled by resolving it again: its odds are the Attack panel's.
  if (!scale || check === '' || check === 'attack') return null
  const dc = optionNumber(request.options, 'dc') ?? 50
  const bonus = (optionNumber(request.options, 'bonus') ?? 0) + Number(optionString(request.options, 'shift') ?? '0')
  const mode = luckyRollMode(scale)
  const p = cxCheckChance({ check, dc, mode, bonus }, actor, library)
  if (!p.ok) return p
  return ok(
    actOdds(
      [
        { label: 'the reroll succeeds', probability: p.value },
        { label: 'the reroll fails', probability: 1 - p.value },
      ],
      [
        {
          title: `Lucky: ${check} against ${dc}, ${mode}`,
          lines: [{ label: 'Bonus with the shift', value: String(bonus), source: '03_Feats Lucky, SR-CX-84' }],
        },
      ],
    ),
  )
}

/** A d10 showing this face (each 1 in 10). */
const d10 = (n: number): Dice => ({
  roll: (e: DiceExpression, purpose: string): RollRecord => ({
    expression: 'd10',
    sides: e.sides,
    faces: [n],
    modifier: e.modifier,
    total: n + e.modifier,
    source: 'seeded',
    purpose,
  }),
})

/** 03_Feats Will to Survive (SR-CX-83): d10, the wound healed up to the figure its half of the die gives. */
function willOdds(request: ActionRequest, actor: RulesCombatant): Result<ActionOdds> | null {
  const c = cxSheets.of(actor)
  const wound = optionNumber(request.options, 'wound')
  if (!c || wound === undefined) return null
  const bands = new Map<string, number>()
  for (let n = 1; n <= 10; n++) {
    const r = rollWillToSurvive(c.stats.cha, wound, actor.hp, actor.maxHp, d10(n))
    const label = `heals ${r.healed}`
    bands.set(label, (bands.get(label) ?? 0) + 1 / 10)
  }
  return ok(
    actOdds(
      [...bands].map(([label, probability]) => ({ label, probability })),
      [{ title: 'Will to Survive: d10 (SR-CX-83)', lines: [] }],
    ),
  )
}

export function cxFeatOdds(request: ActionRequest, actor: RulesCombatant, library: ContentLibrary): Result<ActionOdds> | null {
  if (request.action === LUCKY_ACTION) return luckyOdds(request, actor, library)
  if (request.action === WILL_TO_SURVIVE_ACTION) return willOdds(request, actor)
  return null
}
