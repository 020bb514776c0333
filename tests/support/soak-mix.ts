import seedrandom from 'seedrandom'
import type { CommandDraft } from '../../src-shared/commands'
import type { ServerMessage } from '../../src-shared/contract'
import type { ViewRecord } from '../../src-shared/views'

/**
 * The soak's GM window and its command mix. The window keeps only what the mix needs to
 * choose sensible commands (each combatant's health and conditions, each token's place,
 * whether redo is possible) — a few hundred small entries whatever the length of the log —
 * and stamps the moment each diff arrives.
 */

interface Fighter {
  hp: number
  maxHp: number
  /** Condition id → instance key, as the GM window shows them. */
  conditions: Map<string, string>
}

export class SoakWindow {
  readonly fighters = new Map<string, Fighter>()
  /** By token id. */
  readonly tokens = new Map<string, { sceneId: string; combatantId: string; x: number; y: number }>()
  redoable = false
  /** Log entries the window holds: the one part of the state that grows with every command. */
  logs = 0
  /** performance.now() when the latest diff arrived; the driver reads and clears it. */
  diffAt: number | null = null

  readonly receive = (message: ServerMessage): void => {
    if (message.kind === 'forecast' || message.kind === 'balance') return
    if (message.kind === 'session') {
      this.redoable = message.session.redoLabel !== null
      return
    }
    if (message.kind === 'snapshot') {
      this.fighters.clear()
      this.tokens.clear()
      this.logs = message.snapshot.records.filter((r) => r.typeName === 'log').length
      for (const r of message.snapshot.records) this.#hold(r)
      return
    }
    // Serialised as browser mode would put it on the socket, so that cost is in the path.
    JSON.stringify(message)
    this.diffAt = performance.now()
    for (const r of message.diff.added) {
      if (r.typeName === 'log') this.logs++
      this.#hold(r)
    }
    for (const [, to] of message.diff.updated) this.#hold(to)
    for (const id of message.diff.removed) {
      if (id.startsWith('log:')) this.logs--
      this.fighters.delete(id)
      this.tokens.delete(id)
    }
  }

  #hold(r: ViewRecord): void {
    if (r.typeName === 'combatant' && r.numbers.kind === 'exact') {
      this.fighters.set(r.id, {
        hp: r.numbers.hp,
        maxHp: r.numbers.maxHp,
        conditions: new Map(r.conditions.map((c) => [c.conditionId, c.key])),
      })
    } else if (r.typeName === 'token') {
      this.tokens.set(r.id, { sceneId: r.sceneId, combatantId: r.combatantId, x: r.x, y: r.y })
    }
  }
}

/** Conditions a GM hands out in a fight; bleeding also hurts at each turn start. */
const CONDITIONS = ['prone', 'stunned', 'fear', 'suppressed', 'buzzed', 'bleeding', 'pinned-down', 'lonely'] as const
const ROLLS = ['2d10+3', '1d100', '3d6', '4d8-2', '1d20+5'] as const

type Draft = { type: string; payload: unknown }

/**
 * Weights out of 100: HP changes 34, token moves 15, next turn 14, previous turn 2, dice 13,
 * conditions on 8 and off 4, undo 6, redo 4 (when there is something to redo). Health stays
 * between 1 and max, conditions last 1–3 rounds or until the bearer's turn ends, tokens
 * wander within a 90 m field: the state stays the size it started, only the log grows.
 */
export class SoakMix {
  readonly #rng: () => number

  constructor(
    seed: string,
    private readonly window: SoakWindow,
  ) {
    this.#rng = seedrandom(seed)
  }

  #int(lo: number, hi: number): number {
    return lo + Math.floor(this.#rng() * (hi - lo + 1))
  }

  #pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.#rng() * xs.length)]!
  }

  #combatant(): [string, Fighter] {
    return this.#pick([...this.window.fighters])
  }

  next(n: number): CommandDraft {
    const roll = this.#rng() * 100
    const draft =
      roll < 34
        ? this.#hp()
        : roll < 49
          ? this.#move()
          : roll < 63
            ? { type: 'encounter/nextTurn', payload: {} }
            : roll < 65
              ? { type: 'encounter/previousTurn', payload: {} }
              : roll < 78
                ? { type: 'dice/roll', payload: { expression: this.#pick(ROLLS), purpose: `soak ${n}`, secret: this.#rng() < 0.2 } }
                : roll < 86
                  ? this.#conditionOn()
                  : roll < 90
                    ? this.#conditionOff()
                    : roll < 96
                      ? { type: 'history/undo', payload: {} }
                      : this.window.redoable
                        ? { type: 'history/redo', payload: {} }
                        : this.#hp()
    return { ...draft, meta: { commandId: `soak-${n}` } } as CommandDraft
  }

  #hp(): Draft {
    const [combatantId, f] = this.#combatant()
    const amount = this.#int(1, 8)
    // Hurt the healthy, heal the hurt: nobody goes down, so the turn walk keeps everyone.
    const heal = f.hp <= f.maxHp / 2 || f.hp <= 1
    const delta = heal ? Math.min(amount, f.maxHp - f.hp) : -Math.min(amount, f.hp - 1)
    return { type: 'combatant/adjustHp', payload: { combatantId, delta: delta === 0 ? -1 : delta } }
  }

  #move(): Draft {
    const t = this.#pick([...this.window.tokens.values()])
    const step = () => (this.#rng() < 0.5 ? -1 : 1) * (0.5 + this.#int(0, 3) * 0.5)
    const clamp = (v: number) => Math.min(90, Math.max(1, v))
    return {
      type: 'token/place',
      payload: { sceneId: t.sceneId, combatantId: t.combatantId, x: clamp(t.x + step()), y: clamp(t.y + step()) },
    }
  }

  #conditionOn(): Draft {
    const [combatantId, f] = this.#combatant()
    const free = CONDITIONS.filter((c) => !f.conditions.has(c))
    if (free.length === 0) return this.#conditionOff()
    const duration = this.#rng() < 0.7 ? { kind: 'rounds', rounds: this.#int(1, 3) } : { kind: 'turnEnd', of: combatantId }
    return { type: 'condition/add', payload: { combatantId, condition: this.#pick(free), duration } }
  }

  #conditionOff(): Draft {
    const bearers = [...this.window.fighters].filter(([, f]) => f.conditions.size > 0)
    if (bearers.length === 0) return this.#conditionOn()
    const [combatantId, f] = this.#pick(bearers)
    return { type: 'condition/remove', payload: { combatantId, key: this.#pick([...f.conditions.values()]) } }
  }
}
