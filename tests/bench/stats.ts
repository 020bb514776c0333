/** Order statistics for timing samples; medians, because fsync latency has a long tail. */

export interface Summary {
  readonly count: number
  readonly median: number
  readonly p95: number
  readonly max: number
}

/** Nearest-rank percentile (p in 0..100) of samples that are already sorted ascending. */
function nearestRank(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  const value = sorted[rank - 1]
  if (value === undefined) throw new Error('percentile of no samples')
  return value
}

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const upper = sorted[mid]
  if (upper === undefined) throw new Error('median of no samples')
  // Even counts average the two middle samples so the result does not depend on tie order.
  return sorted.length % 2 === 1 ? upper : (sorted[mid - 1]! + upper) / 2
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    count: sorted.length,
    median: median(sorted),
    p95: nearestRank(sorted, 95),
    max: nearestRank(sorted, 100),
  }
}
