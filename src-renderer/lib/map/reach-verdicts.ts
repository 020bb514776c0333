import type { CombatantId } from '../../../src-shared/records'
import { refusedByWalls } from '../attack/act-positions'

/** What the map shows of a previewReach answer. */
export interface ReachVerdicts {
  /** Targets out of reach, with the ruleset's reason: each gets a mark. */
  readonly blocked: ReadonlyMap<CombatantId, string>
  /** Set when nobody can be attacked, all for one reason (a jammed gun, an empty magazine): said once, by the attacker, instead of marking everyone "out of range". */
  readonly attacker: string | null
}

export const NO_VERDICTS: ReachVerdicts = { blocked: new Map(), attacker: null }

/**
 * A target behind a wall or closed door is marked "no line of fire" (SR-CORE-30), the core's verdict
 * read through the one wall geometry (src-shared/wall-geometry.ts): never judged again here.
 */
export const noLineWords = (reason: string): string => (refusedByWalls(null, reason) ? `No line of fire: ${reason}` : reason)

export function reachVerdicts(targets: readonly { readonly targetId: CombatantId; readonly blocked: string | null }[]): ReachVerdicts {
  const reasons = new Set(targets.map((t) => t.blocked))
  const [only] = reasons
  if (targets.length >= 2 && reasons.size === 1 && only) return { blocked: new Map(), attacker: only }
  return {
    blocked: new Map(targets.flatMap((t) => (t.blocked === null ? [] : [[t.targetId, noLineWords(t.blocked)] as const]))),
    attacker: null,
  }
}
