/**
 * How the core hands its combatants to a ruleset: the view a ruleset acts on (with whose turn it
 * is and where it stands on the scene in play), and what the core asks back (standing, pools).
 * Core code: it reads the core's state, which no ruleset may.
 */
import type { CombatantRecord, EncounterRecord, TokenRecord } from '../../../src-shared/records'
import type { PoolView, StandingView } from '../../../src-shared/views'
import type { RecordReader } from './record-store'
import { footprintRadius } from '../../../src-shared/geometry'
import { sceneInPlay, tokenInPlay } from './scene-in-play'
import type { EconomyPool, RulesCombatant, Ruleset } from '../../rules/ruleset'
import type { Dice } from '../../rules/dice'
import { formatDiceExpression } from '../../../src-shared/dice'

/**
 * One view per record: records are immutable values (a change replaces the object) and the view
 * is read-only, so it is made once. An attack hands the ruleset every combatant, and building
 * 3,000 fresh views per attack made it grow with the fight.
 */
const views = new WeakMap<CombatantRecord, RulesCombatant>()

export const asRulesCombatant = (c: CombatantRecord): RulesCombatant => {
  let view = views.get(c)
  if (!view) {
    view = {
      id: c.id,
      name: c.name,
      hp: c.hp,
      maxHp: c.maxHp,
      rules: c.rules,
      conditions: c.conditions,
      side: c.side,
      spent: c.spent,
      held: c.held ? { amount: c.held.amount, released: c.held.released } : null,
    }
    views.set(c, view)
  }
  return view
}

/**
 * The combatant as a ruleset sees it when acting: whether it is its turn (an act otherwise is a
 * reaction) and its place on the scene in play, if it has one there.
 */
export function placedRulesCombatant(state: RecordReader, c: CombatantRecord): RulesCombatant {
  const token = tokenInPlay(state, c.id)
  return placed(c, turnOn(state), token, token ? footprintRadius(sceneInPlay(state)!.grid) : 0)
}

/** The encounter whose round is running; outside one nobody's turn is on. */
const turnOn = (state: RecordReader) => state.ofType('encounter').find((e) => e.status === 'active' && e.round >= 1) ?? null

function placed(c: CombatantRecord, running: EncounterRecord | null, token: TokenRecord | undefined, radius: number): RulesCombatant {
  // Outside a running round whether an act is a reaction is unknown: `acting` is left out.
  const rc = running ? { ...asRulesCombatant(c), acting: running.currentCombatantId === c.id } : asRulesCombatant(c)
  // Where it stands is its token's centre and the base it stands on (src-shared/geometry.ts).
  return token ? { ...rc, position: { x: token.x, y: token.y, radius } } : rc
}

/** Everyone with a token on the scene in play, as the ruleset sees them (for effects over an area). */
export function rulesCombatantsOnScene(state: RecordReader): RulesCombatant[] {
  const scene = sceneInPlay(state)
  if (!scene) return []
  // One pass over the tokens, not a token search per combatant: every action asks for this.
  const tokens = new Map(
    state
      .ofType('token')
      .filter((t) => t.sceneId === scene.id)
      .map((t) => [t.combatantId, t]),
  )
  const running = turnOn(state)
  const radius = footprintRadius(scene.grid)
  return state.ofType('combatant').flatMap((c) => {
    const t = tokens.get(c.id)
    return t ? [placed(c, running, t, radius)] : []
  })
}

/**
 * Every combatant of the campaign, as the ruleset sees them, each with its place on the scene in
 * play where it has a token there: what an act sets off in others (an aimer whose target falls,
 * an opponent still within reach of a shot from a melee). Built only when a ruleset asks.
 */
export function allRulesCombatants(state: RecordReader): RulesCombatant[] {
  const placed = new Map(rulesCombatantsOnScene(state).map((c) => [c.id, c.position]))
  return state.ofType('combatant').map((c) => {
    const at = placed.get(c.id)
    return at ? { ...asRulesCombatant(c), position: at } : asRulesCombatant(c)
  })
}

/**
 * Where a combatant stands: the ruleset's judgement when it has one, otherwise health alone
 * (below 1 is down, and a downed combatant still gets its turn).
 */
export function standingOf(ruleset: Ruleset | null, c: CombatantRecord): StandingView {
  if (ruleset?.standing) return ruleset.standing(asRulesCombatant(c))
  return c.hp <= 0 ? { state: 'down', label: 'down', skipsTurn: false } : { state: 'up', label: 'up', skipsTurn: false }
}

/** What the table sees of it besides its conditions (its stance, cover), as its ruleset words it. */
export function marksOf(ruleset: Ruleset | null, c: CombatantRecord): readonly string[] {
  const marks = ruleset?.combatantRules?.marks
  return marks && c.rules !== null ? marks(c.rules) : []
}

/** The pool a hold sets aside: the ruleset's own choice (SR-D10-1), else the turn's actions. */
export function holdablePool(ruleset: Ruleset, c: CombatantRecord): EconomyPool | null {
  const pools = ruleset.economy(c.rules)
  const named = ruleset.holdPool
  return (named === undefined ? pools.find((p) => p.per === 'turn' && !p.reaction) : pools.find((p) => p.key === named)) ?? null
}

/** How many it could hold now: what is left of that pool, up to the ruleset's limit. */
export function holdableNow(ruleset: Ruleset | null, c: CombatantRecord): number {
  const pool = ruleset ? holdablePool(ruleset, c) : null
  if (!ruleset || !pool) return 0
  const left = Math.max(0, pool.count - (c.spent[pool.key] ?? 0))
  return Math.min(left, ruleset.holdAtMost ?? left)
}

/** The ruleset's economy pools for this combatant, with how much of each is spent. */
export function poolsOf(ruleset: Ruleset | null, c: CombatantRecord): PoolView[] {
  if (!ruleset) return []
  return ruleset
    .economy(c.rules)
    .map((p) => ({ key: p.key, label: p.label, count: p.count, per: p.per, spent: Math.min(p.count, c.spent[p.key] ?? 0) }))
}

/** What the last probe of each record found, by ruleset: records are immutable, so once each. */
const initiativeDice = new WeakMap<Ruleset, WeakMap<CombatantRecord, string | null>>()

/**
 * The dice its initiative rolls, as its ruleset rolls them: "d100+5", "d10+2", "2d6+1". The
 * ruleset rolls for it alone on dice that only note what was asked, so the card says what the
 * roll adds (the sheet's bonuses with the GM's modifier), never a field the ruleset ignores.
 * Null without a ruleset, or if the ruleset cannot roll for it.
 */
export function initiativeDiceOf(ruleset: Ruleset | null, c: CombatantRecord): string | null {
  if (!ruleset) return null
  let known = initiativeDice.get(ruleset)
  if (!known) initiativeDice.set(ruleset, (known = new WeakMap()))
  if (known.has(c)) return known.get(c)!
  const noting: Dice = {
    roll: (e, purpose) => ({
      expression: formatDiceExpression(e),
      sides: e.sides,
      faces: Array.from({ length: e.count }, () => 1),
      modifier: e.modifier,
      total: e.count + e.modifier,
      source: 'seeded',
      purpose,
    }),
  }
  let dice: string | null
  try {
    dice = ruleset.rollInitiative([c], noting)[0]?.initiative.roll.expression ?? null
  } catch {
    dice = null
  }
  known.set(c, dice)
  return dice
}
