import type { ActionDefinition } from '../../../../src-shared/attack'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { twoD6Sheets } from '../sheet/sheet-access'
import type { Sheet } from '../sheet/sheet-schema'
import { costOf, COST_TEXT, whyNot, type ActKind } from '../turns/economy'

/** An action that changed only the actor's sheet, paid for as its kind says (T3). */
export function acted(
  actor: RulesCombatant,
  s: Sheet,
  kind: ActKind,
  summary: string,
  rest: Partial<ActionResolution> = {},
): ActionResolution {
  const free = kind === 'free' ? { outOfTurn: 'free' as const } : {}
  return { ...UNTOUCHED, actorRules: twoD6Sheets.store(s), actorHp: actor.hp, summary, cost: costOf(kind, actor), ...free, ...rest }
}

/** No one else changed, nothing rolled, no working beyond the summary. */
const UNTOUCHED = { targetRules: null, targetHp: null, detail: [], rolls: [] } as const

/** An action as the panel lists it: its price in T3 terms, and why not (the economy's reason first). */
export function offer(
  actor: RulesCombatant,
  kind: ActKind,
  def: Omit<ActionDefinition, 'cost' | 'unavailable'>,
  unavailable: string | null,
): ActionDefinition {
  return { ...def, cost: COST_TEXT[kind], unavailable: whyNot(kind, actor) ?? unavailable }
}
