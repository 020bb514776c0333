import { describe, expect, it } from 'vitest'
import type { ProjectorRecord, SceneGrid, TokenRecord } from '../../../src-shared/records'
import { DEFAULT_PROJECTOR } from '../../../src-shared/records'
import {
  FIT_MARGIN_PX,
  FIT_MIN_SPAN,
  fightFrame,
  fightView,
  FOLLOW_SPAN,
  keepPictureOn,
  projectorFrame,
} from '../../../src-renderer/lib/map/projector-view'
import { sceneToScreen } from '../../../src-renderer/lib/map/map-geometry'
import {
  conditionPx,
  initialsPx,
  placeConditionLabels,
  shortLabel,
  TABLE_TEXT,
  type Box,
  type PlacedLabel,
} from '../../../src-renderer/lib/map/table-labels'

/** Issue 31: what the table's fit frames, and where its labels go. */

const grid: SceneGrid = { kind: 'square', cellPx: 50, metresPerCell: 1, offsetX: 0, offsetY: 0 }
const field = { w: 40, h: 30 }
const token = (combatant: string, x: number, y: number, sceneId = 'scene:a'): TokenRecord =>
  ({ typeName: 'token', id: `token:${combatant}`, sceneId, combatantId: `combatant:${combatant}`, x, y }) as TokenRecord
const fight = [token('vex', 14, 12), token('ash', 15, 12), token('r1', 22, 11), token('r3', 23, 16)]
const onA = { id: 'scene:a', metres: field }

describe("the table's fit frames the fight", () => {
  it('frames the box round the tokens, edges on whole metres, not the whole picture', () => {
    // 14…23 × 11…16 m: narrower and shorter than the least span, which it takes about the same centre.
    expect(fightFrame(fight, field)).toEqual({ x: 18.5, y: 13.5, w: FIT_MIN_SPAN.w, h: FIT_MIN_SPAN.h })
    const f = fightFrame(
      [
        { x: 10.4, y: 5.2 },
        { x: 30.6, y: 20.7 },
      ],
      field,
    )!
    expect([f.x - f.w / 2, f.x + f.w / 2, f.y - f.h / 2, f.y + f.h / 2]).toEqual([10, 31, 5, 21])
  })

  it('shows at least a few squares round one token, centred on it', () => {
    expect(fightFrame([{ x: 7, y: 8 }], field)).toEqual({ x: 7, y: 8, w: FIT_MIN_SPAN.w, h: FIT_MIN_SPAN.h })
  })

  it('is the whole scene with nobody on it, or when the fight takes in the whole scene anyway', () => {
    expect(fightFrame([], field)).toBeNull()
    expect(
      fightFrame(
        [
          { x: 0, y: 0 },
          { x: 40, y: 30 },
        ],
        field,
      ),
    ).toBeNull()
    expect(projectorFrame(DEFAULT_PROJECTOR, [], onA, null)).toBeNull()
  })

  it("counts only the scene in play's tokens the table holds", () => {
    const elsewhere = token('lurker', 38, 28, 'scene:b')
    expect(projectorFrame(DEFAULT_PROJECTOR, [...fight, elsewhere], onA, null)).toEqual(fightFrame(fight, field))
    expect(projectorFrame(DEFAULT_PROJECTOR, fight, null, null)).toBeNull()
  })

  it("leaves the GM's other modes as they were", () => {
    const view = { x: 5, y: 6, w: 7, h: 8 }
    const p = (mode: ProjectorRecord['mode']): ProjectorRecord => ({ ...DEFAULT_PROJECTOR, mode, view })
    expect(projectorFrame(p('fixed'), fight, onA, null)).toEqual(view)
    expect(projectorFrame(p('mirror'), fight, onA, null)).toEqual(view)
    expect(projectorFrame(p('follow'), fight, onA, 'combatant:r1')).toEqual({ x: 22, y: 11, w: 7, h: 8 })
    expect(projectorFrame({ ...p('follow'), view: null }, fight, onA, 'combatant:r1')).toEqual({ x: 22, y: 11, ...FOLLOW_SPAN })
  })

  it('keeps the picture across a wide stage, showing all the frame did', () => {
    const scene = { width: 2000, height: 1500 }
    const viewport = { width: 1920, height: 772 }
    // A frame by the picture's left edge: centred, it would leave a black band on the left.
    const frame = { x: 6, y: 15, w: 10, h: 6 }
    const v = fightView(frame, grid, scene, viewport)
    expect(v.x).toBe(0)
    const left = sceneToScreen(v, { x: (frame.x - frame.w / 2) * 50, y: (frame.y - frame.h / 2) * 50 })
    const right = sceneToScreen(v, { x: (frame.x + frame.w / 2) * 50, y: (frame.y + frame.h / 2) * 50 })
    expect(left.x).toBeGreaterThanOrEqual(0)
    expect(right.x).toBeLessThanOrEqual(viewport.width)
    // The frame fills the stage's height less the margin.
    expect(right.y - left.y).toBeCloseTo(viewport.height - 2 * FIT_MARGIN_PX)
    // The picture reaches the right edge too.
    expect(v.x + scene.width * v.k).toBeGreaterThanOrEqual(viewport.width)
  })

  it('centres a picture narrower than the stage instead of sliding it', () => {
    expect(keepPictureOn({ x: -50, y: -10, k: 0.5 }, { width: 1000, height: 3000 }, { width: 800, height: 600 })).toEqual({
      x: 150,
      y: -10,
      k: 0.5,
    })
    expect(keepPictureOn({ x: 100, y: -2000, k: 1 }, { width: 1000, height: 1000 }, { width: 800, height: 600 })).toEqual({
      x: 0,
      y: -400,
      k: 1,
    })
  })
})

/** Eleven pixels a character at 20 px: wider than most fonts draw, so a clear place is clear. */
const measure = (text: string, px: number) => text.length * px * 0.55
const screen: Box = { x: 0, y: 0, w: 1920, h: 800 }
const at = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }))
const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
const disc = (t: { x: number; y: number }, r: number): Box => ({ x: t.x - 1.22 * r, y: t.y - 1.22 * r, w: 2.44 * r, h: 2.44 * r })
const inside = (a: Box, b: Box) => a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h

function expectClear(labels: readonly PlacedLabel[], tokens: readonly { x: number; y: number }[], r: number) {
  for (const a of labels) {
    expect(inside(a.box, screen), JSON.stringify(a)).toBe(true)
    for (const b of labels) if (a !== b) expect(overlaps(a.box, b.box), `${a.id} / ${b.id}`).toBe(false)
    for (const t of tokens) expect(overlaps(a.box, disc(t, r)), `${a.id} over ${JSON.stringify(t)}`).toBe(false)
  }
}

describe("the table's token labels", () => {
  it('never fall below the sizes that read from 4 m, and grow with a token zoomed in', () => {
    expect(initialsPx(10)).toBe(TABLE_TEXT.initialsPx)
    expect(conditionPx(10)).toBe(TABLE_TEXT.conditionPx)
    expect(initialsPx(60)).toBe(48)
    expect(conditionPx(60)).toBe(27)
  })

  it('go under a token when there is room', () => {
    const [l] = placeConditionLabels(
      [{ id: 'a', x: 500, y: 400, badges: ['Bleeding', 'Stunned'] }],
      [{ x: 500, y: 400 }],
      25,
      screen,
      measure,
    )
    expect(l!.text).toBe('Bleeding · Stunned')
    expect(l!.box.y).toBeGreaterThan(400 + 25)
    expect(l!.box.x + l!.box.w / 2).toBe(500)
    expect(l!.px).toBe(20)
  })

  it('of two tokens side by side, a stack of three and one at the screen edge, run into nothing', () => {
    const r = 25
    const tokens = at([400, 300], [460, 300], [900, 200], [900, 260], [900, 320], [1900, 780])
    const spots = tokens.map((t, i) => ({ id: `t${i}`, ...t, badges: i % 2 ? ['Suppressed'] : ['Bleeding', 'Stunned'] }))
    const labels = placeConditionLabels(spots, tokens, r, screen, measure)
    expect(labels).toHaveLength(6)
    expectClear(labels, tokens, r)
  })

  it('shorten to the first condition and a count where no whole list finds room', () => {
    const r = 25
    const mid = { x: 600, y: 400 }
    // Neighbours under and over it on both sides, and either side of it: the whole list (357 px
    // wide) runs into one wherever it goes; "Bleeding +2" (137 px) fits under it.
    const around = at([480, 450], [720, 450], [480, 350], [720, 350], [400, 400], [800, 400])
    const badges = ['Bleeding', 'Stunned', 'Suppressed']
    const [l] = placeConditionLabels([{ id: 'mid', ...mid, badges }], [mid, ...around], r, screen, measure)
    expect(shortLabel(badges)).toBe('Bleeding +2')
    expect(l!.text).toBe('Bleeding +2')
    expect(l!.box.y).toBeGreaterThan(mid.y)
    expectClear([l!], [mid, ...around], r)
  })

  it('take the least covered place on their plate when even the short one finds none', () => {
    const r = 25
    const crowd = [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => ({ x: 600 + dx * 40, y: 400 + dy * 40 })))
    const [l] = placeConditionLabels([{ id: 'mid', x: 600, y: 400, badges: ['Bleeding', 'Stunned'] }], crowd, r, screen, measure)
    expect(l!.text).toBe('Bleeding +1')
    expect(inside(l!.box, screen)).toBe(true)
  })

  it('skip tokens with nothing to say', () => {
    expect(placeConditionLabels([{ id: 'a', x: 10, y: 10, badges: [] }], [{ x: 10, y: 10 }], 25, screen, measure)).toEqual([])
  })
})
