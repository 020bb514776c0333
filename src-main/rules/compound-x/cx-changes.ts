import type { CombatantId } from '../../../src-shared/records'
import type { ConditionChange, ConditionGrant, SourcedCondition } from '../ruleset'

/**
 * Folds condition changes into one per combatant, in order. The core applies each change
 * against the combatant as it was before the resolution, so two changes to one combatant
 * would overwrite each other; and within one change it removes before it adds, so a later
 * removal must also cancel an earlier grant of that condition. A removal from one source (a
 * per-source condition, SR-CORE-1) cancels only that source's grant.
 */
export function mergeChanges(changes: readonly ConditionChange[]): ConditionChange[] {
  const merged = new Map<CombatantId, { remove: string[]; fromSource: SourcedCondition[]; add: ConditionGrant[] }>()
  for (const c of changes) {
    const m = merged.get(c.combatantId) ?? { remove: [], fromSource: [], add: [] }
    for (const id of c.remove ?? []) {
      if (!m.remove.includes(id)) m.remove.push(id)
      m.add = m.add.filter((g) => g.conditionId !== id)
    }
    for (const r of c.removeFromSource ?? []) {
      if (!m.fromSource.some((x) => x.conditionId === r.conditionId && x.sourceId === r.sourceId)) m.fromSource.push(r)
      m.add = m.add.filter((g) => g.conditionId !== r.conditionId || g.sourceId !== r.sourceId)
    }
    for (const g of c.add ?? []) m.add = [...m.add.filter((x) => x.conditionId !== g.conditionId), g]
    merged.set(c.combatantId, m)
  }
  return [...merged].map(([combatantId, m]) => ({
    combatantId,
    ...(m.remove.length ? { remove: m.remove } : {}),
    ...(m.fromSource.length ? { removeFromSource: m.fromSource } : {}),
    ...(m.add.length ? { add: m.add } : {}),
  }))
}
