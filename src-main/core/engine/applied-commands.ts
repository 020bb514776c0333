import type { LogEntryRecord } from '../../../src-shared/records'
import { commandSeqOf } from '../persistence/log-move'
import type { RecordReader } from '../state/record-store'

/**
 * The command ids this campaign has applied, with the journal position each took: a window
 * that sends a command again (a retry after a dropped connection, a double click that raced)
 * is told "done, at version N" instead of having it applied twice. Rebuilt on open from what
 * the campaign records of past commands — every log entry and undo mark names its command —
 * and kept for the newest ones only: a retry comes within seconds, not thousands of commands
 * later. Since closed encounters' logs leave the store (issue 15), and a running fight's oldest
 * entries roll into its archive, an open knows the commands still live, those of the newest
 * archives' last lines (about 1 MB of the last ended fight's — its encounter/end command included —
 * and of the running fight's) and those in the undo marks;
 * within a session, every command it applied (up to `limit`: 2,000 commands is hours of play,
 * and a retry comes within seconds; more would only grow a long evening's heap).
 */
export class AppliedCommands {
  readonly #seqOf = new Map<string, number>()

  constructor(private readonly limit = 2_000) {}

  /** What the store remembers: log entries (their seq names the command's: commandSeqOf) and undo/redo marks. */
  static fromStore(
    state: RecordReader,
    limit?: number,
    archived: readonly Pick<LogEntryRecord, 'commandId' | 'seq'>[] = [],
  ): AppliedCommands {
    const applied = new AppliedCommands(limit)
    const known: [string, number][] = [...archived, ...state.ofType('log')].map((l) => [l.commandId, commandSeqOf(l)])
    known.sort((a, b) => a[1] - b[1])
    for (const [id, seq] of known) applied.add(id, seq)
    // Marks carry no position; they only make sure an undoable command without a log line is known.
    const history = state.get('history')
    if (history?.typeName === 'history')
      for (const m of [...history.undo, ...history.redo]) if (!applied.#seqOf.has(m.commandId)) applied.add(m.commandId, 0)
    return applied
  }

  /** The journal position a command id was applied at, or undefined if it never was (as far as is kept). */
  seqOf(commandId: string): number | undefined {
    return this.#seqOf.get(commandId)
  }

  add(commandId: string, seq: number): void {
    this.#seqOf.delete(commandId)
    this.#seqOf.set(commandId, seq)
    if (this.#seqOf.size > this.limit) this.#seqOf.delete(this.#seqOf.keys().next().value!)
  }
}
