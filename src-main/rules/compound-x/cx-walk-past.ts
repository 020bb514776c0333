import type { Footprint } from '../../../src-shared/geometry'
import type { MapPath, PromptDraft, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { MELEE_RANGE } from './cx-attack-shared'
import { REACTIONS_POOL } from './cx-costs'
import { opponentsOf } from './cx-engagement'
import { opportunityPrompt } from './cx-opportunity'
import { cxStanding } from './cx-standing'
import { FEAR } from './cx-fear'
import { GRAPPLED, PINNED } from './cx-grapple'
import { RESTRAINED } from './cx-subdue'
import { cxSheets } from './sheet/cx-sheet'
import { REACTIONS_PER_ROUND } from './turns/turn-budget'

/*
 * `000` Opportunity Attack: "triggered when an opponent … walks past (within melee range) an
 * alert character"; `001`: "walks adjacent (within melee range) to a character that is aware of
 * their opponent".
 */

/**
 * Conditions that leave a combatant unable to make the attack (01_05 Conditions): stunned or
 * unconscious; afraid (01_05 Fear: no action but running or shaking it off); held in a grapple or
 * restrained (`000` Grappling: only the grapple's own efforts, SR-CX-14, SR-CX-60).
 */
const NOT_ALERT_CONDITIONS: readonly string[] = ['stunned', 'unconscious', FEAR, GRAPPLED, PINNED, RESTRAINED]

/**
 * SR-CX-70: "alert" is read as able to answer at once: up (not downed, knocked out or dead,
 * CX15, CX27), not kept from attacking by a condition, and with a reaction left this round
 * (CX20: the attack is a reaction). Null when alert, else why not.
 */
export function notAlert(rc: RulesCombatant): string | null {
  const standing = cxStanding(rc)
  if (standing.state !== 'up') return `${rc.name} is ${standing.label}`
  const out = rc.conditions.find((x) => NOT_ALERT_CONDITIONS.includes(x.conditionId))
  if (out) return `${rc.name} is ${out.label.toLowerCase()}`
  if ((rc.spent?.[REACTIONS_POOL] ?? 0) >= REACTIONS_PER_ROUND) return `${rc.name} has no reaction left this round`
  return null
}

/**
 * Opponents by the table's sides: the party and its allies against the enemy; a neutral is
 * nobody's opponent. A combatant whose side is not known is taken as an opponent (the GM
 * dismisses the prompt).
 */
export function opposed(a: RulesCombatant, b: RulesCombatant): boolean {
  if (!a.side || !b.side) return true
  if (a.side === 'neutral' || b.side === 'neutral') return false
  return (a.side === 'enemy') !== (b.side === 'enemy')
}

type Point = { readonly x: number; readonly y: number }

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

/** The shortest distance from `p` to the segment of the path, centre to centre. */
export function toSegment(path: MapPath, p: Point): number {
  const dx = path.to.x - path.from.x
  const dy = path.to.y - path.from.y
  const length2 = dx * dx + dy * dy
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - path.from.x) * dx + (p.y - path.from.y) * dy) / length2))
  return distance(p, { x: path.from.x + t * dx, y: path.from.y + t * dy })
}

const EPSILON = 1e-9

/**
 * SR-CX-71: a path walks past someone when it comes within melee range (1 m) of them, base to
 * base as every reach is measured (SR-CX-111), without starting or ending there: going by, not
 * walking up to fight (`000`'s "walks past" wins over `001`'s "walks adjacent", which would make
 * every charge provoke) nor stepping off from beside one it is not in melee with. `radius`: the
 * mover's base.
 */
export function walksPast(path: MapPath, at: Footprint, radius: number): boolean {
  const gap = (centres: number) => centres - radius - at.radius
  return (
    gap(distance(path.from, at)) > MELEE_RANGE + EPSILON &&
    gap(distance(path.to, at)) > MELEE_RANGE + EPSILON &&
    gap(toSegment(path, at)) <= MELEE_RANGE + EPSILON
  )
}

export interface WalkPast {
  readonly prompts: PromptDraft[]
  /** Whom it passed, for the move's log line. */
  readonly passed: string[]
}

/**
 * The alert opponents on the scene that `passes` says the mover goes by, each prompted with its
 * opportunity attack on the mover (`000` Opportunity Attack, SR-CX-70, SR-CX-71). Those already
 * in melee with the mover are left out: leaving that melee is their trigger. `nearest`: how far
 * (centre to centre) the path came to them, frozen in the prompt (SR-CX-112).
 */
export function walkPastPrompts(
  mover: RulesCombatant,
  onScene: readonly RulesCombatant[],
  passes: (at: Footprint) => boolean,
  verb: string,
  library: ContentLibrary,
  nearest: (at: Point) => number | null = () => null,
): WalkPast {
  const engaged = new Set(opponentsOf(mover).map((o) => o.id))
  const by = onScene.filter(
    (b) =>
      b.id !== mover.id &&
      !engaged.has(b.id) &&
      b.position !== undefined &&
      opposed(mover, b) &&
      notAlert(b) === null &&
      passes(b.position),
  )
  return {
    prompts: by.map((b) =>
      opportunityPrompt(
        mover,
        { id: b.id, name: b.name, sheet: cxSheets.of(b), now: b },
        `${mover.name} ${verb} ${b.name} within melee range (SR-CX-71)`,
        library,
        // SR-CX-112: struck where the path went by, not where the mover ends.
        nearest(b.position!),
      ),
    ),
    passed: by.map((b) => b.name),
  }
}

/** The log's words for what the walk past set off. */
export const walkPastNote = (passed: readonly string[]): string =>
  `walks past ${passed.join(' and ')} within 1 m: ${passed.length === 1 ? 'an opportunity attack' : 'opportunity attacks'} (000 Opportunity Attack, SR-CX-70, SR-CX-71)`
