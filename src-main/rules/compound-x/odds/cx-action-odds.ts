import type { WallIndex } from '../../../../src-shared/wall-geometry'
import type { ActionOdds, ActionRequest, OddsBand } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import type { RulesCombatant, TargetArea } from '../../ruleset'
import { actOdds } from '../../kit/act-odds'
import { ProbeDice } from '../../kit/probe-dice'
import type { ContentLibrary } from '../content/content-library'
import { performCxAction } from '../cx-actions'
import { isManeuver } from '../cx-maneuvers'
import { REACTION, SUPPRESSED, suppressionDataSchema, type SuppressionData } from '../cx-suppression'
import { reactionOddsText, reactionRangedOdds } from '../cx-suppression-reaction'
import { cxSheets } from '../sheet/cx-sheet'
import { cxManeuverOdds } from './maneuver-odds'
import { cxUpkeepOdds } from './upkeep-odds'
import { cxOneD100Odds } from './d100-act-odds'
import { cxCheckActOdds } from './check-act-odds'
import { SEARCH_CLOAKED } from '../cx-cloak'
import { CAST_SPELL } from '../cx-spell'
import { FALL } from '../cx-fall'
import { LUCKY_ACTION, WILL_TO_SURVIVE_ACTION } from '../cx-feat-actions'
import { cxFeatOdds } from './feat-odds'
import { THROW_GRENADE } from '../cx-throw'
import { cxThrowOdds } from './throw-odds'

/*
 * The odds of the Compound X acts before they are rolled: the maneuvers (CX18) and suppression
 * (CX24–CX26). The act is first asked as it would be made, with dice that only note what it asks
 * for, so a refusal (out of reach, SR-CX-110; no weapon; the grapple's one action) is said as
 * the reason and the odds are only for an act that can be made.
 */

/** CX26: a suppressed mover that breaks cover draws the suppressor's reaction: a shot (light) or automatic hits. */
function reactionBands(data: SuppressionData, mover: RulesCombatant, library: ContentLibrary): readonly OddsBand[] {
  const sheet = cxSheets.of(mover)
  if (!sheet || !library.get('ranged-weapons', data.suppressor.itemId)) return []
  if (REACTION[data.level].automatic)
    return [{ label: REACTION[data.level].hits === 1 ? 'hit (automatic)' : '2 hits (automatic)', probability: 1 }]
  const odds = reactionRangedOdds(data, sheet, mover.hp, library)
  if (!odds) return []
  if (odds.kind === 'impossible') return [{ label: 'cannot be hit', probability: 1 }]
  const hit = 1 - odds.firstRound.miss
  return [
    { label: 'hit', probability: hit },
    { label: 'missed', probability: 1 - hit },
  ].filter((b) => b.probability > 0)
}

/** CX24/CX25: everyone in the zone is suppressed for certain (no roll); the dice come only if one breaks cover (CX26). */
function suppressOdds(
  resolution: {
    readonly conditions?: readonly { readonly combatantId: string; readonly add?: readonly { conditionId: string; data: unknown }[] }[]
  },
  people: readonly RulesCombatant[],
  library: ContentLibrary,
): ActionOdds {
  const caught = (resolution.conditions ?? []).flatMap((c) => {
    const grant = c.add?.find((g) => g.conditionId === SUPPRESSED)
    const data = suppressionDataSchema.safeParse(grant?.data)
    const who = people.find((p) => p.id === c.combatantId)
    return grant && data.success && who ? [{ who, data: data.data }] : []
  })
  return actOdds(
    caught.map(({ who }) => ({ label: `${who.name} suppressed`, probability: 1 })).slice(0, 1),
    caught.map(({ who, data }) => {
      const sheet = cxSheets.of(who)
      return {
        title: `${who.name}, if it breaks cover (CX26)`,
        lines: [{ label: REACTION[data.level].words, value: sheet ? reactionOddsText(data, sheet, who.hp, library) : '', source: 'CX26' }],
      }
    }),
    {
      each: caught.map(({ who, data }) => ({
        name: `${who.name}: suppressed; if it breaks cover`,
        outcomes: reactionBands(data, who, library),
      })),
      note: `Laying suppression rolls no dice: ${caught.map((c) => c.who.name).join(', ') || 'no one'} suppressed for certain (CX24, CX25).`,
    },
  )
}

/** The acts priced here besides the maneuvers. */
const PRICED = new Set([
  'suppress',
  'reload',
  'clear-jam',
  'stabilise',
  SEARCH_CLOAKED,
  CAST_SPELL,
  FALL,
  LUCKY_ACTION,
  WILL_TO_SURVIVE_ACTION,
])

export function cxActionOdds(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
  onScene: readonly RulesCombatant[] = [],
  area?: TargetArea,
  walls?: WallIndex,
): Result<ActionOdds> | null {
  const oneDie = cxOneD100Odds(request, actor, target, library, onScene, area)
  if (oneDie) return oneDie
  if (request.action === THROW_GRENADE) {
    const sheet = cxSheets.of(actor)
    return sheet ? cxThrowOdds(request, actor, sheet, library, onScene, area) : null
  }
  if (!isManeuver(request.action) && !PRICED.has(request.action)) return null
  // The act played on probe dice, with the walls (SR-CX-161): whom the odds name is whom it suppresses.
  const tried = performCxAction(request, actor, target, library, new ProbeDice(), onScene, area, walls)
  if (!tried.ok) return tried
  if (request.action === 'suppress') return ok(suppressOdds(tried.value, [actor, ...(target ? [target] : []), ...onScene], library))
  if (isManeuver(request.action)) return cxManeuverOdds(request, actor, target, library)
  return (
    cxCheckActOdds(request, actor, target, library) ?? cxFeatOdds(request, actor, library) ?? cxUpkeepOdds(request, actor, target, library)
  )
}
