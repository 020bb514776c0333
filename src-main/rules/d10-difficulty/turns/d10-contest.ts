import type { ActionDefinition, ExplanationLine } from '../../../../src-shared/attack'
import type { RollRecord } from '../../../../src-shared/dice'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { attributeTerms, rollTerms } from '../checks/d10-check'
import { d10Sheets } from '../d10-sheet-access'

/*
 * `002 Actions`: "Sometimes the game master may wish to declare a contest between the
 * participant that does the action and the one that does the reaction … Both players roll a ten
 * sided dice and add any dexterity modifier to the result. The participant with the highest
 * result wins and draws his gun before the other." SR-D10-40: the GM opens it from the Action
 * panel on one side, aimed at the other; it is no act of either (nothing is spent, in or out of
 * turn), and a tie is rolled again by both until one is higher.
 */

export const REACTION_CONTEST = 'reaction-contest'
const SOURCE = '002 Actions'
/** Ties are rolled again; past this many the GM settles it (one in 10^20, never at a table). */
const MAX_ROLLS = 20

export function contestDefinition(): ActionDefinition {
  return {
    key: REACTION_CONTEST,
    label: 'Reaction contest (d10 + DEX modifier each, higher first)',
    target: 'any',
    options: [],
    cost: 'nothing (the GM’s call)',
    unavailable: null,
    aimsAt: 'foe',
  }
}

/** SR-D10-40: both roll d10 + DEX modifier, again on a tie; the higher goes first. Logged, nothing else changes. */
export function performContest(actor: RulesCombatant, target: RulesCombatant | null, dice: Dice): Result<ActionResolution> {
  if (!target || target.id === actor.id) return fail('contest/target', 'Pick the other side of the contest.')
  const mine = d10Sheets.require(actor, 'rules/noSheet')
  if (!mine.ok) return mine
  const theirs = d10Sheets.require(target, 'rules/noSheet')
  if (!theirs.ok) return theirs
  const a = attributeTerms(mine.value, 'dex')
  const b = attributeTerms(theirs.value, 'dex')
  const rolls: RollRecord[] = []
  const lines: ExplanationLine[] = []
  let winner: RulesCombatant | null = null
  for (let i = 0; i < MAX_ROLLS && !winner; i++) {
    const x = rollTerms(a, `${actor.name}: reaction contest`, dice)
    const y = rollTerms(b, `${target.name}: reaction contest`, dice)
    rolls.push(x.roll, y.roll)
    const again = x.total === y.total
    lines.push({
      label: `${i === 0 ? 'Roll' : `Tie, roll ${i + 1}`}: ${actor.name} d10 ${x.roll.faces[0]} + ${a[0]!.value} vs ${target.name} d10 ${y.roll.faces[0]} + ${b[0]!.value}`,
      value: `${x.total} vs ${y.total}${again ? ': tie, both roll again' : ''}`,
      source: again ? 'SR-D10-40' : SOURCE,
    })
    if (!again) winner = x.total > y.total ? actor : target
  }
  const last = lines.at(-1)!.value.split(':')[0]
  const told = winner
    ? `${winner.name} goes first (${last}${lines.length > 1 ? ` after ${lines.length - 1} tie${lines.length > 2 ? 's' : ''}` : ''})`
    : 'still tied: the GM decides'
  return ok({
    actorRules: null,
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `Reaction contest, ${actor.name} against ${target.name} (d10 + DEX modifier): ${told} (${SOURCE}, SR-D10-40)`,
    detail: [{ title: 'Reaction contest: the higher total acts first', lines }],
    rolls,
    cost: [],
    outOfTurn: 'free',
    // The table reads what happened, not the GM's menu: "Heavy gunner 1 acts first".
    ...(winner ? { outcome: { who: winner === actor ? ('actor' as const) : ('target' as const), words: 'acts first' } } : {}),
  })
}
