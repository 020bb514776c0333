import type { CombatantId } from '../../../src-shared/records'
import { teamOf, type ForecastShare, type ForecastTeam, type ForecastVariant } from '../../../src-shared/autopilot'
import type { CombatantRecord } from '../../../src-shared/records'
import type { FightEnd } from './fight-runner'

/** 95% Wilson score interval's half-width: honest near 0% and 100%, where the normal one collapses. */
export function wilsonHalfWidth(count: number, n: number, z = 1.96): number {
  if (n === 0) return 1
  const p = count / n
  const z2 = z * z
  return (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n)
}

export const shareOf = (count: number, n: number): ForecastShare => ({
  count,
  share: n === 0 ? 0 : count / n,
  interval: wilsonHalfWidth(count, n),
})

/** The shortest span of rounds holding at least 60% of the fights that ended (the likeliest such span). */
export function likelySpan(rounds: readonly number[]): ForecastVariant['likelyRounds'] {
  const total = rounds.reduce((a, b) => a + b, 0)
  if (total === 0) return null
  for (let width = 1; width < rounds.length; width++) {
    let best: { from: number; to: number; share: number } | null = null
    for (let from = 1; from + width - 1 < rounds.length; from++) {
      let sum = 0
      for (let r = from; r < from + width; r++) sum += rounds[r]!
      if (sum / total >= 0.6 && (!best || sum / total > best.share)) best = { from, to: from + width - 1, share: sum / total }
    }
    if (best) return best
  }
  return { from: 1, to: rounds.length - 1, share: 1 }
}

/** One variant's counts as plain data (structured-cloned from a worker): small, whatever the fights. */
export interface TallyCounts {
  readonly fights: number
  readonly party: number
  readonly enemy: number
  readonly undecided: number
  /** Fights where at least one party member was down (or worse) at the end. */
  readonly partyDown: number
  readonly rounds: readonly number[]
  readonly down: Readonly<Record<string, number>>
  readonly dead: Readonly<Record<string, number>>
}

/** Counts played fights for one variant of a forecast. */
export class ForecastTally {
  #fights = 0
  #party = 0
  #enemy = 0
  #undecided = 0
  #partyDown = 0
  readonly #rounds: number[]
  /** Who counts for "someone in the party goes down": the party's side, known before any fight. */
  readonly #partyIds: ReadonlySet<CombatantId>
  readonly #down = new Map<CombatantId, number>()
  readonly #dead = new Map<CombatantId, number>()

  constructor(
    readonly label: string,
    private readonly who: readonly CombatantRecord[],
    roundCap: number,
  ) {
    this.#rounds = new Array<number>(roundCap + 1).fill(0)
    this.#partyIds = new Set(who.filter((c) => teamOf(c.side) === 'party').map((c) => c.id))
  }

  get fights(): number {
    return this.#fights
  }

  add(end: FightEnd): void {
    this.#fights++
    if (end.winner === 'party') this.#party++
    else if (end.winner === 'enemy') this.#enemy++
    else this.#undecided++
    if (end.winner) this.#rounds[Math.min(end.rounds, this.#rounds.length - 1)]!++
    for (const id of end.down) this.#down.set(id, (this.#down.get(id) ?? 0) + 1)
    // Issue 35's target is "someone in the party goes down": a count per fight, since members'
    // downs are not independent and no per-member share adds up to it.
    if ([...end.down].some((id) => this.#partyIds.has(id))) this.#partyDown++
    for (const id of end.dead) this.#dead.set(id, (this.#dead.get(id) ?? 0) + 1)
  }

  /** The counts alone, as plain data: what a pool worker sends for its share of the fights. */
  counts(): TallyCounts {
    return {
      fights: this.#fights,
      party: this.#party,
      enemy: this.#enemy,
      undecided: this.#undecided,
      partyDown: this.#partyDown,
      rounds: [...this.#rounds],
      down: Object.fromEntries(this.#down),
      dead: Object.fromEntries(this.#dead),
    }
  }

  /**
   * Adds another tally's counts (a worker's share of the same forecast). Every count is a sum, so
   * the merged tally is the same whichever worker played which fight, in whatever order.
   */
  merge(c: TallyCounts): void {
    this.#fights += c.fights
    this.#party += c.party
    this.#enemy += c.enemy
    this.#undecided += c.undecided
    this.#partyDown += c.partyDown
    for (let r = 0; r < this.#rounds.length && r < c.rounds.length; r++) this.#rounds[r]! += c.rounds[r]!
    for (const [id, n] of Object.entries(c.down)) this.#down.set(id as CombatantId, (this.#down.get(id as CombatantId) ?? 0) + n)
    for (const [id, n] of Object.entries(c.dead)) this.#dead.set(id as CombatantId, (this.#dead.get(id as CombatantId) ?? 0) + n)
  }

  report(): ForecastVariant {
    const n = this.#fights
    return {
      label: this.label,
      fights: n,
      partyWins: shareOf(this.#party, n),
      enemyWins: shareOf(this.#enemy, n),
      undecided: shareOf(this.#undecided, n),
      partyDown: shareOf(this.#partyDown, n),
      rounds: [...this.#rounds],
      likelyRounds: likelySpan(this.#rounds),
      combatants: this.who.map((c) => ({
        id: c.id,
        name: c.name,
        team: teamOf(c.side) as ForecastTeam,
        down: shareOf(this.#down.get(c.id) ?? 0, n),
        dead: shareOf(this.#dead.get(c.id) ?? 0, n),
      })),
    }
  }
}
