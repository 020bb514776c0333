/** A damage type as the campaign's ruleset lists it (the setup request's `damageTypes`). */
export interface DamageChoice {
  readonly key: string
  readonly label: string
}

export type DamageEdit = { readonly amount: number; readonly damageType: string } | { readonly error: string }

/**
 * Damage typed in a card's HP field: "-7" takes the picked type, "-7 fire" (or any start of a
 * type's key or label: "-7 fi") names it. Null when the text is not damage (healing, a set
 * value, nonsense): the HP field reads those itself.
 */
export function parseDamageEdit(text: string, types: readonly DamageChoice[], picked: string): DamageEdit | null {
  const m = /^\s*-\s*(\d{1,6})(?:\s+([a-z][a-z ()-]*?))?\s*$/i.exec(text)
  if (!m) return null
  const amount = Number(m[1])
  if (amount === 0) return null
  const word = m[2]?.trim().toLowerCase()
  if (!word) return { amount, damageType: picked }
  const exact = types.find((t) => t.key === word || t.label.toLowerCase() === word)
  const starts = types.filter((t) => t.key.startsWith(word) || t.label.toLowerCase().startsWith(word))
  const found = exact ?? (starts.length === 1 ? starts[0] : undefined)
  if (found) return { amount, damageType: found.key }
  const known = types.map((t) => t.key).join(', ')
  return { error: starts.length ? `"${word}" could be ${starts.map((t) => t.key).join(' or ')}.` : `No damage type "${word}" (${known}).` }
}
