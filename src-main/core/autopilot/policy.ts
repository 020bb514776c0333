import type { AttackPreview, AttackRequest } from '../../../src-shared/attack'
import { teamOf, type AutopilotCommand, type SuggestionOdds } from '../../../src-shared/autopilot'
import type { CombatantRecord } from '../../../src-shared/records'
import type { Result } from '../../../src-shared/result'
import type { Ruleset } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import { fighters, standingIn, turnSpent } from './fighters'
import { asRulesCombatant, placedRulesCombatant } from '../state/rules-combatants'
import { readerWithTokens } from '../state/reader-with-tokens'
import { sceneInPlay } from '../state/scene-in-play'
import { coverCandidates } from './policy-cover'
import { moveCandidates } from './policy-moves'

/**
 * The autopilot's policy (issue 17): what a sensible combatant does on its turn, generic over the
 * ruleset interface. It lists every attack the ruleset offers (each weapon, each mode, each
 * standing opponent), scores each by the ruleset's exact preview — the chance to put the target
 * down, the share of its health the attack takes, the risk to the attacker — adds the ruleset's
 * own hints (reload, clear a jam…), and always offers ending the turn. No rule of any one game is
 * named here; the caller takes the best act the rules accept.
 */

/**
 * The odds of one attack, with both sides where they stand in `state` now; the live desk asks the
 * ruleset, a simulation may remember earlier answers.
 */
export type OddsSource = (
  request: AttackRequest,
  attacker: CombatantRecord,
  target: CombatantRecord,
  state: RecordReader,
) => Result<AttackPreview>

export interface Candidate {
  readonly command: AutopilotCommand
  readonly label: string
  readonly odds: SuggestionOdds | null
  readonly score: number
  /** An attack's target's health left: the share of it the attack takes is one of the measures it is scored by. */
  readonly targetHp?: number
  /** Why, in words: worked out only when asked (a simulated fight ranks thousands of acts and explains none). */
  readonly reasons: () => readonly string[]
}

export interface PolicyView {
  readonly state: RecordReader
  readonly ruleset: Ruleset
  readonly actor: CombatantRecord
  readonly odds: OddsSource
  /** Issue 35: a simulation's cheaper reading (standing and odds memoised per immutable value); the same choices. */
  readonly fast?: boolean
  /** Issue 35: `fighters(state)`, when the caller has just read it from this very state. */
  readonly fighters?: readonly CombatantRecord[]
}

export const END_TURN: AutopilotCommand = { type: 'encounter/nextTurn', payload: {} }

const pct = (p: number) => `${Math.round(p * 100)}%`

/** The odds a suggestion shows, read off the ruleset's preview. */
export function suggestionOdds(p: AttackPreview): SuggestionOdds {
  // A miss, or a volley's "0 of 3 hit": the rulesets' own words for no hit at all.
  const misses = p.outcomes.filter((o) => /miss/i.test(o.label) || /^0 of \d+ hit/i.test(o.label))
  return {
    hit: misses.length > 0 ? Math.max(0, 1 - misses.reduce((s, o) => s + o.probability, 0)) : null,
    expectedDamage: p.expectedDamage,
    downChance: p.downChance,
    risk: Math.min(
      1,
      p.risks.reduce((s, r) => s + r.probability, 0),
    ),
  }
}

/** A preview's odds read once: a simulation's previews are kept values (`openingOdds`), asked again every act. */
const oddsOfPreview = new WeakMap<AttackPreview, SuggestionOdds>()

function oddsOf(p: AttackPreview, fast: boolean): SuggestionOdds {
  if (!fast) return suggestionOdds(p)
  let o = oddsOfPreview.get(p)
  if (!o) oddsOfPreview.set(p, (o = suggestionOdds(p)))
  return o
}

/** Standing (up) opponents of the actor: the other team's fighters. */
export function opponentsOf(
  state: RecordReader,
  ruleset: Ruleset,
  actor: CombatantRecord,
  fast = false,
  among: readonly CombatantRecord[] = fighters(state),
): CombatantRecord[] {
  const mine = teamOf(actor.side)
  if (!mine) return []
  return among.filter((c) => teamOf(c.side) !== mine && standingIn(ruleset, c, fast).state === 'up')
}

/** How much an attack is worth: a sure kill near 3, a sure wound taking all its health about 1.5. */
function attackScore(o: SuggestionOdds, targetHp: number): number {
  const share = Math.min(1, o.expectedDamage / Math.max(1, targetHp))
  return o.downChance * 3 + share * 1.5 + o.expectedDamage * 0.001 - o.risk * 0.5
}

/** Every attack the ruleset lets the actor make now, each with its preview, lazily (a caller may stop at the first). */
function* attackCandidates(view: PolicyView, opponents: readonly CombatantRecord[]): Generator<Candidate> {
  const attacks = view.ruleset.attacks
  if (!attacks || opponents.length === 0) return
  const { actor } = view
  const request = (targetId: CombatantRecord['id'], weapon: number, mode: string): AttackRequest => ({
    attackerId: actor.id,
    targetId,
    weapon,
    mode,
    options: {},
  })
  // The weapons and their modes, as the ruleset lists them for this attacker (against the first
  // opponent it can preview at all: one without a sheet may be past judging).
  let weapons: AttackPreview['weapons'] | null = null
  for (const t of opponents) {
    const listing = view.odds(request(t.id, 0, ''), actor, t, view.state)
    if (listing.ok) {
      weapons = listing.value.weapons
      break
    }
  }
  for (const w of weapons ?? []) {
    for (const mode of w.modes) {
      for (const t of opponents) {
        const p = view.odds(request(t.id, w.index, mode), actor, t, view.state)
        if (!p.ok || p.value.blocked !== null || p.value.expectedDamage <= 0) continue
        const odds = oddsOf(p.value, view.fast ?? false)
        yield {
          command: { type: 'attack/resolve', payload: { request: request(t.id, w.index, mode) } },
          label: `${capital(mode)} with the ${w.name} at ${t.name}`,
          odds,
          score: attackScore(odds, t.hp),
          targetHp: t.hp,
          reasons: () => attackReasons(odds, t),
        }
      }
    }
  }
}

/**
 * The same candidates in the same order, for a simulation (issue 35): one request object per
 * attack, no generator.
 */
function attackCandidateList(view: PolicyView, opponents: readonly CombatantRecord[], lean = false): Candidate[] {
  const out: Candidate[] = []
  const attacks = view.ruleset.attacks
  if (!attacks || opponents.length === 0) return out
  const { actor, odds, state } = view
  let weapons: AttackPreview['weapons'] | null = null
  for (const t of opponents) {
    const listing = odds({ attackerId: actor.id, targetId: t.id, weapon: 0, mode: '', options: {} }, actor, t, state)
    if (listing.ok) {
      weapons = listing.value.weapons
      break
    }
  }
  if (!weapons) return out
  for (const w of weapons) {
    for (const mode of w.modes) {
      for (const t of opponents) {
        const request: AttackRequest = { attackerId: actor.id, targetId: t.id, weapon: w.index, mode, options: {} }
        const p = odds(request, actor, t, state)
        if (!p.ok || p.value.blocked !== null || p.value.expectedDamage <= 0) continue
        const o = oddsOf(p.value, true)
        const command: AutopilotCommand = { type: 'attack/resolve', payload: { request } }
        const score = attackScore(o, t.hp)
        // `lean`: a simulation's ranking, which nobody reads (`rankCommands`).
        out.push(
          lean
            ? { command, label: '', odds: o, score, targetHp: t.hp, reasons: UNSAID }
            : {
                command,
                label: `${capital(mode)} with the ${w.name} at ${t.name}`,
                odds: o,
                score,
                targetHp: t.hp,
                reasons: () => attackReasons(o, t),
              },
        )
      }
    }
  }
  return out
}

/**
 * Whether the actor has any attack that can hurt a standing opponent (it stops at the first): from
 * where it stands, or — on the map — once it has walked up (its attacks judged with positions set
 * aside), since the policy walks before it strikes.
 */
export function canHurtSomeone(view: PolicyView): boolean {
  const opponents = opponentsOf(view.state, view.ruleset, view.actor)
  if (!attackCandidates(view, opponents).next().done) return true
  return !!sceneInPlay(view.state) && !attackCandidates({ ...view, state: readerWithTokens(view.state, []) }, opponents).next().done
}

function attackReasons(o: SuggestionOdds, t: CombatantRecord): string[] {
  const out: string[] = []
  if (o.downChance >= 0.01) out.push(`${pct(o.downChance)} to put ${t.name} down`)
  out.push(`${o.expectedDamage.toFixed(1)} damage expected against ${t.hp} health left`)
  if (o.hit !== null) out.push(`${pct(o.hit)} to hit`)
  if (o.risk >= 0.005) out.push(`${pct(o.risk)} risk to itself (${o.risk >= 0.1 ? 'high' : 'low'})`)
  return out
}

const capital = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : 'Attack')

function hintCandidates(view: PolicyView, opponents: readonly CombatantRecord[]): Candidate[] {
  const { ruleset, actor, state } = view
  if (!ruleset.tactics || !ruleset.actions) return []
  const me = placedRulesCombatant(state, actor)
  const hints = ruleset.tactics.hints(
    me,
    opponents.map((o) => asRulesCombatant(o)),
  )
  if (hints.length === 0) return []
  // Only an act the ruleset offers now (its list says why not otherwise) is worth trying. A
  // simulation asks for the hinted acts alone (issue 35): the list's keys are unique, so the same.
  const { actions } = ruleset
  const one = view.fast && actions.offer ? (key: string) => actions.offer!(me, key) : null
  const offered = one ? null : new Map(actions.list(me).map((d) => [d.key, d]))
  return hints.flatMap((h) => {
    const d = one ? one(h.action) : offered!.get(h.action)
    if (!d || d.unavailable !== null) return []
    const target = h.targetId ? state.get(h.targetId) : null
    return [
      {
        command: {
          type: 'action/perform' as const,
          payload: { request: { actorId: actor.id, action: h.action, targetId: h.targetId, options: h.options } },
        },
        label: target?.typeName === 'combatant' ? `${d.label}: ${target.name}` : d.label,
        odds: null,
        score: h.score,
        reasons: () => [h.reason],
      },
    ]
  })
}

/**
 * Every act worth trying, best first; ending the turn is always last. The caller takes the first
 * one the rules accept (an attack the turn can no longer pay for is refused, and the next is tried).
 */
export function rankActs(view: PolicyView): Candidate[] {
  const { actor, ruleset, state } = view
  const end: Candidate = { command: END_TURN, label: 'End the turn', odds: null, score: 0, reasons: () => [] }
  const fast = view.fast ?? false
  const standing = standingIn(ruleset, actor, fast)
  if (standing.state !== 'up') return [{ ...end, reasons: () => [`${actor.name} is ${standing.label}: nothing to do but its turn.`] }]
  if (turnSpent(ruleset, actor)) return [{ ...end, reasons: () => [`${actor.name} has nothing left to spend this turn.`] }]
  const opponents = opponentsOf(state, ruleset, actor, fast, view.fighters ?? fighters(state))
  if (opponents.length === 0) return [{ ...end, reasons: () => ['No opponent is standing.'] }]
  const shotsFrom = (v: PolicyView) => (fast ? attackCandidateList(v, opponents) : [...attackCandidates(v, opponents)])
  const attacks = shotsFrom(view)
  // Nothing reaches from where it stands: it closes in first (issue 31), the rules pricing the walk;
  // a shot from the open steps into cover first where the map has some (issue 35).
  const moves = attacks.length === 0 ? moveCandidates(view, opponents) : coverCandidates(view, opponents, attacks, shotsFrom)
  const ranked = [...attacks, ...moves, ...hintCandidates(view, opponents)].sort((a, b) => b.score - a.score)
  const endReason = ranked.length === 0 ? `No attack of ${actor.name}'s can reach or hurt anyone.` : 'Nothing better is left this turn.'
  return [...ranked, { ...end, reasons: () => [endReason] }]
}

const UNSAID = (): readonly string[] => []

/**
 * What a simulation tries, in `rankActs`'s order (issue 35): the commands alone, without the
 * words nobody reads (labels, reasons) — the same candidates, scores and stable sort.
 */
export function rankCommands(view: PolicyView): AutopilotCommand[] {
  const { actor, ruleset, state } = view
  if (standingIn(ruleset, actor, true).state !== 'up' || turnSpent(ruleset, actor)) return [END_TURN]
  const opponents = opponentsOf(state, ruleset, actor, true, view.fighters ?? fighters(state))
  if (opponents.length === 0) return [END_TURN]
  // Issue 35: off the map, no attack the ruleset says is refused before any die (`attacks.spentOut`,
  // proven in sim-rules-same.test.ts); on the map whether any is listed decides a walk, so they stay.
  const spentOut = !sceneInPlay(state) && !!ruleset.attacks?.spentOut?.(placedRulesCombatant(state, actor))
  const ranked = spentOut ? [] : attackCandidateList(view, opponents, true)
  if (ranked.length === 0 && !spentOut) ranked.push(...moveCandidates(view, opponents))
  else if (ranked.length > 0) ranked.push(...coverCandidates(view, opponents, ranked, (v) => attackCandidateList(v, opponents, true)))
  ranked.push(...hintCandidates(view, opponents))
  ranked.sort((a, b) => b.score - a.score)
  const out = ranked.map((c) => c.command)
  out.push(END_TURN)
  return out
}
