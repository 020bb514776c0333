import type { ExplanationSection } from '../../../src-shared/attack'
import type { CommandPayload, CommandType } from '../../../src-shared/commands'
import type { RollRecord } from '../../../src-shared/dice'
import type { DomainEvent } from '../../../src-shared/events'
import type { CombatantId, CombatantRecord, EncounterRecord, LogVisibility, SceneId, SceneRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ParsedRules, Ruleset } from '../../rules/ruleset'
import type { Dice } from '../dice/dice-roller'
import type { StoryHeadline } from './story-facts'
import type { RecordReader } from '../state/record-store'

/**
 * Everything a decider may use. It can read state and ask for dice; it cannot touch the
 * generator, the clock or the disk, so the events it returns are the whole story.
 */
export interface DecideContext {
  readonly state: RecordReader
  readonly dice: Dice
  readonly ruleset: Ruleset
  readonly commandId: string
  /** The journal position this command will take; ids derive from it, so replays and reruns match. */
  readonly seq: number
  /** A secret roll (issue 16): every line it logs is the GM's, and the table is told nothing. */
  readonly secret: boolean
  newId<P extends string>(prefix: P): `${P}:${string}`
  log(text: string, options?: LogOptions): DomainEvent
}

export interface LogOptions {
  readonly rolls?: readonly RollRecord[]
  /** Who may read it; defaults to everyone. */
  readonly visibility?: LogVisibility
  /** The round it belongs to, when the command itself changes the round. */
  readonly round?: number
  readonly detail?: readonly ExplanationSection[]
  /** The combatants the entry is about (the log filters on them). */
  readonly subjects?: readonly CombatantId[]
}

export interface Decision {
  readonly events: readonly DomainEvent[]
  /** Short label for the undo/redo tooltips, e.g. "Roll initiative". */
  readonly label: string
  /** What only the decider knows for the table's story (who attacked whom, a check's outcome); see story-facts.ts. */
  readonly headline?: StoryHeadline
}

export type Decider<T extends CommandType> = (ctx: DecideContext, payload: CommandPayload<T>) => Result<Decision>

/** Runs untrusted ruleset data through the campaign's ruleset, which names any bad field. */
export function parseRules(ctx: DecideContext, input: unknown): Result<ParsedRules> {
  const rules = ctx.ruleset.combatantRules
  if (!rules) return fail('rules/unsupported', `The ${ctx.ruleset.name} ruleset keeps no per-combatant data.`)
  return rules.parse(input)
}

export function findCombatant(state: RecordReader, id: CombatantId): Result<CombatantRecord> {
  const r = state.get(id)
  return r?.typeName === 'combatant' ? ok(r) : fail('combatant/notFound', `No combatant ${id} in this campaign.`)
}

export function findScene(state: RecordReader, id: SceneId): Result<SceneRecord> {
  const r = state.get(id)
  return r?.typeName === 'scene' ? ok(r) : fail('scene/notFound', `No scene ${id} in this campaign.`)
}

export function activeEncounter(state: RecordReader): EncounterRecord | undefined {
  return state.ofType('encounter').find((e) => e.status === 'active')
}

/** Placed combatants in acting order (by sort key, then id); those without a place are left out. */
export function turnOrder(state: RecordReader): readonly CombatantRecord[] {
  // Kept by the store between commands: sorting the whole fight per turn grew with its size.
  return state.turnOrder()
}

/** Log text about a combatant is public only when the players can see that combatant. */
export function visibilityOf(c: Pick<CombatantRecord, 'hidden'>): LogVisibility {
  return c.hidden ? 'gm' : 'all'
}
