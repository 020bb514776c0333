import type { ExplanationSection } from '../../../../src-shared/attack'
import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import type { Weapon } from '../sheet/d10-sheet'
import { clearHint, firesThrough, MALFUNCTION_FACE, roundsBeforeStop, STOPPAGE_LABELS, stoppageOf, type Stoppage } from './malfunction'

const SOURCE = '002 Malfunctions'

/** Why this weapon cannot fire now: its stoppage, named, with how to clear it (SR-D10-32, SR-D10-33). */
export function stoppageRefusal(w: Weapon): string | null {
  if (!w.stoppage) return null
  const squib = firesThrough(w.stoppage)
    ? '; or fire through it anyway with the action "Fire through the squib" (catastrophic failure, SR-D10-33)'
    : ''
  return `The ${w.name} has a ${STOPPAGE_LABELS[w.stoppage]}: ${clearHint(w.stoppage, w.clearing)}${squib} (${SOURCE}).`
}

export interface Malfunction {
  readonly stoppage: Stoppage
  readonly roll: RollRecord
  /** Rounds that left the magazine, and rounds that left the barrel toward the target (SR-D10-31). */
  readonly fired: number
  readonly reaching: number
  readonly summary: string
  readonly section: ExplanationSection
}

/**
 * SR-D10-30: a natural 1 on the d10 of a firearm's attack check sets off a malfunction; a second
 * d10 picks which (1–6 failure to feed, 7–9 stovepipe, 10 squib). Thrown and melee weapons do not
 * malfunction (the section speaks of firearms only).
 */
export function rollMalfunction(w: Weapon, rounds: number, check: RollRecord, purpose: string, dice: Dice): Malfunction | null {
  if (w.kind !== 'firearm' || check.faces[0] !== MALFUNCTION_FACE) return null
  const roll = dice.roll({ count: 1, sides: 10, modifier: 0 }, `${purpose}: malfunction`)
  const stoppage = stoppageOf(roll.total)
  const { fired, reaching } = roundsBeforeStop(stoppage, rounds)
  const what = stoppage === 'squib' ? 'the round sticks in the barrel' : 'the round goes, the next does not'
  return {
    stoppage,
    roll,
    fired,
    reaching,
    summary: `natural ${MALFUNCTION_FACE}: ${STOPPAGE_LABELS[stoppage]} (${what}; the weapon is stopped, ${clearHint(stoppage, false)})`,
    section: {
      title: 'Malfunction',
      lines: [
        {
          label: `Natural ${MALFUNCTION_FACE} on the check`,
          value: `d10 ${roll.total}: ${STOPPAGE_LABELS[stoppage]}`,
          source: 'SR-D10-30',
        },
        { label: 'Rounds fired before it stopped', value: String(fired), source: 'SR-D10-31' },
      ],
    },
  }
}
