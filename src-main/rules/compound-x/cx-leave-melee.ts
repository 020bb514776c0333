import { centreDistance, tenths, withinReach, type Footprint, type Point } from '../../../src-shared/geometry'
import type { ConditionChange, PromptDraft, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { MELEE_RANGE } from './cx-attack-shared'
import { opponentsOf, partChanges, type Opponent } from './cx-engagement'
import { opportunityPrompt } from './cx-opportunity'
import { canAnswer } from './cx-reach'

/**
 * Who a move takes the mover out of the melee with (`000` Melee Combat: "moving away from the
 * melee (under the character's own power)"), and who may strike as it goes (`000` Opportunity
 * Attack). SR-CX-111: on the map an opponent is left when the move ends more than 1 m from it,
 * base to base; it may strike only if the mover started within that 1 m.
 */
export interface Parting {
  /** The opponents the mover is out of the melee with after the move. */
  readonly left: readonly Opponent[]
  /** Of those, who may answer, and how far apart (centre to centre) they stood when it left (SR-CX-112). */
  readonly answer: readonly { readonly o: Opponent; readonly at: number | null }[]
  /** The opponents it stays in the melee with. */
  readonly stays: readonly Opponent[]
}

/**
 * A drag on the map from `from` to `to` (SR-CX-111): judged opponent by opponent from where each
 * stands. An opponent without a token on the scene cannot be measured: the drag leaves it when
 * it goes further than arm's length (the path, as before positions were read).
 */
export function partingOnMap(mover: RulesCombatant, onScene: readonly RulesCombatant[], from: Point, to: Point): Parting {
  const radius = mover.position?.radius ?? 0
  const start: Footprint = { ...from, radius }
  const end: Footprint = { ...to, radius }
  const left: Opponent[] = []
  const answer: { o: Opponent; at: number | null }[] = []
  const stays: Opponent[] = []
  for (const o of opponentsOf(mover)) {
    const at = onScene.find((c) => c.id === o.id)?.position
    if (!at || !mover.position) {
      if (centreDistance(from, to) > MELEE_RANGE) {
        left.push(o)
        answer.push({ o, at: null })
      } else stays.push(o)
    } else if (withinReach(end, at, MELEE_RANGE)) stays.push(o)
    else {
      left.push(o)
      if (withinReach(start, at, MELEE_RANGE)) answer.push({ o, at: tenths(centreDistance(from, at)) })
    }
  }
  return { left, answer, stays }
}

/**
 * The Move action's "Moves away from the melee" (the GM's word): it leaves every opponent. The
 * action has no path, so on the map only those within melee range of where the mover stands may
 * strike as it goes (SR-CX-112); off the map, every one.
 */
export function partingAll(mover: RulesCombatant, onScene: readonly RulesCombatant[]): Parting {
  const left = opponentsOf(mover)
  const answer = left.flatMap((o) => {
    const there = onScene.find((c) => c.id === o.id)
    if (!canAnswer(mover, there)) return []
    const at = mover.position && there?.position ? tenths(centreDistance(mover.position, there.position)) : null
    return [{ o, at }]
  })
  return { left, answer, stays: [] }
}

/** What the parting sets off: each answering opponent's prompt, the melee's end with those left, and the log's words. */
export function partingEffects(
  mover: RulesCombatant,
  parting: Parting,
  verbed: string,
  library: ContentLibrary,
  present: readonly RulesCombatant[],
): { prompts: PromptDraft[]; conditions: ConditionChange[]; notes: string[] } {
  if (parting.left.length === 0) return { prompts: [], conditions: [], notes: parting.stays.length ? [stayWords(parting.stays)] : [] }
  const prompts = parting.answer
    .filter(({ o }) => o.id !== mover.id)
    .map(({ o, at }) => opportunityPrompt(mover, o, `${mover.name} ${verbed} while in melee with ${o.name}`, library, at))
  const quiet = parting.left.filter((o) => !parting.answer.some((a) => a.o.id === o.id))
  const names = (list: readonly Opponent[]) => list.map((x) => x.name).join(' and ')
  const n = parting.answer.length
  const notes = [
    `leaves the melee with ${names(parting.left)}: ${n === 0 ? 'no opportunity attack' : n === 1 ? 'an opportunity attack' : 'opportunity attacks'} (000 Opportunity Attack)`,
    ...(quiet.length && n ? [`${names(quiet)} already out of reach (SR-CX-112)`] : []),
    ...(quiet.length && !n ? [`already out of reach (SR-CX-112)`] : []),
    ...(parting.stays.length ? [stayWords(parting.stays)] : []),
  ]
  const conditions = partChanges(
    mover,
    parting.left.map((o) => o.id),
    present,
  )
  return { prompts, conditions, notes }
}

const stayWords = (stays: readonly Opponent[]) =>
  `stays in the melee with ${stays.map((x) => x.name).join(' and ')} (within 1 m, 000 Melee Combat, SR-CX-111)`
