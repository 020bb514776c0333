/**
 * `parsed` (zod builds objects in its schema's key order) with its keys in the order `raw` has
 * them, so a campaign exports as it was imported. Keys zod dropped stay dropped; values are
 * zod's. Most objects already agree and are kept as zod made them (this is a fresh value no one
 * else holds); only those that do not are rebuilt.
 */
export function inOrderOf(parsed: unknown, raw: unknown): unknown {
  if (Array.isArray(parsed)) {
    if (Array.isArray(raw)) for (let i = 0; i < parsed.length; i++) parsed[i] = inOrderOf(parsed[i], raw[i])
    return parsed
  }
  if (typeof parsed !== 'object' || parsed === null || typeof raw !== 'object' || raw === null || Array.isArray(raw)) return parsed
  const from = parsed as Record<string, unknown>
  const given = raw as Record<string, unknown>
  const keys = Object.keys(from)
  if (sameOrder(keys, from, given)) {
    for (const k of keys) put(from, k, inOrderOf(from[k], given[k]))
    return from
  }
  const out = {}
  for (const k of Object.keys(given)) if (Object.hasOwn(from, k)) put(out, k, inOrderOf(from[k], given[k]))
  for (const k of keys) if (!Object.hasOwn(out, k)) put(out, k, from[k])
  return out
}

/**
 * Whether `keys` (those of `parsed`) are the keys `raw` shares with it, in `raw`'s order. Asks
 * `parsed` whether it has a key rather than searching `keys`: the records map has one key per
 * record, and a search per key made opening a 190,000-record campaign take 40 s.
 */
function sameOrder(keys: readonly string[], parsed: Record<string, unknown>, raw: Record<string, unknown>): boolean {
  let i = 0
  for (const k in raw) {
    if (!Object.hasOwn(raw, k) || !Object.hasOwn(parsed, k)) continue
    if (keys[i++] !== k) return false
  }
  return i === keys.length
}

/** Sets an own key; "__proto__" too, as data (plain assignment would set the prototype). */
const put = (o: object, k: string, v: unknown) => {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })
  else (o as Record<string, unknown>)[k] = v
}
