import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../ruleset'
import { actOdds } from '../../kit/act-odds'
import { bandsOf, everyRoll } from '../../kit/every-roll'
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

/** 03_Feats Will to Survive (SR-CX-83): d10, the wound healed up to the figure its half of the die gives. */
function willOdds(request: ActionRequest, actor: RulesCombatant): Result<ActionOdds> | null {
  const c = cxSheets.of(actor)
  const wound = optionNumber(request.options, 'wound')
  if (!c || wound === undefined) return null
  // SR-CX-83: the feat played once for each face of its d10.
  const ways = everyRoll((dice) => rollWillToSurvive(c.stats.cha, wound, actor.hp, actor.maxHp, dice))!
  return ok(
    actOdds(
      bandsOf(ways, (r) => `heals ${r.healed}`),
      [{ title: 'Will to Survive: d10 (SR-CX-83)', lines: [] }],
    ),
  )
}

export function cxFeatOdds(request: ActionRequest, actor: RulesCombatant, library: ContentLibrary): Result<ActionOdds> | null {
  if (request.action === LUCKY_ACTION) return luckyOdds(request, actor, library)
  if (request.action === WILL_TO_SURVIVE_ACTION) return willOdds(request, actor)
  return null
}
