/**
 * Asks one question at a time and, of those asked meanwhile, only the latest: a fast drag or a
 * burst of commands costs a handful of round trips, not one each. `clear` drops the waiting
 * question and makes the answer in flight be ignored.
 */
export class LatestOnly<Q, A> {
  #pending: Q | null = null
  #busy = false
  #generation = 0

  constructor(
    private readonly ask: (q: Q) => Promise<A>,
    private readonly answered: (a: A, q: Q) => void,
  ) {}

  request(q: Q): void {
    this.#pending = q
    if (!this.#busy) void this.#next()
  }

  clear(): void {
    this.#generation++
    this.#pending = null
  }

  async #next(): Promise<void> {
    const q = this.#pending
    if (q === null) return
    this.#pending = null
    this.#busy = true
    const generation = this.#generation
    const a = await this.ask(q)
    this.#busy = false
    if (generation === this.#generation) this.answered(a, q)
    void this.#next()
  }
}
