import type { ServerMessage } from '../../../src-shared/contract'
import { applyDiff, EMPTY_VIEW, viewFromSnapshot, type Snapshot, type ViewState } from '../../../src-shared/diff'
import type { Result } from '../../../src-shared/result'

/**
 * Keeps one window's projection in step with the core: applies diffs onto the exact
 * version they came from, and on a gap asks for a snapshot instead of guessing.
 */
export class ViewSync {
  #state: ViewState = EMPTY_VIEW
  #resyncing: Promise<void> | null = null

  constructor(
    private readonly fetchSnapshot: () => Promise<Result<Snapshot>>,
    private readonly onChange: (state: ViewState) => void,
  ) {}

  get state(): ViewState {
    return this.#state
  }

  receive(message: ServerMessage): void {
    if (message.kind === 'snapshot') {
      this.#set(viewFromSnapshot(message.snapshot))
    } else if (message.kind === 'diff') {
      const outcome = applyDiff(this.#state, message.diff)
      if (outcome.kind === 'applied') this.#set(outcome.state)
      else if (outcome.kind === 'gap') void this.resync()
    }
  }

  /** Replaces the projection with a fresh snapshot; concurrent calls share one request. */
  resync(): Promise<void> {
    this.#resyncing ??= this.fetchSnapshot()
      .then((r) => {
        if (r.ok) this.#set(viewFromSnapshot(r.value))
      })
      .finally(() => {
        this.#resyncing = null
      })
    return this.#resyncing
  }

  #set(state: ViewState): void {
    this.#state = state
    this.onChange(state)
  }
}
