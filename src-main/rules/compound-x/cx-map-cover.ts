import { mapCoverWords } from '../kit/map-cover-words'
import type { RulesCombatant } from '../ruleset'
import type { Cover } from './ranged/ranged-setup'

/** Where the cover a shot is judged with came from, and the breakdown's words for it. */
export interface CxCover {
  readonly cover: Cover
  readonly source: 'gm' | 'map' | 'sheet'
  /** The breakdown's line: "Low cover at C4 hides 45% of Raider: partial cover". */
  readonly words: string
}

const COVERS: readonly Cover[] = ['none', 'partial', 'full']

/**
 * SR-CX-151: the map's share of the target hidden, as the document's covers. `000` Using
 * Cover/Stances: "Partial Cover" typically covers 30-50% of your body, whereas "Full Cover" will
 * cover closer to 60-80%. Below 30% is no cover; 30% up to 60% partial (the gap between 50 and 60
 * goes to the lesser: the document's full begins at 60); 60% and more full (a target hidden past
 * 80% but still in sight is the most the rules cover: full).
 */
export function coverFromShare(hidden: number): Cover {
  if (hidden >= 0.6) return 'full'
  if (hidden >= 0.3) return 'partial'
  return 'none'
}

/**
 * The cover a shot at `target` is judged with (SR-CX-151): the GM's choice on the panel, else the
 * map's (when the map has a say: walls on the scene, or someone between), else the sheet's.
 */
export function cxCoverOf(chosen: string | undefined, target: RulesCombatant, sheet: Cover): CxCover {
  if (chosen !== undefined && (COVERS as readonly string[]).includes(chosen)) {
    const cover = chosen as Cover
    return { cover, source: 'gm', words: `Cover set by the GM: ${cover} cover` }
  }
  const map = target.mapCover
  if (map) {
    const cover = coverFromShare(map.hidden)
    const words = map.hidden > 0 ? `${mapCoverWords(map, target.name)}: ${cover} cover` : `${target.name} in the open on the map: no cover`
    return { cover, source: 'map', words }
  }
  return { cover: sheet, source: 'sheet', words: `Cover on the sheet: ${sheet} cover` }
}
