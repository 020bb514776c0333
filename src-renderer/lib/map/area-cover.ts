import { areaCovers } from '../../../src-shared/area-marks'
import type { AreaMarkRecord, CombatantId, TokenRecord } from '../../../src-shared/records'

/** The combatants whose token base any of these templates touches (the GM's map rings them), bases of `radius` metres. */
export function tokensUnder(
  marks: readonly Pick<AreaMarkRecord, 'x' | 'y' | 'radius'>[],
  placed: readonly { readonly token: Pick<TokenRecord, 'x' | 'y' | 'combatantId'> }[],
  radius: number,
): Set<CombatantId> {
  const out = new Set<CombatantId>()
  if (marks.length === 0) return out
  for (const { token } of placed) {
    const base = { x: token.x, y: token.y, radius }
    if (marks.some((m) => areaCovers(m, base))) out.add(token.combatantId)
  }
  return out
}
