import { describe, expect, it } from 'vitest'
import { SIGHT } from '../../../src-shared/limits'
import type { CombatantRecord, TokenRecord, WallRecord } from '../../../src-shared/records'
import { inPartySight, partySight } from '../../../src-shared/sight-fog'

/**
 * Fog by sight is bounded by the party's size (`SIGHT.partyTokens`): past it, the tokens nearest the
 * party's middle see and the rest do not, so the table is shown less than the whole party sees,
 * never more (issue 34).
 */

const scene = { id: 'scene:big' as const, sight: 'party' as const }
const people = new Map<string, Pick<CombatantRecord, 'side' | 'hidden'>>()
const token = (i: number, x: number, y: number): TokenRecord => {
  people.set(`combatant:p${i}`, { side: 'party', hidden: false })
  return { typeName: 'token', id: `token:big-p${i}`, sceneId: scene.id, combatantId: `combatant:p${i}`, x, y }
}
/** An 80 × 80 m block of 10 m rooms, each wall with a 2 m gap in its middle: every token sees a few rooms. */
function rooms(): WallRecord[] {
  const walls: WallRecord[] = []
  let n = 0
  const line = (ax: number, ay: number, bx: number, by: number) =>
    walls.push({
      typeName: 'wall',
      id: `wall:r${++n}`,
      sceneId: scene.id,
      kind: 'wall',
      points: [
        { x: ax, y: ay },
        { x: bx, y: by },
      ],
    })
  for (let k = 0; k <= 8; k++)
    for (let c = 0; c < 8; c++) {
      line(k * 10, c * 10, k * 10, c * 10 + 4)
      line(k * 10, c * 10 + 6, k * 10, c * 10 + 10)
      line(c * 10, k * 10, c * 10 + 4, k * 10)
      line(c * 10 + 6, k * 10, c * 10 + 10, k * 10)
    }
  return walls
}

describe('fog by sight: how many party tokens cast sight is bounded (SIGHT.partyTokens)', () => {
  const walls = rooms()
  // One token in the middle of each room: 64, four times the bound.
  const party: TokenRecord[] = []
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) party.push(token(r * 8 + c, c * 10 + 5, r * 10 + 5))
  const who = (id: TokenRecord['combatantId']) => people.get(id)

  it('a party past the bound casts at most the bound’s polygons, and one pass stays fast', () => {
    expect(party.length).toBeGreaterThan(SIGHT.partyTokens)
    const started = performance.now()
    const sight = partySight(scene, party, who, walls)!
    // About 0.3 s loaded; all 64 polygons take four times that, and grow with the party.
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(sight.polygons.length).toBe(SIGHT.partyTokens)
  })

  it('never shows more than the party sees: every point seen is seen by some party token alone; the tokens nearest the middle are those that see', () => {
    const sight = partySight(scene, party, who, walls)!
    const alone = party.map((t) => partySight(scene, [t], who, walls)!)
    let seen = 0
    for (let y = 0.25; y < 80; y += 2)
      for (let x = 0.25; x < 80; x += 2) {
        const p = { x, y }
        if (!inPartySight(sight, p)) continue
        seen++
        expect(alone.some((s) => inPartySight(s, p))).toBe(true)
      }
    expect(seen).toBeGreaterThan(0)
    // The middle room is seen; the far corner room's own token is past the bound and casts nothing.
    expect(inPartySight(sight, { x: 40, y: 40 })).toBe(true)
    expect(inPartySight(sight, { x: 75, y: 75 })).toBe(false)
    expect(inPartySight(alone[63]!, { x: 75, y: 75 })).toBe(true)
  })

  it('a party within the bound: every token sees, as before', () => {
    const few = party.slice(0, SIGHT.partyTokens)
    expect(partySight(scene, few, who, walls)!.polygons.length).toBe(few.length)
  })
})
