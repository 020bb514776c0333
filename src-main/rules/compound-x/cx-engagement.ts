import { z } from 'zod'
import type { JsonValue } from '../../../src-shared/json'
import type { CombatantId } from '../../../src-shared/records'
import type { ConditionChange, ConditionGrant, RulesCombatant } from '../ruleset'
import { grapplePartner } from './cx-grapple'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'

/** The ruleset's condition id for being in melee with someone (`000` Melee Combat). */
export const ENGAGED = 'engaged'

/**
 * One opponent on an 'engaged' condition. `sheet` is the opponent's sheet when the melee
 * began: when this combatant later moves away only its own record is at hand, and the
 * opportunity attack's weapon and odds need the opponent's kit and stats.
 */
const opponentSchema = z.strictObject({
  id: z.string().startsWith('combatant:').max(120),
  name: z.string().max(200),
  sheet: z.unknown(),
})

/**
 * The core keeps one condition per id on a combatant, so a combatant fighting several
 * opponents carries one 'engaged' listing them all; its source is the latest of them.
 */
export const engagedDataSchema = z.strictObject({ opponents: z.array(opponentSchema).max(20) })

export interface Opponent {
  readonly id: CombatantId
  readonly name: string
  /** Null when the GM put the condition on by hand: who it is, but not what it fights with. */
  readonly sheet: CxCombatant | null
}

/**
 * A snapshot without live state (or one that no longer reads) leaves the opponent's kit unknown.
 * Read through the sheet reader (the same schema): a snapshot `grant` stored is known to it, so a
 * melee re-granted to every newcomer does not parse every opponent's whole sheet again (issue 35).
 */
const sheetOf = (v: unknown): CxCombatant | null => cxSheets.read(v as JsonValue)

/** The schema has checked the prefix; this lets the compiler see it. */
const isCombatantId = (id: string): id is CombatantId => id.startsWith('combatant:')

/**
 * Read once per stored value: the condition carries each opponent's whole sheet, and every shot
 * at anyone in a melee asks who is in it (a simulated fight asked thousands of times).
 */
const readOpponents = new WeakMap<object, Opponent[]>()

/** Whom this combatant is in melee with, from its 'engaged' condition. */
export function opponentsOf(c: RulesCombatant): Opponent[] {
  const e = c.conditions.find((x) => x.conditionId === ENGAGED)
  if (!e) return []
  const key = e.data !== null && typeof e.data === 'object' ? e.data : null
  const known = key ? readOpponents.get(key) : undefined
  if (known) return known
  const read = engagedOpponents(e)
  if (key) readOpponents.set(key, read)
  return read
}

function engagedOpponents(e: RulesCombatant['conditions'][number]): Opponent[] {
  const data = engagedDataSchema.safeParse(e.data)
  if (data.success)
    return data.data.opponents.flatMap((o) => (isCombatantId(o.id) ? [{ id: o.id, name: o.name, sheet: sheetOf(o.sheet) }] : []))
  return e.sourceId ? [{ id: e.sourceId, name: 'its opponent', sheet: null }] : []
}

export const isEngaged = (c: RulesCombatant): boolean => c.conditions.some((x) => x.conditionId === ENGAGED)

export const engagedWith = (c: RulesCombatant, other: CombatantId): boolean => opponentsOf(c).some((o) => o.id === other)

function grant(opponents: readonly Opponent[]): ConditionGrant {
  // The JSON `toJson` would build of the whole, each snapshot stored by the sheet reader so that
  // reading it back costs nothing (issue 35).
  const data = {
    opponents: opponents.map((o) => ({ id: o.id, name: o.name, sheet: o.sheet === null ? null : cxSheets.store(o.sheet) })),
  } satisfies z.input<typeof engagedDataSchema>
  return {
    conditionId: ENGAGED,
    stacks: 1,
    duration: { kind: 'indefinite' },
    sourceId: opponents.at(-1)!.id,
    data,
  }
}

const withOpponent = (list: readonly Opponent[], o: Opponent): Opponent[] => [...list.filter((x) => x.id !== o.id), o]

/**
 * `000` Melee Combat: once one has attempted to attack the other at melee range, both are in
 * melee; each records the other's sheet as it is now (after the blow). Nothing changes for a pair already engaged both ways, so repeated blows do not fill
 * the log with restarts (the snapshots stay from when the melee began).
 */
export function engageChanges(a: RulesCombatant, t: RulesCombatant): ConditionChange[] {
  if (engagedWith(a, t.id) && engagedWith(t, a.id)) return []
  const sheet = (c: RulesCombatant) => cxSheets.of(c)
  return [
    { combatantId: a.id, add: [grant(withOpponent(opponentsOf(a), { id: t.id, name: t.name, sheet: sheet(t) }))] },
    { combatantId: t.id, add: [grant(withOpponent(opponentsOf(t), { id: a.id, name: a.name, sheet: sheet(a) }))] },
  ]
}

/**
 * `leaver` is out of the melee (moved away, kicked clear, downed): its engagement ends on both
 * sides. An opponent at hand (`present`) keeps its other opponents. One that is not at hand
 * has only its condition id to go by, so its 'engaged' ends whole: a third combatant it was
 * also fighting still lists it, and the next blow between them puts it back.
 */
export function leaveMeleeChanges(leaver: RulesCombatant, present: readonly RulesCombatant[] = []): ConditionChange[] {
  if (!isEngaged(leaver)) return []
  const changes = partChanges(
    leaver,
    opponentsOf(leaver).map((o) => o.id),
    present,
  )
  // A condition put on by hand that names nobody still ends.
  return changes.length ? changes : [{ combatantId: leaver.id, remove: [ENGAGED] }]
}

/**
 * `leaver` is out of the melee with the opponents `gone` only (on the map, those it moved out of
 * reach of, SR-CX-111); it stays engaged with the rest. Each opponent left loses it as
 * `leaveMeleeChanges` says.
 */
export function partChanges(leaver: RulesCombatant, gone: readonly string[], present: readonly RulesCombatant[] = []): ConditionChange[] {
  const opponents = opponentsOf(leaver)
  const stay = opponents.filter((o) => !gone.includes(o.id))
  if (stay.length === opponents.length) return []
  const changes: ConditionChange[] = [
    stay.length ? { combatantId: leaver.id, remove: [ENGAGED], add: [grant(stay)] } : { combatantId: leaver.id, remove: [ENGAGED] },
  ]
  for (const o of opponents) {
    if (o.id === leaver.id || !gone.includes(o.id)) continue
    const here = present.find((p) => p.id === o.id)
    if (here && !engagedWith(here, leaver.id)) continue
    const rest = here ? opponentsOf(here).filter((x) => x.id !== leaver.id) : []
    changes.push(rest.length ? { combatantId: o.id, remove: [ENGAGED], add: [grant(rest)] } : { combatantId: o.id, remove: [ENGAGED] })
  }
  return changes
}

/**
 * Whether a shot at `t` may reach someone else, as the shooter's default: `000` Grappling when
 * `t` grapples with another, `000` Firing into Melee when `t` is in melee with others and the
 * shooter is not one of them (a shooter in the melee is not firing into it).
 */
export function strayDefault(shooter: RulesCombatant, t: RulesCombatant): 'none' | 'into-melee' | 'grappled' {
  const partner = grapplePartner(t)
  if (partner && partner !== shooter.id) return 'grappled'
  if (!engagedWith(t, shooter.id) && opponentsOf(t).some((o) => o.id !== shooter.id)) return 'into-melee'
  return 'none'
}
