import { untrack } from 'svelte'
import { LIVE_LOG } from '../../../src-shared/contract'
import type { CombatantId, LogEntryRecord } from '../../../src-shared/records'
import type { ArchiveSource } from './archive-source'

/** Lines one click on "Earlier lines" fetches. */
export const EARLIER_PAGE = 200
/** The most earlier lines the panel holds at once: past it the GM searches an export instead. */
export const EARLIER_KEPT = 5_000

/** The panel's filter as the core applies it, and the fight whose log it reads. */
export interface EarlierFilter {
  readonly whoId: CombatantId | null
  readonly round: number | null
  /** The running encounter: its end archives its log, so lines fetched before are gone from the core. */
  readonly fight: string | null
}

/**
 * The running campaign's log lines older than the desk keeps (`LIVE_LOG.tail`), fetched from the
 * core a page at a time when the GM asks, for the filter in use (the core filters, so a filter
 * reaches the whole log). Lines that then leave the window's top join them, so no gap opens
 * between the two while the fight goes on. Fetched lines are dropped when the filter changes.
 */
export class EarlierLines {
  lines = $state.raw<readonly LogEntryRecord[]>([])
  loading = $state(false)
  problem = $state<string | null>(null)
  /** Whether the core answered for this filter that it holds nothing older. */
  #exhausted = $state(false)
  #filterKey = ''
  #lastWindow: readonly LogEntryRecord[] = []

  constructor(private readonly source: () => ArchiveSource | null) {}

  /** Whether "Earlier lines" has anything to fetch: a full window may have older lines behind it. */
  offered(window: readonly LogEntryRecord[]): boolean {
    if (this.#exhausted || !this.source()) return false
    return this.lines.length > 0 || window.length >= LIVE_LOG.tail
  }

  get full(): boolean {
    return this.lines.length >= EARLIER_KEPT
  }

  /** Called as the window or the filter changes; `keep` is the filter, for lines leaving the window. */
  follow(filter: EarlierFilter, window: readonly LogEntryRecord[], keep: (e: LogEntryRecord) => boolean): void {
    untrack(() => {
      const key = `${filter.fight ?? ''}|${filter.whoId ?? ''}|${filter.round ?? ''}`
      if (key !== this.#filterKey) {
        this.#filterKey = key
        this.lines = []
        this.#exhausted = false
        this.problem = null
      } else if (this.lines.length) {
        const last = this.lines.at(-1)!.seq
        const first = window[0]?.seq ?? Infinity
        const left = this.#lastWindow.filter((e) => e.seq > last && e.seq < first && keep(e))
        if (left.length) this.lines = [...this.lines, ...left].slice(-EARLIER_KEPT)
      }
      this.#lastWindow = window
    })
  }

  /** Fetches the page before the oldest line shown; resolves to how many lines came in above. */
  async load(filter: EarlierFilter, window: readonly LogEntryRecord[]): Promise<number> {
    const source = this.source()
    if (!source || this.loading || this.full) return 0
    const key = this.#filterKey
    const oldest = this.lines[0]?.seq ?? window[0]?.seq ?? null
    this.loading = true
    const r = await source.earlier({
      beforeSeq: oldest,
      ...(filter.whoId ? { whoId: filter.whoId } : {}),
      ...(filter.round !== null ? { round: filter.round } : {}),
      limit: Math.min(EARLIER_PAGE, EARLIER_KEPT - this.lines.length),
    })
    this.loading = false
    // The filter changed while the core answered: the answer is for another question.
    if (key !== this.#filterKey) return 0
    if (!r.ok) {
      this.problem = r.error.message
      return 0
    }
    this.problem = null
    this.#exhausted = !r.value.more
    this.lines = [...r.value.entries, ...this.lines]
    return r.value.entries.length
  }
}
