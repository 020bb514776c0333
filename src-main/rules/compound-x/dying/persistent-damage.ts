import type { CombatantId, ConditionInstance } from '../../../../src-shared/records'
import type { ConditionChange } from '../../ruleset'

/**
 * `000` Stabilize: when a character is downed, "most persistent damage effects, like bleeds or
 * burns, fall off". SR-CX-10: "most" is read as the two the text names, bleeds and burns
 * (bleeding, burning, plasma burn); frozen, necrosis and poison stay for the GM to judge.
 */
export const PERSISTENT_DAMAGE: readonly string[] = ['bleeding', 'burning', 'plasma-burn']

/** The removal an attack hands back for a target it downed (the attack path). */
export const persistentDamageRemoval = (combatantId: CombatantId): ConditionChange => ({
  combatantId,
  remove: PERSISTENT_DAMAGE,
})

/** The conditions a turn edge leaves on a combatant it downed (the edge path). */
export const withoutPersistentDamage = (conditions: readonly ConditionInstance[]): ConditionInstance[] =>
  conditions.filter((x) => !PERSISTENT_DAMAGE.includes(x.conditionId))
