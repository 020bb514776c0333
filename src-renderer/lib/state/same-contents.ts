/**
 * Whether two sets, or two maps, hold the same entries. A derived value rebuilt from scratch is a
 * new object even when nothing in it changed, and every token of the map reads it: handing back
 * the one it had keeps 3,000 tokens from being asked again after each command (issue 36).
 */
export function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  if (a === b) return true
  if (a.size !== b.size) return false
  for (const v of a) if (!b.has(v)) return false
  return true
}

export function sameMap<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): boolean {
  if (a === b) return true
  if (a.size !== b.size) return false
  for (const [k, v] of a) if (!b.has(k) || b.get(k) !== v) return false
  return true
}
