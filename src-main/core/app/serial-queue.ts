/** Runs async jobs one at a time in arrival order, so commands never interleave. */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve()

  run<T>(job: () => Promise<T> | T): Promise<T> {
    const next = this.#tail.then(job, job)
    this.#tail = next.catch(() => undefined)
    return next
  }

  /** Resolves once every job queued so far has finished. */
  idle(): Promise<void> {
    return this.#tail.then(() => undefined)
  }
}
