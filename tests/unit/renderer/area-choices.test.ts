import { describe, expect, it } from 'vitest'
import type { AreaMarkRecord } from '../../../src-shared/records'
import { areaChoices } from '../../../src-renderer/lib/attack/area-choices'

const mark = (id: string, sceneId: string, label: string, hidden = false): AreaMarkRecord => ({
  typeName: 'areaMark',
  id: `areaMark:${id}`,
  sceneId: `scene:${sceneId}`,
  x: 10,
  y: 10,
  radius: 3,
  label,
  hidden,
})

const token = (sceneId: string, x: number, y: number) => ({ sceneId: `scene:${sceneId}` as const, x, y })
const dock = { id: 'scene:dock' as const, grid: { kind: 'none' as const, pxPerMetre: 10 } }

describe('E3: the action panel’s template picker', () => {
  it('E3: lists only the scene in play’s templates, each with the tokens it touches (touching edge in, other scenes out)', () => {
    const marks = [mark('a', 'dock', 'Grenade'), mark('b', 'dock', 'Mine', true), mark('c', 'hold', 'Far')]
    // Bases of 0.5 m on a gridless scene: a centre 3.5 m out touches the 3 m circle; 3.6 m does not.
    const tokens = [token('dock', 10, 10), token('dock', 13, 10), token('dock', 13.5, 10), token('dock', 13.6, 10), token('hold', 10, 10)]
    expect(areaChoices(marks, tokens, dock)).toEqual([
      { id: 'areaMark:a', under: 3, text: 'Grenade 3 m · 3 under it' },
      { id: 'areaMark:b', under: 3, text: 'Mine 3 m (hidden) · 3 under it' },
    ])
  })

  it('E3: counts by the scene’s own token size: on a 2 m grid a base is 0.6 m', () => {
    const coarse = { id: 'scene:dock' as const, grid: { kind: 'square' as const, cellPx: 50, metresPerCell: 2, offsetX: 0, offsetY: 0 } }
    expect(areaChoices([mark('a', 'dock', 'Grenade')], [token('dock', 13.6, 10)], coarse)[0]!.under).toBe(1)
  })

  it('E3: offers nothing when no scene is in play', () => {
    expect(areaChoices([mark('a', 'dock', 'Grenade')], [token('dock', 10, 10)], null)).toEqual([])
  })
})
