import { gapBetween, type Footprint } from '../../../src-shared/geometry'
import type { PromptDraft, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { MELEE_RANGE } from './cx-attack-shared'
import { walkPastNote, walkPastPrompts } from './cx-walk-past'

/**
 * The Move action's "Walks past an alert opponent" (SR-CX-71): the action has no path, only a
 * distance, so on the map every alert opponent within the move's reach (its metres plus melee
 * range from where the mover stands, base to base) is prompted and the GM dismisses those it
 * did not pass; a drag on the map finds them exactly (`cx-map-move.ts`). Off the map the GM is
 * told to resolve it.
 */
export function walkPastOnAction(
  mover: RulesCombatant,
  metres: number,
  onScene: readonly RulesCombatant[],
  library: ContentLibrary,
): { prompts: PromptDraft[]; note: string } {
  const from = mover.position
  if (!from) {
    return {
      prompts: [
        {
          reactorId: mover.id,
          targetId: mover.id,
          text: `${mover.name} walks past an alert opponent off the map: each alert opponent it passes within 1 m may make an opportunity attack; the GM makes it from the Attack panel (000 Opportunity Attack, SR-CX-71)`,
          resolve: { kind: 'note' },
          odds: '',
        },
      ],
      note: 'walks past an alert opponent: the GM names who (000 Opportunity Attack, SR-CX-71)',
    }
  }
  // Base to base, as every reach (SR-CX-111): within the move's metres plus melee range of its base.
  const reach = (at: Footprint) => gapBetween(from, at) <= metres + MELEE_RANGE + 1e-9
  const walk = walkPastPrompts(mover, onScene, reach, 'may walk past', library)
  return {
    prompts: walk.prompts,
    note: walk.passed.length ? walkPastNote(walk.passed) : 'walks past nobody alert within its reach (000 Opportunity Attack, SR-CX-70)',
  }
}
