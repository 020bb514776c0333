/** Reads faces the GM typed from physical dice ("9 10", "9,10"); null when empty, a message when malformed. */
export function parseTypedDice(text: string): number[] | null | string {
  const t = text.trim()
  if (!t) return null
  const parts = t.split(/[\s,;]+/)
  const faces = parts.map(Number)
  if (faces.some((n) => !Number.isInteger(n) || n < 1 || n > 1000)) return 'Type the faces as whole numbers, e.g. "9 10".'
  return faces
}
