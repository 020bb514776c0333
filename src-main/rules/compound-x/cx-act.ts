import type { ActionRequest } from '../../../src-shared/attack'
import type { Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { ActionResolution, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'

/**
 * How the action dispatcher (cx-actions.ts) hands an act to the module that performs it: the
 * actor comes with its sheet already read, so no performer reads it again.
 */
export type ActPerformer = (
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
  dice: Dice,
) => Result<ActionResolution>

/** An act that changes only the actor's own sheet: its log line, and whatever else `rest` sets. */
export const ownResolution = (
  actor: RulesCombatant,
  c: CxCombatant,
  summary: string,
  rest: Partial<ActionResolution> = {},
): ActionResolution => ({
  actorRules: cxSheets.store(c),
  actorHp: actor.hp,
  targetRules: null,
  targetHp: null,
  summary,
  detail: [],
  rolls: [],
  ...rest,
})
