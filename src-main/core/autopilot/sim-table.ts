import type { CommandPayload, CommandType } from '../../../src-shared/commands'
import type { DomainEvent } from '../../../src-shared/events'
import { fail, type Result } from '../../../src-shared/result'
import type { Ruleset } from '../../rules/ruleset'
import { DECIDERS } from '../commands/deciders'
import type { DecideContext, Decider, Decision } from '../commands/decide-context'
import { DiceError, DiceRoller } from '../dice/dice-roller'
import type { RandomSource } from '../dice/random-source'
import { applyEvent, ApplyError } from '../events/apply-event'
import { storingSheetsAsThey } from '../../rules/kit/stored-sheet'
import { Draft } from '../state/draft'
import { RecordStore, type RecordReader } from '../state/record-store'
import type { StoredTypeName } from '../state/stored-records'

/**
 * A throwaway copy of the fight that the autopilot and the forecast play on: the campaign's own
 * deciders and event application, with a random source of their own, and nothing written, logged
 * or told. The live store is never touched (records are immutable values, so sharing them is safe).
 */

/** What a fight reads: the rest (log, undo history, roster, story…) stays behind. */
const FIGHT_TYPES: readonly StoredTypeName[] = ['campaign', 'encounter', 'combatant', 'scene', 'token', 'areaMark', 'wall', 'prompt']

/** The fight's records, for a worker (structured-cloned) or a new table. */
export function fightRecords(state: RecordReader): unknown[] {
  const out: unknown[] = []
  for (const t of FIGHT_TYPES) {
    for (const r of state.ofType(t)) if (t !== 'encounter' || (r as { status: string }).status === 'active') out.push(r)
  }
  return out
}

/** Events the copy does not keep: the log's lines and the campaign generator's state are the live table's. */
const UNKEPT = new Set<DomainEvent['type']>(['log/written', 'rng/advanced', 'story/told'])

/** A logged line, kept short: a decider may apply its own events to a draft (round-start effects), so it must be a real one. */
const unlogged = (id: `log:${string}`): DomainEvent => ({
  type: 'log/written',
  entry: { typeName: 'log', id, seq: 0, commandId: 'sim', round: 0, text: '', rolls: [], visibility: 'gm' },
})

export interface SimOptions {
  /** Issue 35: the cheaper path, off only to prove it plays the same fights (`sim-fast-same.test.ts`). */
  readonly fast?: boolean
}

export class SimTable {
  readonly store: RecordStore
  #seq = 0

  constructor(
    records: Iterable<unknown>,
    readonly ruleset: Ruleset,
    private readonly random: RandomSource,
    private readonly options: SimOptions = {},
  ) {
    this.store = new RecordStore(records as Iterable<never>)
  }

  /** On unless switched off: the differential test plays every fight both ways. */
  get fast(): boolean {
    return this.options.fast ?? true
  }

  /** Decides and applies one command on the copy; a refusal changes nothing, as on the live table. */
  run<T extends CommandType>(type: T, payload: CommandPayload<T>): Result<Decision> {
    const decided = this.decide(type, payload, this.random)
    if (!decided.ok) return decided
    // Numbered by the commands taken only: a refused one (or one a simulation knows is refused and
    // does not try, `attacks.spentOut`) leaves the ids the next one makes as they were.
    this.#seq++
    const draft = new Draft(this.store)
    try {
      for (const e of decided.value.events) if (!UNKEPT.has(e.type)) applyEvent(draft, e)
    } catch (e) {
      if (e instanceof ApplyError) return fail('engine/inconsistent', `Could not apply ${type}: ${e.message}`)
      throw e
    }
    this.store.applyChanges(draft.changes())
    return decided
  }

  /** Only decides: whether the rules would take this command now (its dice from `random`, nothing applied). */
  decide<T extends CommandType>(type: T, payload: CommandPayload<T>, random: RandomSource): Result<Decision> {
    return decideOn(this.store, this.ruleset, random, type, payload, this.#seq + 1, this.fast)
  }
}

/**
 * Runs a command's decider over any reader (the live store included) with dice from `random`:
 * whether the rules take it, and what it would do. Nothing is applied, logged or journaled.
 */
export function decideOn<T extends CommandType>(
  state: RecordReader,
  ruleset: Ruleset,
  random: RandomSource,
  type: T,
  payload: CommandPayload<T>,
  seq = 0,
  fast = false,
): Result<Decision> {
  const counters = new Map<string, number>()
  const newId = <P extends string>(prefix: P): `${P}:${string}` => {
    const n = counters.get(prefix) ?? 0
    counters.set(prefix, n + 1)
    return `${prefix}:sim${seq}-${n}` as `${P}:${string}`
  }
  const ctx: DecideContext = {
    state,
    dice: new DiceRoller(random, undefined),
    ruleset,
    commandId: `sim-${seq}`,
    seq,
    secret: false,
    newId,
    // A copy keeps no log: the decider builds its line anyway, and the table drops it.
    log: () => unlogged(newId('log')),
  }
  try {
    const decider = DECIDERS[type] as Decider<T>
    return fast ? storingSheetsAsThey(() => decider(ctx, payload)) : decider(ctx, payload)
  } catch (e) {
    if (e instanceof DiceError) return fail(e.code, e.message)
    return fail('engine/failed', `The rules engine failed on ${type}: ${(e as Error).message}`)
  }
}
