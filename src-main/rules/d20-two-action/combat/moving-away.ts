import { withinReach, type Footprint, type Point } from '../../../../src-shared/geometry'
import type { RulesCombatant } from '../../ruleset'
import { DOC } from '../d20-terms'
import type { D20Sheet } from '../sheet/d20-sheet'
import { disengagedFrom, type Engagement } from './engagement'
import { MELEE_REACH } from './reach'

/*
 * `003 Engaged`: "If you try to move away from a character with whom you are engaged and within
 * their melee attack range, they get an attack of opportunity against you." Which of the mover's
 * engaged foes a move leaves (SR-D20-33), judged from where the tokens stand.
 */

export interface Leaving {
  /** Engaged foes the move takes it out of the reach of: each may strike as it goes. */
  readonly leaving: readonly Engagement[]
  /** Engaged foes one of whom stands on the map and the other not: nothing to measure, the GM's call. */
  readonly unplaced: readonly Engagement[]
}

/**
 * SR-D20-33: a foe is left when the mover starts within its reach (SR-D20-34) and ends outside
 * it; circling within reach, or stepping off from a foe already out of reach, leaves nobody (the
 * engagement stands: only disengaging or death ends it). `start`: the mover's base where it set
 * off, null off the map; `end`: where it stops, null when not known (the Move action: the GM's
 * "moves away" says it leaves). Off the map altogether, every engaged foe is left, as the GM said.
 */
export function foesLeft(
  engaged: readonly Engagement[],
  onScene: readonly RulesCombatant[],
  start: Footprint | null,
  end: Point | null,
): Leaving {
  const leaving: Engagement[] = []
  const unplaced: Engagement[] = []
  for (const foe of engaged) {
    const at = onScene.find((c) => c.id === foe.id)?.position
    if (!start && !at) leaving.push(foe)
    else if (!start || !at) unplaced.push(foe)
    else if (withinReach(at, start, MELEE_REACH) && !(end && withinReach(at, { ...end, radius: start.radius }, MELEE_REACH)))
      leaving.push(foe)
  }
  return { leaving, unplaced }
}

/** The mover's sheet out of the melee with those it left (the others stay engaged). */
export const afterLeaving = (sheet: D20Sheet, left: Leaving): D20Sheet => left.leaving.reduce((s, f) => disengagedFrom(s, f.id), sheet)

/** What the log says of who may strike as it goes, and whose blow is the GM's to judge. */
export function leavingWords(left: Leaving): string {
  const names = (foes: readonly Engagement[]) => foes.map((e) => e.name).join(' and ')
  const parts = [
    ...(left.leaving.length
      ? [
          `away from ${names(left.leaving)}: ${left.leaving.length === 1 ? 'an attack of opportunity' : 'attacks of opportunity'} (${DOC.engaged}, SR-D20-33)`,
        ]
      : []),
    ...(left.unplaced.length
      ? [`no reach measured to ${names(left.unplaced)} (not both on the map): an attack of opportunity is the GM's call (${DOC.engaged})`]
      : []),
  ]
  return parts.join('; ')
}
