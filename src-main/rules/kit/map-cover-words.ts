import type { TargetCover } from '../ruleset'

/**
 * The map's cover in the GM's words, for every ruleset's breakdown: what hides the target, where,
 * and how much of it ("Low cover at C4 hides 45% of Raider"). Issue 34: the odds name the source.
 */
export function mapCoverWords(cover: TargetCover, targetName: string): string {
  const by =
    cover.by === 'low'
      ? 'Low cover'
      : cover.by === 'door'
        ? 'A closed door'
        : cover.by === 'combatant'
          ? 'Someone between'
          : cover.by === 'wall'
            ? 'A wall'
            : 'Nothing'
  const at = cover.atLabel ? ` at ${cover.atLabel}` : ''
  return `${by}${at} hides ${Math.round(cover.hidden * 100)}% of ${targetName}`
}
