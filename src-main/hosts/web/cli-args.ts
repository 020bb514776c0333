export interface ServeOptions {
  readonly dataDir: string
  readonly port: number
  readonly rendererDir: string | null
}

export type ParsedArgs = { ok: true; options: ServeOptions } | { ok: false; message: string }

const USAGE = 'usage: salvo-serve [--data DIR] [--port N] [--renderer DIR]'

/** Parses browser mode's flags. There is deliberately no --host: the server binds 127.0.0.1 only. */
export function parseServeArgs(argv: readonly string[]): ParsedArgs {
  let dataDir = './salvo-data'
  let port = 5780
  let rendererDir: string | null = null
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = argv[i + 1]
    if (flag === '--help' || flag === '-h') return { ok: false, message: USAGE }
    if (value === undefined || value.startsWith('--')) return { ok: false, message: `${flag} needs a value\n${USAGE}` }
    i++
    if (flag === '--data') dataDir = value
    else if (flag === '--renderer') rendererDir = value
    else if (flag === '--port') {
      const n = Number(value)
      if (!Number.isInteger(n) || n < 0 || n > 65535) return { ok: false, message: `--port must be 0–65535, got "${value}"` }
      port = n
    } else return { ok: false, message: `unknown flag ${flag}\n${USAGE}` }
  }
  return { ok: true, options: { dataDir, port, rendererDir } }
}
