/**
 * Where a JSON text first goes wrong, in words a GM can act on. JSON.parse's own messages
 * differ between V8 versions (Electron's and Node's), sometimes quote the whole text and
 * sometimes give no position, so the position is found here, independently of them.
 */
export interface JsonSyntaxProblem {
  /** UTF-16 offset of the first character that cannot be right. */
  readonly offset: number
  readonly line: number
  readonly column: number
  readonly problem: string
  /** The text stopped where more was needed: a cut-off file rather than a mistyped one. */
  readonly truncated: boolean
}

type Container = '{' | '['
type State = 'value' | 'key' | 'after'

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
const isDigit = (c: number) => c >= 0x30 && c <= 0x39

function describe(ch: string): string {
  const code = ch.codePointAt(0)!
  return code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `"${ch}"`
}

export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: offset - lineStart + 1 }
}

/**
 * The first syntax error in `text`, or null if it is valid JSON. Iterative (an explicit
 * stack), so a file of a million opening brackets cannot overflow the call stack.
 */
export function findJsonSyntaxProblem(text: string): JsonSyntaxProblem | null {
  const n = text.length
  const stack: Container[] = []
  let i = 0
  let state: State = 'value'

  const at = (offset: number, problem: string, truncated = offset >= n): JsonSyntaxProblem => ({
    offset,
    ...positionOf(text, offset),
    problem,
    truncated,
  })
  const skipSpace = () => {
    while (i < n && isSpace(text.charCodeAt(i))) i++
  }
  const unexpected = (wanted: string): JsonSyntaxProblem =>
    i >= n
      ? at(i, `the text ends where ${wanted} should be`)
      : at(i, `unexpected ${describe(String.fromCodePoint(text.codePointAt(i)!))} where ${wanted} should be`)

  /** Reads a string starting at its opening quote; returns a problem or null. */
  const readString = (): JsonSyntaxProblem | null => {
    i++
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c === 0x22) {
        i++
        return null
      }
      if (c < 0x20) return at(i, `a line break or control character (${describe(text[i]!)}) inside a string`)
      if (c === 0x5c) {
        const e = text[i + 1]
        if (e === undefined) break
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            return i + 6 > n ? at(n, 'the text ends inside a \\u escape') : at(i, 'a \\u escape needs four hex digits')
          i += 6
          continue
        }
        if (!'"\\/bfnrt'.includes(e)) return at(i, `"\\${e}" is not a JSON escape`)
        i += 2
        continue
      }
      i++
    }
    return at(n, 'the text ends inside a string')
  }

  const readNumber = (): JsonSyntaxProblem | null => {
    if (text[i] === '-') i++
    if (i >= n) return at(i, 'the text ends inside a number')
    if (text[i] === '0') i++
    else if (isDigit(text.charCodeAt(i))) while (i < n && isDigit(text.charCodeAt(i))) i++
    else return at(i, 'a number needs a digit here')
    if (text[i] === '.') {
      i++
      if (!isDigit(text.charCodeAt(i)))
        return i >= n ? at(i, 'the text ends inside a number') : at(i, 'a decimal point needs digits after it')
      while (i < n && isDigit(text.charCodeAt(i))) i++
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++
      if (text[i] === '+' || text[i] === '-') i++
      if (!isDigit(text.charCodeAt(i))) return i >= n ? at(i, 'the text ends inside a number') : at(i, 'an exponent needs digits')
      while (i < n && isDigit(text.charCodeAt(i))) i++
    }
    return null
  }

  for (;;) {
    skipSpace()
    if (state === 'value') {
      if (i >= n) return unexpected('a value')
      const ch = text[i]!
      if (ch === '{' || ch === '[') {
        i++
        skipSpace()
        if (text[i] === (ch === '{' ? '}' : ']')) {
          i++
          state = 'after'
        } else {
          stack.push(ch)
          state = ch === '{' ? 'key' : 'value'
        }
        continue
      }
      let problem: JsonSyntaxProblem | null
      if (ch === '"') problem = readString()
      else if (ch === '-' || isDigit(text.charCodeAt(i))) problem = readNumber()
      else {
        const word = ['true', 'false', 'null'].find((w) => w[0] === ch)
        if (!word) return unexpected('a value')
        if (text.startsWith(word, i)) {
          i += word.length
          problem = null
        } else if (i + word.length > n && word.startsWith(text.slice(i))) {
          return at(n, `the text ends inside "${word}"`)
        } else return unexpected('a value')
      }
      if (problem) return problem
      state = 'after'
      continue
    }
    if (state === 'key') {
      if (text[i] !== '"') return unexpected('a property name in double quotes')
      const problem = readString()
      if (problem) return problem
      skipSpace()
      if (text[i] !== ':') return unexpected('":" after the property name')
      i++
      state = 'value'
      continue
    }
    // After a value: the end, or a comma or the closing bracket of the container it is in.
    const top = stack.at(-1)
    if (top === undefined) return i < n ? unexpected('the end of the text') : null
    const close = top === '{' ? '}' : ']'
    if (text[i] === ',') {
      i++
      state = top === '{' ? 'key' : 'value'
    } else if (text[i] === close) {
      i++
      stack.pop()
    } else return unexpected(`"," or "${close}"`)
  }
}

/** Deeper than any file Salvo writes (about a dozen levels), and shallow enough for every check that walks the data. */
export const MAX_JSON_DEPTH = 100

/**
 * What JSON.parse lets through in a text it accepted but a Salvo file never holds: a key given
 * twice in one object (JSON.parse silently keeps the last), a `__proto__` key, or nesting past
 * `maxDepth` (the document checks walk the data recursively). Iterative, like the scanner above.
 */
export function findStructureProblem(text: string, maxDepth = MAX_JSON_DEPTH): JsonSyntaxProblem | null {
  const at = (offset: number, problem: string): JsonSyntaxProblem => ({ offset, ...positionOf(text, offset), problem, truncated: false })
  /** The keys seen in each open object (null for an array). */
  const open: (Set<string> | null)[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x7b || c === 0x5b) {
      open.push(c === 0x7b ? new Set() : null)
      if (open.length > maxDepth) return at(i, `the data nests deeper than ${maxDepth} levels`)
    } else if (c === 0x7d || c === 0x5d) open.pop()
    else if (c === 0x22) {
      // The closing quote is the first one not escaped (an even run of backslashes before it).
      let end = text.indexOf('"', i + 1)
      for (;;) {
        let k = end - 1
        while (text.charCodeAt(k) === 0x5c) k--
        if ((end - 1 - k) % 2 === 0) break
        end = text.indexOf('"', end + 1)
      }
      let next = end + 1
      while (isSpace(text.charCodeAt(next))) next++
      const keys = open.at(-1)
      if (text[next] === ':' && keys) {
        const raw = text.slice(i, end + 1)
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1)
        if (key === '__proto__') return at(i, 'a "__proto__" key, which no Salvo file has')
        if (keys.has(key)) return at(i, `the key ${JSON.stringify(key.slice(0, 80))} appears twice in one object`)
        keys.add(key)
      }
      i = end
    }
  }
  return null
}
