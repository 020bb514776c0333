import type { AttackRequest } from '../../../src-shared/attack'
import type { AutopilotCommand, ForecastTeam } from '../../../src-shared/autopilot'
import type { CombatantId } from '../../../src-shared/records'
import type { Ruleset } from '../../rules/ruleset'
import { activeEncounter } from '../commands/decide-context'
import type { RecordReader } from '../state/record-store'
import { placedRulesCombatant, standingOf } from '../state/rules-combatants'
import { fighters, winnerOf } from './fighters'
import { rankActs, rankCommands, type OddsSource } from './policy'
import type { SimTable } from './sim-table'

/** How a played-out fight ended. */
export interface FightEnd {
  /** The team left standing; null when the round cap came first or nobody could hurt anybody any more. */
  readonly winner: ForecastTeam | null
  readonly rounds: number
  /** Down (or worse) at the end, and dead. */
  readonly down: ReadonlySet<CombatantId>
  readonly dead: ReadonlySet<CombatantId>
}

export interface PlayOptions {
  readonly roundCap: number
  /** The acting combatant's first act, fixed (a "what if"); the policy plays the rest. */
  readonly first?: AutopilotCommand | null
  /** Called before each act: where a forecast's thread steps aside while the desk is busy. */
  readonly between?: () => void
}

/** Acts one turn may take before the policy is made to end it (an act that costs nothing could repeat forever). */
const ACTS_PER_TURN = 24
/** Rounds without anyone's health or standing changing before the fight is called undecided. */
const QUIET_ROUNDS = 8

/**
 * Plays the fight on the copy to its end with the policy choosing every act of every side: rolls
 * initiative if the fight has not started, takes every reaction offered, and stops when one team
 * has nobody standing, at the round cap, or when nothing has changed for several rounds.
 */
export function playFight(table: SimTable, odds: OddsSource, options: PlayOptions): FightEnd {
  const state = table.store
  const ruleset = table.ruleset
  const fast = table.fast
  if (!activeEncounter(state)) table.run('encounter/start', { name: 'Forecast' })
  if ((activeEncounter(state)?.round ?? 0) === 0) table.run('encounter/rollInitiative', { groupByTemplate: false })
  let first = options.first ?? null
  let turnKey = ''
  let acts = 0
  let quietSince = activeEncounter(state)?.round ?? 1
  let lastShape = fast ? '' : shapeOf(state)
  const lastHealth: number[] = []
  if (fast) healthChanged(state, lastHealth)
  for (;;) {
    options.between?.()
    const encounter = activeEncounter(state)
    // Read once per act in a simulation (issue 35): nothing changes the state until the act is tried.
    const all = fast ? fighters(state) : undefined
    const won = winnerOf(state, ruleset, fast, all)
    if (!encounter || won !== null || encounter.round > options.roundCap) return endOf(state, ruleset, won, encounter?.round ?? 0)
    let changed: boolean
    if (fast) changed = healthChanged(state, lastHealth)
    else {
      const shape = shapeOf(state)
      changed = shape !== lastShape
      lastShape = shape
    }
    if (changed) quietSince = encounter.round
    else if (encounter.round - quietSince > QUIET_ROUNDS) return endOf(state, ruleset, null, encounter.round)
    if (settlePrompts(table)) continue
    const actor = encounter.currentCombatantId ? state.get(encounter.currentCombatantId) : undefined
    const key = `${encounter.round}:${encounter.currentCombatantId}`
    if (key !== turnKey) {
      turnKey = key
      acts = 0
    }
    if (actor?.typeName !== 'combatant' || ++acts > ACTS_PER_TURN) {
      if (!table.run('encounter/nextTurn', {}).ok) return endOf(state, ruleset, null, encounter.round)
      continue
    }
    const tried = first ? [first] : []
    first = null
    const ranked = all
      ? rankCommands({ state, ruleset, actor, odds, fast, fighters: all })
      : rankActs({ state, ruleset, actor, odds, fast }).map((c) => c.command)
    if (!tryInOrder(table, tried.length ? [...tried, ...ranked] : ranked)) {
      return endOf(state, ruleset, null, encounter.round)
    }
  }
}

/**
 * Takes the first act the rules accept; false when not even ending the turn is (nobody can act).
 * The odds a fight ranks by are read from its opening (the pools spent and the rounds loaded
 * since are not in them), so most of a turn's last candidates are refused for the attacker's own
 * sake ("takes 2 actions; 1 left", "empty"): such a refusal, which does not name the target, holds
 * for the same weapon and mode at anyone, and those are not tried again in this act.
 */
function tryInOrder(table: SimTable, commands: readonly AutopilotCommand[]): boolean {
  const refused = new Set<string>()
  // Issue 35: the ruleset says every attack is refused now, before any die: none is tried (the full path tries them).
  let spentOut: boolean | null = null
  for (const c of commands) {
    const attack = attackOf(c)
    const key = attack && `${attack.weapon}|${attack.mode}`
    if (key && refused.has(key)) continue
    if (attack && table.fast && (spentOut ??= attacksSpentOut(table, attack))) continue
    const done = table.run(c.type, c.payload as never)
    if (done.ok) return true
    const target = attack && table.store.get(attack.targetId)
    if (key && target?.typeName === 'combatant' && !done.error.message.includes(target.name)) refused.add(key)
  }
  return false
}

function attacksSpentOut(table: SimTable, attack: AttackRequest): boolean {
  const spentOut = table.ruleset.attacks?.spentOut
  const attacker = spentOut && table.store.get(attack.attackerId)
  return !!attacker && attacker.typeName === 'combatant' && spentOut(placedRulesCombatant(table.store, attacker))
}

const attackOf = (c: AutopilotCommand) => (c.type === 'attack/resolve' ? (c.payload as { request: AttackRequest }).request : null)

/** Every reaction offered is taken (the policy's side of it); one the rules refuse now is passed up. True if any was pending. */
function settlePrompts(table: SimTable): boolean {
  const prompts = table.store.ofType('prompt')
  for (const p of prompts) {
    if (!table.run('prompt/resolve', { promptId: p.id }).ok) table.run('prompt/dismiss', { promptId: p.id })
  }
  return prompts.length > 0
}

/** Health and standing of everyone, as one string: unchanged over rounds means nobody is getting anywhere. */
function shapeOf(state: RecordReader): string {
  let s = ''
  for (const c of state.ofType('combatant')) s += `${c.hp},`
  return s
}

/**
 * `shapeOf` compared without a string per act (issue 35): whether anyone's health differs from
 * `last` (every combatant's, in the store's order), which it then holds.
 */
function healthChanged(state: RecordReader, last: number[]): boolean {
  const all = state.ofType('combatant')
  let changed = all.length !== last.length
  for (let i = 0; i < all.length; i++) {
    const hp = all[i]!.hp
    if (last[i] !== hp) {
      changed = true
      last[i] = hp
    }
  }
  last.length = all.length
  return changed
}

function endOf(state: RecordReader, ruleset: Ruleset, won: ForecastTeam | 'nobody' | null, round: number): FightEnd {
  const down = new Set<CombatantId>()
  const dead = new Set<CombatantId>()
  for (const c of fighters(state)) {
    const s = standingOf(ruleset, c).state
    if (s !== 'up') down.add(c.id)
    if (s === 'dead') dead.add(c.id)
  }
  return { winner: won === 'nobody' ? null : won, rounds: Math.max(1, round), down, dead }
}
