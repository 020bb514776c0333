import { describe, expect, it } from 'vitest'
import { isRevealed, NO_FOG, withStep, type SceneFog } from '../../../src-shared/fog'

const room = { x: 0, y: 0, w: 10, h: 10 }
const closet = { x: 2, y: 2, w: 2, h: 2 }

describe('fog geometry', () => {
  it('no fog reveals everything; hide all hides everything', () => {
    expect(isRevealed(NO_FOG, { x: 123, y: -4 })).toBe(true)
    expect(isRevealed({ mode: 'areas', steps: [] }, { x: 1, y: 1 })).toBe(false)
  })

  it('a reveal opens its rectangle, edges included', () => {
    const fog = withStep({ mode: 'areas', steps: [] }, { op: 'reveal', rect: room })
    expect(isRevealed(fog, { x: 5, y: 5 })).toBe(true)
    expect(isRevealed(fog, { x: 10, y: 10 })).toBe(true)
    expect(isRevealed(fog, { x: 10.01, y: 5 })).toBe(false)
  })

  it('a hide after a reveal shuts part of it again; a reveal after that opens it again', () => {
    let fog: SceneFog = { mode: 'areas', steps: [] }
    fog = withStep(fog, { op: 'reveal', rect: room })
    fog = withStep(fog, { op: 'hide', rect: closet })
    expect(isRevealed(fog, { x: 3, y: 3 })).toBe(false)
    expect(isRevealed(fog, { x: 6, y: 6 })).toBe(true)
    fog = withStep(fog, { op: 'reveal', rect: { x: 3, y: 3, w: 5, h: 5 } })
    expect(isRevealed(fog, { x: 3.5, y: 3.5 })).toBe(true)
    expect(isRevealed(fog, { x: 2.5, y: 2.5 })).toBe(false)
  })

  it('hides work on a fully revealed scene too', () => {
    const fog = withStep(NO_FOG, { op: 'hide', rect: closet })
    expect(isRevealed(fog, { x: 3, y: 3 })).toBe(false)
    expect(isRevealed(fog, { x: 8, y: 8 })).toBe(true)
  })

  it('a step wholly covered by a later one is dropped, so repeats do not use up the cap', () => {
    let fog: SceneFog = { mode: 'areas', steps: [] }
    for (let i = 0; i < 100; i++) fog = withStep(fog, { op: i % 2 ? 'hide' : 'reveal', rect: room })
    expect(fog.steps).toHaveLength(1)
    fog = withStep(fog, { op: 'reveal', rect: closet })
    expect(fog.steps).toHaveLength(2)
  })
})
