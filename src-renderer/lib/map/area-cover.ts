import { areaCovers } from '../../../src-shared/area-marks'
import type { AreaMarkRecord, CombatantId, TokenRecord } from '../../../src-shared/records'

/** The combatants whose token centre lies under any of these templates (the GM's map rings them). */
export function tokensUnder(
  marks: readonly Pick<AreaMarkRecord, 'x' | 'y' | 'radius'>[],
  placed: readonly { readonly token: Pick<TokenRecord, 'x' | 'y' | 'combatantId'> }[],
): Set<CombatantId> {
  const out = new Set<CombatantId>()
  if (marks.length === 0) return out
  for (const { token } of placed) if (marks.some((m) => areaCovers(m, token))) out.add(token.combatantId)
  return out
}
