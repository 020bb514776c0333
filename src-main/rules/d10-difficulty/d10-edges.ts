import type { EdgeEffects, RulesCombatant } from '../ruleset'
import { d10Sheets } from './d10-sheet-access'
import type { D10Sheet, Live } from './sheet/d10-sheet'
import { declaredEffort } from './turns/d10-initiative'
import { plural } from '../kit/format'

function effects(c: RulesCombatant, sheet: D10Sheet, live: Live, lines: string[]): EdgeEffects | null {
  if (JSON.stringify(live) === JSON.stringify(sheet.live)) return null
  return { rules: d10Sheets.store({ ...sheet, live }), hp: c.hp, lines, rolls: [] }
}

/** D2: the effort points declared for the roll just made leave the pool. */
function spendDeclared(sheet: D10Sheet, live: Live, lines: string[]): Live {
  const used = declaredEffort(sheet)
  if (sheet.live.initiativeEffort === 0) return live
  if (used > 0) lines.push(`spends ${plural(used, 'effort point')} on initiative (D2)`)
  return { ...live, effort: live.effort - used, initiativeEffort: 0 }
}

/** What the round's end takes away: the aim (`002` Taking Aim), the dodges counted, the speed regained (D3, D6). */
function roundCleared(live: Live): Live {
  return { ...live, aim: null, defending: 0, speedRegained: 0 }
}

/**
 * Its turn begins: it stops counting as moving until it moves again (D4). (A dodge earlier this
 * round already took its action off the pips when it was made, D6; `defending` is only cleared,
 * for sheets saved before that.)
 */
export function d10StartOfTurn(c: RulesCombatant): EdgeEffects | null {
  const sheet = d10Sheets.of(c)
  if (!sheet) return null
  return effects(c, sheet, { ...sheet.live, defending: 0, speedRegained: 0, movement: 'subtle' }, [])
}

/** A new round: the aim lapses, and with initiative rerolled each round the declared effort is spent (D2). */
export function d10StartOfRound(c: RulesCombatant, rerolled: boolean): EdgeEffects | null {
  const sheet = d10Sheets.of(c)
  if (!sheet) return null
  const lines: string[] = []
  if (sheet.live.aim) lines.push(`its aim at ${sheet.live.aim.name} lapses with the round (002 Taking Aim)`)
  const cleared = roundCleared(sheet.live)
  return effects(c, sheet, rerolled ? spendDeclared(sheet, cleared, lines) : cleared, lines)
}

/** The first initiative roll of the fight: the declared effort is spent. */
export function d10StartOfEncounter(c: RulesCombatant): EdgeEffects | null {
  const sheet = d10Sheets.of(c)
  if (!sheet) return null
  const lines: string[] = []
  return effects(c, sheet, spendDeclared(sheet, roundCleared(sheet.live), lines), lines)
}

/** The fight is over: nothing of it carries into the next but the effort spent and the stance. */
export function d10EndOfEncounter(c: RulesCombatant): EdgeEffects | null {
  const sheet = d10Sheets.of(c)
  if (!sheet) return null
  return effects(c, sheet, { ...roundCleared(sheet.live), movement: 'subtle', initiativeEffort: 0 }, [])
}
