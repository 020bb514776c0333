import type { Connection, SalvoCore } from '../../src-main/core/app/salvo-core'
import { must, snapshotOf } from '../bench/core-fixture'
import { SoakMix, SoakWindow } from './soak-mix'

/** A GM window and a player window on one core, driven by one SoakMix; counts what the core said. */
export class SoakSession {
  readonly window = new SoakWindow()
  readonly gm: Connection
  readonly player: Connection
  readonly #mix: SoakMix
  readonly refusals: Record<string, number> = {}
  readonly commandTypes: Record<string, number> = {}
  withoutDiff = 0

  constructor(core: SalvoCore, seed: string) {
    this.gm = core.connect('gm', this.window.receive)
    // The player's projection and diff are part of every command's path; what it is sent is not kept.
    this.player = core.connect('player', () => undefined)
    this.#mix = new SoakMix(seed, this.window)
  }

  /** Both windows take their snapshots (a window gets diffs only after that). */
  async attach(): Promise<void> {
    this.window.receive({ kind: 'snapshot', snapshot: await snapshotOf(this.gm) })
    await snapshotOf(this.player)
  }

  /** Sends the mix's next command and returns command → GM diff in ms (→ the answer, if refused). */
  async step(n: number): Promise<number> {
    const command = this.#mix.next(n)
    this.commandTypes[command.type] = (this.commandTypes[command.type] ?? 0) + 1
    this.window.diffAt = null
    const start = performance.now()
    const result = await this.gm.request('dispatch', command)
    const answered = performance.now()
    if (!result.ok) {
      this.refusals[result.error.code] = (this.refusals[result.error.code] ?? 0) + 1
      return answered - start
    }
    if (this.window.diffAt === null) {
      this.withoutDiff++
      return answered - start
    }
    return this.window.diffAt - start
  }

  /** Waits for whatever the last command queued (a compaction) with a request that changes nothing. */
  async settle(): Promise<void> {
    must('session', await this.gm.request('session', undefined))
  }

  close(): void {
    this.gm.close()
    this.player.close()
  }
}
