import type { BalanceProgress } from '../../../src-shared/balance'
import type { RequestInputs, RequestResults } from '../../../src-shared/contract'
import type { Result } from '../../../src-shared/result'

/** The two requests a balance search needs, as the campaign view makes them. */
export type BalanceRequests = <N extends 'balanceStart' | 'balanceCancel'>(
  name: N,
  input: RequestInputs[N],
) => Promise<Result<RequestResults[N]>>

/**
 * The window's balance search (issue 35): the one it asked for last and what the core has pushed
 * about it. It lives with the campaign view, like the forecast's, so closing the squad builder
 * loses nothing; messages of any other search are stale and dropped.
 */
export class BalanceFeed {
  searchId = $state<string | null>(null)
  progress = $state.raw<BalanceProgress | null>(null)
  /** Why the core refused to start, in its words. */
  refused = $state<string | null>(null)
  starting = $state(false)
  /** Progress may overtake the answer to `balanceStart`: messages whose search is not known yet wait here. */
  #early: BalanceProgress[] = []

  readonly running = $derived(this.starting || this.progress?.state === 'running')

  constructor(private readonly requests: BalanceRequests) {}

  receive(p: BalanceProgress): void {
    if (p.searchId === this.searchId) {
      this.progress = p
      return
    }
    if (this.starting) this.#early = [...this.#early.slice(-3), p]
  }

  async start(input: RequestInputs['balanceStart']): Promise<void> {
    this.starting = true
    this.refused = null
    try {
      const r = await this.requests('balanceStart', input)
      if (!r.ok) {
        this.refused = r.error.message
        this.searchId = null
        this.progress = null
        return
      }
      this.searchId = r.value.searchId
      this.progress = this.#early.findLast((p) => p.searchId === r.value.searchId) ?? null
    } finally {
      this.#early = []
      this.starting = false
    }
  }

  async cancel(): Promise<void> {
    const searchId = this.searchId
    if (!searchId || this.progress?.state !== 'running') return
    await this.requests('balanceCancel', { searchId })
  }

  /** Forgets the last search (the builder starts afresh). */
  clear(): void {
    this.searchId = null
    this.progress = null
    this.refused = null
  }
}
