import { areaCovers } from '../../../src-shared/area-marks'
import { areaReachesBase, type WallIndex } from '../../../src-shared/wall-geometry'
import type { AreaMarkRecord, CombatantId, TokenRecord } from '../../../src-shared/records'

/**
 * The combatants whose token base any of these templates touches (the GM's map rings them), bases of
 * `radius` metres; with walls, only where the template's centre reaches the base (SR-CORE-32), as
 * the core lists them.
 */
export function tokensUnder(
  marks: readonly Pick<AreaMarkRecord, 'x' | 'y' | 'radius'>[],
  placed: readonly { readonly token: Pick<TokenRecord, 'x' | 'y' | 'combatantId'> }[],
  radius: number,
  walls: WallIndex | null = null,
): Set<CombatantId> {
  const out = new Set<CombatantId>()
  if (marks.length === 0) return out
  for (const { token } of placed) {
    const base = { x: token.x, y: token.y, radius }
    const covers = (m: (typeof marks)[number]) => (walls && !walls.empty ? areaReachesBase(walls, m, base, m) : areaCovers(m, base))
    if (marks.some(covers)) out.add(token.combatantId)
  }
  return out
}
