import { runSoak } from './soak-driver'

/**
 * `node --expose-gc --import tsx tests/support/soak-child.ts <commands>`: runs the soak in a
 * process of its own (so the heap it reads holds the core and nothing of the test runner's),
 * prints progress on stderr and the result as one JSON line on stdout.
 */
const commands = Number(process.argv[2] ?? '3000')
if (!Number.isInteger(commands) || commands < 100) {
  console.error(`soak-child: the command count must be an integer of at least 100, got ${process.argv[2]}`)
  process.exit(2)
}

runSoak({ commands, combatants: 300, seed: 'soak', checkpoints: 10, progress: (line) => console.error(line) })
  .then((result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`)
  })
  .catch((e: unknown) => {
    console.error(`soak failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    process.exitCode = 1
  })
