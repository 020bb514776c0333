import type { ExplanationLine, ExplanationSection } from '../../../../src-shared/attack'
import type { CxCombatant } from '../sheet/cx-sheet'
import { boughtFeats, featAllowance, featsOverAllowance, grantedFeats, LUCKY, POSITIONAL_MASTERMIND, WILL_TO_SURVIVE } from './feat-rules'
import { luckyScale } from './lucky'
import { willToSurviveScale } from './will-to-survive'

/** What a granted feat holds now: uses left, or what it does. */
function grantedLine(c: CxCombatant, name: string): ExplanationLine {
  if (name === LUCKY) {
    const s = luckyScale(c.stats.luck)!
    const left = Math.max(0, s.usesPerLongRest - c.live.luckyUsed)
    return {
      label: `${LUCKY} (LUCK ${c.stats.luck})`,
      value: `${left}/${s.usesPerLongRest} ${s.kind}s left this long rest`,
      source: '03_Feats',
    }
  }
  if (name === WILL_TO_SURVIVE) {
    const s = willToSurviveScale(c.stats.cha)
    const left = Math.max(0, s.usesPerEncounter - c.live.willToSurvive.used)
    return {
      label: `${WILL_TO_SURVIVE} (CHA ${c.stats.cha})`,
      value: `${left}/${s.usesPerEncounter} left this encounter`,
      source: '03_Feats',
    }
  }
  const who = c.stats.cha >= 12 ? 'any enemy' : 'living enemies'
  return { label: `${POSITIONAL_MASTERMIND} (CHA ${c.stats.cha})`, value: `+1 miss chance for ${who} while in cover`, source: '03_Feats' }
}

/**
 * The card's feats: those bought against the level's allowance (SR-CX-80), those a stat grants
 * with their uses left (SR-CX-81), and a Black Cat 3–4 still in force (SR-CX-86).
 */
export function featCardSection(c: CxCombatant): ExplanationSection[] {
  const bought = boughtFeats(c.feats)
  const allowed = featAllowance(c.level, c.stats.int)
  const lines: ExplanationLine[] = []
  if (bought.length || allowed)
    lines.push({
      label: bought.length ? bought.join(', ') : 'none bought',
      value: `${bought.length}/${allowed} feats at level ${c.level}${c.stats.int >= 9 ? ' (INT 9+)' : ''}${featsOverAllowance(c) ? ' — more than the table gives (SR-CX-80)' : ''}`,
      source: '001 Leveling-Up table',
    })
  lines.push(...grantedFeats(c.stats, c.feats).map((f) => grantedLine(c, f)))
  if (c.live.blackCat.noCriticals) lines.push({ label: 'Black Cat', value: 'no critical hits or successes this encounter', source: 'CX30' })
  return lines.length ? [{ title: 'Feats', lines }] : []
}
