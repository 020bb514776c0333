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

describe('E3: the action panel’s template picker', () => {
  it('E3: lists only the scene in play’s templates, each with the tokens under it (rim in, other scenes out)', () => {
    const marks = [mark('a', 'dock', 'Grenade'), mark('b', 'dock', 'Mine', true), mark('c', 'hold', 'Far')]
    const tokens = [token('dock', 10, 10), token('dock', 13, 10), token('dock', 13.1, 10), token('hold', 10, 10)]
    expect(areaChoices(marks, tokens, 'scene:dock')).toEqual([
      { id: 'areaMark:a', under: 2, text: 'Grenade 3 m · 2 under it' },
      { id: 'areaMark:b', under: 2, text: 'Mine 3 m (hidden) · 2 under it' },
    ])
  })

  it('E3: offers nothing when no scene is in play', () => {
    expect(areaChoices([mark('a', 'dock', 'Grenade')], [token('dock', 10, 10)], null)).toEqual([])
  })
})
