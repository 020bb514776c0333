import type { AttackPreview } from '../../../src-shared/attack'
import type { Result } from '../../../src-shared/result'
import type { AttackRequest } from '../../../src-shared/attack'
import type { CombatantId, CombatantRecord, TokenRecord } from '../../../src-shared/records'
import type { AimAt, RulesCombatant, Ruleset } from '../../rules/ruleset'
import { aimAtFrom } from '../geometry/act-placement'
import type { RecordReader } from '../state/record-store'
import { placedRulesCombatant } from '../state/rules-combatants'
import { sceneInPlay } from '../state/scene-in-play'
import { fail } from '../../../src-shared/result'
import { sceneWallIndex, sightBetween } from '../geometry/line-of-fire'
import type { OddsSource } from './policy'

/** Both combatants' tokens on the scene, in one pass over the tokens; null unless both have one. */
function tokensOf(state: RecordReader, sceneId: string, a: string, b: string): readonly [TokenRecord, TokenRecord] | null {
  let from: TokenRecord | undefined
  let to: TokenRecord | undefined
  for (const t of state.ofType('token')) {
    if (t.sceneId !== sceneId) continue
    if (t.combatantId === a) from = t
    if (t.combatantId === b) to = t
  }
  return from && to ? [from, to] : null
}

/**
 * The odds a simulated fight ranks its acts by. An exact preview can take milliseconds (a burst is a
 * programme over the defender's every state), and a forecast plays thousands of fights, so each
 * attacker × target × weapon × mode is previewed once, on the state the forecast started from, and
 * shared by every fight; the chance to down is read again from that preview's damage against the
 * target's health in the fight at hand. The attacks themselves still resolve exactly.
 */
/** Previews one forecast keeps, by attack and where both stand; past this it starts over. */
const KNOWN_LIMIT = 20_000

/** One preview a forecast keeps, with its chance to down re-read for each health the target was seen at. */
interface Known {
  readonly preview: Result<AttackPreview>
  readonly byHp: Map<number, Result<AttackPreview>>
  /** Those a stray was judged against (SR-CX-180), and how each stood then: changed, the preview is made again. */
  readonly aimed: readonly (readonly [CombatantId, string])[]
  readonly withAim: boolean
}

/**
 * The attacker turned on others as the desk's preview turns it (`aimAtFrom`): a stray's candidates
 * filtered by walls (SR-CX-180, SR-CORE-30). It notes whom it was asked about and what it answered,
 * so a kept preview can tell whether those answers still hold in a later state of the fight.
 */
function noting(aim: AimAt): { readonly aim: AimAt; readonly asked: [CombatantId, string][] } {
  const asked: [CombatantId, string][] = []
  return {
    asked,
    aim: (id) => {
      const r = aim(id)
      asked.push([id, JSON.stringify(r)])
      return r
    },
  }
}

const stillAimed = (k: Known, aim: AimAt) => k.aimed.every(([id, was]) => JSON.stringify(aim(id)) === was)

export function openingOdds(ruleset: Ruleset, opening: RecordReader, memo: PreviewMemo = new PreviewMemo()): OddsSource {
  // By attacker, then target, then the rest (weapon, mode, distance, cover): asked for every
  // weapon, mode and opponent of every act, so no key is built from the two long ids (issue 35).
  const known = new Map<string, Map<string, Map<string, Known>>>()
  let size = 0
  return (request, attacker, target, state) => {
    // How far apart both stand now (issue 31): a walk changes what reaches and at what range, so it
    // is part of the key; everything else is read as it was when the forecast started. A preview
    // sees only these two, so only their distance counts, not where on the map: to the centimetre,
    // walks in thousands of fights meet the same distances again. Read off the tokens directly.
    // Off the map (no scene in play) there is no token to look for and no wall to ask (issue 35).
    const scene = sceneInPlay(state)
    const tokens = scene ? tokensOf(state, scene.id, attacker.id, target.id) : null
    const where = tokens ? Math.hypot(tokens[0].x - tokens[1].x, tokens[0].y - tokens[1].y).toFixed(2) : ''
    // Walls (issue 34): where both stand then matters, not only how far apart. No line of fire is
    // no attack (SR-CORE-30); the cover the map gives is part of the key (SR-CORE-31). Only on a
    // scene with walls: without, the forecast keeps to distances (someone between is left out).
    const sight =
      tokens && !(sceneWallIndex(state, scene)?.empty ?? true)
        ? sightBetween(state, placedRulesCombatant(state, attacker), placedRulesCombatant(state, target))
        : null
    if (sight?.kind === 'blocked')
      return fail('position/noLineOfFire', `${attacker.name} cannot see ${target.name}: ${sight.by} stands between them.`)
    const cover = sight?.kind === 'clear' ? sight.cover : null
    const rest = `${request.weapon}|${request.mode}|${where}|${cover ? cover.hidden.toFixed(2) : ''}`
    let byTarget = known.get(request.attackerId)
    if (!byTarget) known.set(request.attackerId, (byTarget = new Map()))
    let byRest = byTarget.get(request.targetId)
    if (!byRest) byTarget.set(request.targetId, (byRest = new Map()))
    let k = byRest.get(rest)
    // On a walled scene the desk's preview judges a stray's candidates through the walls; so does this one.
    const aimAt = sight ? aimAtFrom(state, request.options, attacker) : undefined
    if (k && (k.withAim !== (aimAt !== undefined) || (aimAt && !stillAimed(k, aimAt)))) k = undefined
    if (!k) {
      const at = (id: CombatantRecord['id']) => placedRulesCombatant(state, state.get(id) as CombatantRecord).position
      const [from, to] = [at(attacker.id), at(target.id)]
      // Bounded: walks in thousands of fights could otherwise keep every spot ever stood on.
      if (size >= KNOWN_LIMIT) {
        known.clear()
        size = 0
        known.set(request.attackerId, (byTarget = new Map()))
        byTarget.set(request.targetId, (byRest = new Map()))
      }
      const a = opening.get(attacker.id)
      const t = opening.get(target.id)
      const placed = (c: CombatantRecord, position: typeof from) => {
        const { position: _then, ...others } = placedRulesCombatant(opening, c)
        return position ? { ...others, position } : others
      }
      const noted = aimAt ? noting(aimAt) : null
      const [pa, pt] = [a, t].map((c) => c?.typeName === 'combatant' && c)
      const [attackerThen, targetThen] =
        pa && pt ? [placed(pa, from), cover ? { ...placed(pt, to), mapCover: cover } : placed(pt, to)] : [null, null]
      const preview: Result<AttackPreview> =
        !ruleset.attacks || !attackerThen || !targetThen
          ? { ok: false, error: { code: 'attack/unsupported', message: 'No preview.' } }
          : noted
            ? // Its answer rests on others' places too: not shared with other forecasts by the memo.
              ruleset.attacks.preview(request, attackerThen, targetThen, noted.aim)
            : memo.preview(ruleset, request, attackerThen, targetThen)
      k = { preview, byHp: new Map(), aimed: noted?.asked ?? [], withAim: noted !== null }
      byRest.set(rest, k)
      size++
    }
    const p = k.preview
    if (!p.ok) return p
    const atStart = opening.get(target.id)
    if (atStart?.typeName === 'combatant' && atStart.hp === target.hp) return p
    let reread = k.byHp.get(target.hp)
    if (!reread) {
      let down = 0
      for (const d of p.value.damage) if (d.amount >= target.hp) down += d.probability
      reread = { ok: true, value: { ...p.value, downChance: Math.min(1, down) } }
      k.byHp.set(target.hp, reread)
      size++
    }
    return reread
  }
}

/**
 * Previews kept between forecasts of one ruleset, by everything a preview reads: the GM who runs
 * a forecast again, or compares two acts, on the same state waits for none of them twice.
 * Bounded: past `limit` entries it starts over.
 */
export class PreviewMemo {
  readonly #known = new Map<string, Result<AttackPreview>>()
  #ruleset: Ruleset | null = null

  constructor(private readonly limit = 2_000) {}

  preview(ruleset: Ruleset, request: AttackRequest, attacker: RulesCombatant, target: RulesCombatant): Result<AttackPreview> {
    if (ruleset !== this.#ruleset || this.#known.size >= this.limit) {
      this.#known.clear()
      this.#ruleset = ruleset
    }
    const key = JSON.stringify([request, attacker, target])
    let p = this.#known.get(key)
    if (!p) {
      p = ruleset.attacks!.preview(request, attacker, target)
      this.#known.set(key, p)
    }
    return p
  }
}
