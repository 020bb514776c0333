import type { ServerMessage } from '../../../src-shared/contract'
import type { Snapshot } from '../../../src-shared/diff'
import type { Result } from '../../../src-shared/result'
import { RecordIndex, type Changes } from './record-index'

/**
 * Keeps one window's records in step with the core: applies diffs onto the exact version they
 * came from, and on a gap asks for a snapshot instead of guessing. It tells its owner which
 * types each change touched, so the owner rebuilds only those lists.
 */
export class ViewSync {
  readonly #index: RecordIndex
  #resyncing: Promise<void> | null = null

  constructor(
    private readonly fetchSnapshot: () => Promise<Result<Snapshot>>,
    private readonly onChange: (changes: Changes) => void,
    index = new RecordIndex(),
  ) {
    this.#index = index
  }

  get state(): RecordIndex {
    return this.#index
  }

  receive(message: ServerMessage): void {
    if (message.kind === 'snapshot') {
      this.onChange(this.#index.load(message.snapshot))
    } else if (message.kind === 'diff') {
      const outcome = this.#index.apply(message.diff)
      if (outcome.kind === 'applied') this.onChange(outcome.changes)
      else if (outcome.kind === 'gap') void this.resync()
    }
  }

  /** Replaces the records with a fresh snapshot; concurrent calls share one request. */
  resync(): Promise<void> {
    this.#resyncing ??= this.fetchSnapshot()
      .then((r) => {
        if (r.ok) this.onChange(this.#index.load(r.value))
      })
      .finally(() => {
        this.#resyncing = null
      })
    return this.#resyncing
  }
}
