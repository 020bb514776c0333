import type { CombatantId } from '../../../../src-shared/records'
import type { PromptDraft, RulesCombatant } from '../../ruleset'
import { DOC } from '../d20-terms'
import type { D20Sheet } from '../sheet/d20-sheet'

/** The schema checked the prefix; this lets the compiler see it. */
const isCombatantId = (id: string): id is CombatantId => id.startsWith('combatant:')

/**
 * `003 Engaged` / `003 Reactions`: "If you try to move away from a character with whom you are
 * engaged and within their melee attack range, they get an attack of opportunity against you …
 * a basic attack with their weapon". One prompt per foe still engaged (SR-D20-32, SR-D20-33),
 * resolved through the attack panel's rules as a reaction of that foe. Its odds depend on the
 * foe's sheet, which a move does not show the ruleset, so they are left empty here and the core
 * fills them from this ruleset's attack preview (`core/state/prompt-odds.ts`).
 */
export function opportunityPrompts(mover: RulesCombatant, sheet: D20Sheet, verbed: string): PromptDraft[] {
  return sheet.live.engagedWith.flatMap((foe): PromptDraft[] =>
    isCombatantId(foe.id) && foe.id !== mover.id
      ? [
          {
            reactorId: foe.id,
            targetId: mover.id,
            text: `${mover.name} ${verbed} from ${foe.name}, with whom it is engaged: ${foe.name} may make an attack of opportunity, a basic attack (${DOC.engaged})`,
            resolve: {
              kind: 'attack',
              request: { attackerId: foe.id, targetId: mover.id, weapon: foe.weapon, mode: 'basic', options: {} },
            },
            odds: '',
          },
        ]
      : [],
  )
}
