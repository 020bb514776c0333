/*
 * Whom a field that picks a combatant starts on: the one the act is for. A buff (2d6 Tactics)
 * starts on the actor itself, a harmful act on the first standing one of the other side; a pick
 * left from before that no longer fits (the last enemy, once the act is a buff or the actor
 * changed sides) is never kept.
 */

export interface PickCandidate<Id extends string = string> {
  readonly id: Id
  readonly side: string
  readonly down: boolean
}

export type AimsAt = 'friend' | 'foe' | undefined

/** The party and its allies stand together, enemies together; a neutral stands with no one else. */
const camp = (side: string): string => (side === 'party' || side === 'ally' ? 'us' : side)

/** Whether `target` fits an act by `actor` meant for a friend, a foe, or either (the GM's pick, never the actor). */
export function fitsAim(aimsAt: AimsAt, actor: PickCandidate, target: PickCandidate): boolean {
  const same = target.id === actor.id
  const together = camp(actor.side) === camp(target.side) && (camp(actor.side) !== 'neutral' || same)
  if (aimsAt === 'friend') return same || together
  if (aimsAt === 'foe') return !same && !together
  return !same
}

/** The pick an act starts on, keeping `current` only while it still fits; '' when the GM must pick. */
export function aimDefault<Id extends string>(
  aimsAt: AimsAt,
  candidates: readonly PickCandidate<Id>[],
  actorId: Id | '',
  current: Id | '',
): Id | '' {
  const actor = candidates.find((c) => c.id === actorId)
  if (!actor) return ''
  const kept = candidates.find((c) => c.id === current)
  if (kept && fitsAim(aimsAt, actor, kept) && (aimsAt !== undefined || current !== '')) return kept.id
  if (aimsAt === 'friend') return actor.id
  if (aimsAt === 'foe') return candidates.find((c) => !c.down && fitsAim('foe', actor, c))?.id ?? ''
  return ''
}
