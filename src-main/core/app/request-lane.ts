/**
 * One window's requests on their way in. At most `limit` wait at once; the rest are answered
 * `busy` straight away, so a window that floods the core costs a refusal each, not a queue
 * that grows without bound. `run` decides how a request waits its turn: the GM's go through
 * the core's serial queue (commands must not interleave), the table's reads each take their
 * own turn of the event loop, so a GM command that arrives meanwhile is handled between them
 * instead of behind all of them.
 */
export class RequestLane {
  #waiting = 0

  constructor(
    private readonly limit: number,
    private readonly run: <T>(job: () => Promise<T>) => Promise<T>,
  ) {}

  get waiting(): number {
    return this.#waiting
  }

  /** `aside`: a read that takes its own turn of the event loop whatever the lane's way of waiting (`onNextTurn`). */
  submit<T>(job: () => Promise<T>, busy: () => T, aside = false): Promise<T> {
    if (this.#waiting >= this.limit) return Promise.resolve(busy())
    this.#waiting++
    return (aside ? onNextTurn(job) : this.run(job)).finally(() => {
      this.#waiting--
    })
  }
}

/** A job that starts on a later turn of the event loop, after whatever I/O is already waiting. */
export const onNextTurn = <T>(job: () => Promise<T>): Promise<T> => new Promise<void>((resolve) => setImmediate(resolve)).then(job)
