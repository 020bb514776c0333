import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { printedGmLink, type GmAccess } from '../support/gm-access'

export const WEB_MAIN = resolve('out/web/main.js')

/**
 * Browser mode as its own process on a data folder, the way `npm run serve` runs it. It learns
 * the address and this run's GM key from the line the process prints, as a GM would.
 */
export class WebProcess implements GmAccess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    /** The GM console's address as printed (with the key in its fragment). */
    readonly gmUrl: string,
    /** This run's GM key; '' for a server that prints none (the paint bench's floor has no GM seat). */
    readonly key: string,
    private readonly printed: () => string,
  ) {}

  /** Everything the process printed so far (stdout and stderr together). */
  get output(): string {
    return this.printed()
  }

  /**
   * Starts it and resolves once it listens. `timeoutMs` is generous for large data folders:
   * the server may open the last campaign before it prints its address.
   */
  static async start(
    dataDir: string,
    timeoutMs = 20_000,
    how: { env?: Record<string, string>; nodeArgs?: string[]; main?: string } = {},
  ): Promise<WebProcess> {
    const env = how.env ?? {}
    // SALVO_BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server a bench drives.
    const extra = process.env['SALVO_BENCH_SERVER_ARGS']?.split(' ').filter(Boolean) ?? []
    const child = spawn(process.execPath, [...extra, ...(how.nodeArgs ?? []), how.main ?? WEB_MAIN, '--data', dataDir, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    let output = ''
    let listening = false
    const link = await new Promise<{ port: number; gmUrl: string; key: string | null }>((ok, fail) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        fail(new Error(`browser mode did not start in ${timeoutMs} ms:\n${output}`))
      }, timeoutMs)
      // Kept listening after the start: the output stays readable (the start marks, a late error).
      const onData = (chunk: Buffer) => {
        output += chunk.toString()
        // The port is only known once the server has bound it; it prints the URL then.
        const printed = printedGmLink(output)
        if (printed && !listening) {
          listening = true
          clearTimeout(timer)
          ok(printed)
        }
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', onData)
      child.once('exit', (code) => {
        clearTimeout(timer)
        fail(new Error(`browser mode exited (${code}):\n${output}`))
      })
    })
    return new WebProcess(child, `http://127.0.0.1:${link.port}`, link.gmUrl, link.key ?? '', () => output)
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    const exited = new Promise((ok) => this.child.once('exit', ok))
    this.child.kill('SIGTERM')
    await exited
  }
}
