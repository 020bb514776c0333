/** What the GM typed in a card's HP field: "-7" damage, "+5" heal, "30" or "=30" set. */
export type HpEdit = { readonly kind: 'adjust'; readonly delta: number } | { readonly kind: 'set'; readonly hp: number }

export function parseHpEdit(text: string): HpEdit | null {
  const m = /^\s*([+-]|=)?\s*(\d{1,6})\s*$/.exec(text)
  if (!m) return null
  const n = Number(m[2])
  if (m[1] === '-') return n === 0 ? null : { kind: 'adjust', delta: -n }
  if (m[1] === '+') return n === 0 ? null : { kind: 'adjust', delta: n }
  return { kind: 'set', hp: n }
}
