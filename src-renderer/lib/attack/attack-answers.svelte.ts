import type { AttackPreview, AttackRequest } from '../../../src-shared/attack'
import type { Result } from '../../../src-shared/result'
import { isPositionRefusal, NO_LINE_OF_FIRE } from './act-positions'

/**
 * The Attack panel's odds and the core's words on why the attack cannot be made, always from one
 * and the same answer: each ask is numbered, and an answer to any but the latest is dropped, so
 * a refusal asked before a wall came down never lands beside the odds asked after.
 */
export class AttackAnswers {
  preview = $state.raw<AttackPreview | null>(null)
  /** The set-up the odds shown answer (the panel's key), so odds of the set-up before are not shown as its. */
  previewFor = $state('')
  /** The core's refusal over where the two stand (out of reach, one off the map, a wall), shown where the odds would be. */
  refusal = $state<string | null>(null)
  /** Any other refusal of the set-up. */
  problem = $state('')
  /** The refusal is a wall between the two: the walls switch is offered. */
  walled = $state(false)
  /** Whose weapons the preview lists: a refusal keeps them on screen for the same attacker (another weapon may reach). */
  #attacker = ''
  #asked = 0
  readonly #ask: (request: AttackRequest) => Promise<Result<AttackPreview>>

  constructor(ask: (request: AttackRequest) => Promise<Result<AttackPreview>>) {
    this.#ask = ask
  }

  /** Asks for the odds of `request` (null: no pair picked), set up as `setup`. */
  async refresh(request: AttackRequest | null, setup: string): Promise<void> {
    // Counted even with no pair: an answer still on its way for the pair before is dropped.
    const ticket = ++this.#asked
    if (!request) {
      this.preview = null
      return
    }
    const r = await this.#ask(request)
    if (ticket !== this.#asked) return
    this.walled = !r.ok && r.error.code === NO_LINE_OF_FIRE
    if (r.ok) {
      this.preview = r.value
      this.#attacker = request.attackerId
      this.previewFor = setup
      this.problem = ''
      this.refusal = null
    } else if (isPositionRefusal(r.error.code)) {
      if (this.#attacker !== request.attackerId) this.preview = null
      this.refusal = r.error.message
      this.problem = ''
    } else {
      this.preview = null
      this.refusal = null
      this.problem = r.error.message
    }
  }

  /** The turn passed: nothing said about the set-up before stays. */
  forget(): void {
    this.problem = ''
    this.refusal = null
    this.walled = false
  }
}
