import seedrandom from 'seedrandom'
import type { RngState } from '../../../src-shared/events'

/** The only randomness the engine ever sees (RULINGS R0.2): injected, never global. */
export interface RandomSource {
  /** A float in [0, 1). */
  next(): number
}

export interface SeededSource extends RandomSource {
  state(): RngState
}

/**
 * seedrandom's alea generator: its whole state is four numbers, so it is cheap to store
 * in every command's events and restore on undo.
 */
export function seededSource(seed: string, state?: RngState): SeededSource {
  const prng = seedrandom.alea(seed, { state: state ? { ...state } : true })
  return {
    next: () => prng(),
    state: () => {
      const s = prng.state()
      return { c: s.c, s0: s.s0, s1: s.s1, s2: s.s2 }
    },
  }
}

export function initialRngState(seed: string): RngState {
  return seededSource(seed).state()
}

/** For tests: hands out the given floats and fails loudly when they run out. */
export function scriptedSource(values: readonly number[]): RandomSource {
  let i = 0
  return {
    next() {
      if (i >= values.length) throw new Error(`scripted random source exhausted after ${values.length} draws`)
      return values[i++]!
    },
  }
}
