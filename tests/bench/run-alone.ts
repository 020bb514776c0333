import type { BenchPart } from './report'

/** Runs one part of the bench on its own when its file is the script node was started with (`npx tsx tests/bench/<part>.ts`). */
export function runWhenMain(moduleUrl: string, label: string, run: () => Promise<BenchPart>): void {
  if (!process.argv[1] || moduleUrl !== new URL(`file://${process.argv[1]}`).href) return
  run()
    .then((part) => {
      console.log(part.lines.join('\n'))
      const goals = part.goals ?? []
      if (goals.length) console.log(['Goals', ...goals.map((g) => `  ${g.met ? 'met   ' : 'MISSED'} ${g.name}: ${g.measured}`)].join('\n'))
      if (goals.some((g) => !g.met)) process.exitCode = 1
    })
    .catch((e: unknown) => {
      console.error(`${label} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      process.exitCode = 1
    })
}
