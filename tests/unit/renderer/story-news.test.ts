import { describe, expect, it } from 'vitest'
import type { StoryLineView } from '../../../src-shared/table-story'
import { NOTHING_SEEN, storyNews, type StoryMemory } from '../../../src-renderer/lib/table/story-news'

const line = (n: number): StoryLineView => ({ n, round: 1, fact: { kind: 'roll', purpose: `Roll ${n}`, total: n } })
const lines = (...ns: number[]) => ns.map(line)

/** Feeds looks in order; returns the news each brought (the card's line number, or null). */
function play(...looks: [readonly StoryLineView[], number][]): (number | null)[] {
  let memory: StoryMemory = NOTHING_SEEN
  return looks.map(([l, snapshots]) => {
    const r = storyNews(memory, l, snapshots)
    memory = r.memory
    return r.news?.n ?? null
  })
}

describe('what on the table strip is news (the card)', () => {
  it('a line arriving while the page watches', () => {
    expect(play([lines(1), 1], [lines(1, 2), 1], [lines(1, 2, 3), 1])).toEqual([null, 2, 3])
  })
  it('not the lines a page finds when it loads, even when it looked at an empty page first (a reload over a recap)', () => {
    // The page mounts before its snapshot comes: first an empty look, then the snapshot's lines.
    expect(play([[], 0], [lines(4, 5, 6), 1])).toEqual([null, null])
    expect(play([[], 0], [lines(4, 5, 6), 1], [lines(4, 5, 6, 7), 1])).toEqual([null, null, 7])
  })
  it('not what a reconnect’s snapshot brings, however new', () => {
    expect(play([lines(1), 1], [lines(1, 2, 3), 2])).toEqual([null, null])
  })
  it('after an undo emptied the strip, the next line is news again', () => {
    expect(play([lines(1), 1], [[], 1], [lines(1), 1])).toEqual([null, null, 1])
  })
  it('the GM’s preview, which loads no snapshots of its own, still shows news', () => {
    expect(play([lines(1), 0], [lines(1, 2), 0])).toEqual([null, 2])
  })
})
