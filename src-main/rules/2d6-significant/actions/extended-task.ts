import type { Extended } from '../sheet/sheet-schema'

/**
 * T7's bookkeeping, as pure steps over the task record. A task takes 2d6 rounds of work, one
 * significant action each round; the round it starts in is its first. Damage while working
 * forces the task's check at −(damage) DM: a failure loses this round's work (taken back if it
 * was already done, or voided if it is still to come); an exceptional failure (effect −6 or
 * worse, `004` Extended Actions) starts the task over.
 */
export function startTask(skill: string, roundsNeeded: number): Extended {
  return { skill, roundsNeeded, roundsDone: 1, thisRound: 'counted' }
}

export type WorkStep =
  | { readonly kind: 'progress'; readonly task: Extended }
  | { readonly kind: 'done' }
  | { readonly kind: 'lost'; readonly task: Extended }
  | { readonly kind: 'already'; readonly task: Extended }

/** One more round of work (T7): counted, or not when damage already cost this round. */
export function workRound(task: Extended): WorkStep {
  if (task.thisRound === 'counted') return { kind: 'already', task }
  if (task.thisRound === 'lost') return { kind: 'lost', task }
  const roundsDone = task.roundsDone + 1
  if (roundsDone >= task.roundsNeeded) return { kind: 'done' }
  return { kind: 'progress', task: { ...task, roundsDone, thisRound: 'counted' } }
}

/** T7: what a failed forced check does to the task. */
export function afterDisruption(task: Extended, exceptional: boolean): { task: Extended; text: string } {
  if (exceptional)
    return {
      task: { ...task, roundsDone: 0, thisRound: 'lost' },
      text: 'an exceptional failure: the work starts over (004 Extended Actions)',
    }
  if (task.thisRound === 'counted')
    return { task: { ...task, roundsDone: task.roundsDone - 1, thisRound: 'lost' }, text: "this round's work is lost (T7)" }
  return { task: { ...task, thisRound: 'lost' }, text: "this round's work will not count (T7)" }
}

/** A new round: no work done in it yet. */
export const newRound = (task: Extended): Extended => ({ ...task, thisRound: 'none' })

export const progressText = (task: Extended): string =>
  `${task.skill}: ${task.roundsDone}/${task.roundsNeeded} rounds${task.thisRound === 'lost' ? ' (this round lost)' : task.thisRound === 'counted' ? ' (worked this round)' : ''}`
