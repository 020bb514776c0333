import type { CommandPayload, CommandType } from '../../../src-shared/commands'
import type { Result } from '../../../src-shared/result'
import { SimTable } from '../../../src-main/core/autopilot/sim-table'
import type { Decision } from '../../../src-main/core/commands/decide-context'
import { seededSource, type SeededSource } from '../../../src-main/core/dice/random-source'

/**
 * A simulated fight's accepted commands, replayable through a real campaign's engine (issue 35):
 * the copy's generator gives back the draws of a refused command, as the campaign's never advances
 * on one, so the engine seeded alike meets the same dice.
 */

/** A source whose draws a refused command can give back. */
export class RewindableSource {
  #inner: SeededSource
  constructor(private readonly seed: string) {
    this.#inner = seededSource(seed)
  }
  readonly next = (): number => this.#inner.next()
  state = () => this.#inner.state()
  rewind(state: ReturnType<SeededSource['state']>): void {
    this.#inner = seededSource(this.seed, state)
  }
}

/** One accepted command of a simulated fight; a prompt is named by its place among the pending ones, as its id is the copy's own. */
export interface PlayedCommand {
  readonly type: CommandType
  readonly payload: unknown
  readonly promptIndex: number | null
  /** What `after` said of the copy once the command was applied. */
  readonly after: string
}

/** A throwaway table that keeps the commands the rules accepted, with what `after` reads of it after each. */
export class RecordingTable extends SimTable {
  readonly played: PlayedCommand[] = []

  constructor(
    records: readonly unknown[],
    ruleset: SimTable['ruleset'],
    private readonly source: RewindableSource,
    private readonly after: (t: SimTable) => string = () => '',
    fast = true,
  ) {
    super(records, ruleset, source, { fast })
  }

  override run<T extends CommandType>(type: T, payload: CommandPayload<T>): Result<Decision> {
    const before = this.source.state()
    const promptId = (payload as { promptId?: string }).promptId
    const promptIndex = promptId ? this.store.ofType('prompt').findIndex((p) => p.id === promptId) : null
    const r = super.run(type, payload)
    if (r.ok) this.played.push({ type, payload, promptIndex, after: this.after(this) })
    else this.source.rewind(before)
    return r
  }
}

/** `c`'s payload with its prompt named by the place it had among the copy's, as `prompts()` lists the table's own. */
export function payloadFor(c: PlayedCommand, prompts: () => readonly { id: string }[]): unknown {
  return c.promptIndex === null ? c.payload : { ...(c.payload as object), promptId: prompts()[c.promptIndex]?.id ?? 'prompt:missing' }
}
