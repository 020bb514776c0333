import type { AttackRequest } from '../../../../src-shared/attack'
import type { Point } from '../../../../src-shared/geometry'
import type { CombatantId } from '../../../../src-shared/records'
import type { PromptDraft, RulesCombatant } from '../../ruleset'
import { optionNumber } from '../../kit/options'
import { DOC } from '../d20-terms'
import type { D20Sheet } from '../sheet/d20-sheet'
import type { Engagement } from './engagement'

/** The schema checked the prefix; this lets the compiler see it. */
const isCombatantId = (id: string): id is CombatantId => id.startsWith('combatant:')

/**
 * Where the mover stood as it began to move away, carried in the prompt's request. The prompt is
 * resolved after the token has moved, out of reach; the parting blow was struck before it left
 * (SR-D20-33). Never a typed distance: the core refuses one that is not the map's.
 */
const LEFT_X = 'leftFromX'
const LEFT_Y = 'leftFromY'

/**
 * `003 Engaged` / `003 Reactions`: "If you try to move away from a character with whom you are
 * engaged and within their melee attack range, they get an attack of opportunity against you …
 * a basic attack with their weapon". One prompt per foe the move leaves (SR-D20-32, SR-D20-33),
 * resolved through the attack panel's rules as a reaction of that foe. Its odds depend on the
 * foe's sheet, which a move does not show the ruleset, so they are left empty here and the core
 * fills them from this ruleset's attack preview (`core/state/prompt-odds.ts`). `from`: where the
 * mover stood on the map, or null off it.
 */
export function opportunityPrompts(mover: RulesCombatant, foes: readonly Engagement[], verbed: string, from: Point | null): PromptDraft[] {
  const options: Record<string, number> = from ? { [LEFT_X]: from.x, [LEFT_Y]: from.y } : {}
  return foes.flatMap((foe): PromptDraft[] =>
    isCombatantId(foe.id) && foe.id !== mover.id
      ? [
          {
            reactorId: foe.id,
            targetId: mover.id,
            text: `${mover.name} ${verbed} from ${foe.name}, with whom it is engaged: ${foe.name} may make an attack of opportunity, a basic attack (${DOC.engaged})`,
            resolve: {
              kind: 'attack',
              request: { attackerId: foe.id, targetId: mover.id, weapon: foe.weapon, mode: 'basic', options },
            },
            odds: '',
          },
        ]
      : [],
  )
}

/**
 * The target as an attack of opportunity judges it: where it stood as it began to move away
 * (SR-D20-33), so the parting blow is not refused for the reach the move just left. Only for
 * what such a prompt resolves — a basic attack out of the attacker's turn, on a foe it is still
 * engaged with — so the start cannot move anyone else's target.
 */
export function asItStood(request: AttackRequest, a: D20Sheet, t: RulesCombatant, outOfTurn: boolean): RulesCombatant {
  const x = optionNumber(request.options, LEFT_X)
  const y = optionNumber(request.options, LEFT_Y)
  const parting = outOfTurn && request.mode === 'basic' && a.live.engagedWith.some((e) => e.id === t.id)
  if (x === undefined || y === undefined || !parting || !t.position) return t
  return { ...t, position: { x, y, radius: t.position.radius } }
}
