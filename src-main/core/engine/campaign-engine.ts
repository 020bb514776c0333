import { createHash } from 'node:crypto'
import type { CommandAck } from '../../../src-shared/contract'
import { isHistoryCommand, validateCommand, type Command, type CommandType } from '../../../src-shared/commands'
import type { DomainEvent } from '../../../src-shared/events'
import { LOG_SEQ_STRIDE } from '../../../src-shared/limits'
import type { LogEntryRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Ruleset } from '../../rules/ruleset'
import { activeEncounter, type DecideContext, type Decider, type Decision, type LogOptions } from '../commands/decide-context'
import { DECIDERS } from '../commands/deciders'
import { DiceError, DiceRoller } from '../dice/dice-roller'
import { seededSource, type SeededSource } from '../dice/random-source'
import type { OpenCampaign } from '../persistence/open-campaign'
import { changesProblem, journalFull, journalHasRoom } from '../persistence/written-bounds'
import type { RecordChange, StoredRecord } from '../state/stored-records'
import { ApplyError } from '../events/apply-event'
import { changesFor, type StoryTeller } from '../events/changes-for'
import { storyEvent } from '../commands/story-record'
import { isSecretCommand } from '../commands/story-secret'
import type { JournalEntry } from '../events/journal-entry'
import { AppliedCommands } from './applied-commands'
import { campaignRuleset, campaignRulesInput } from './campaign-ruleset'

/**
 * Ids are a keyed hash of the journal position: the same campaign and commands give the same
 * ids (replays match, the journal records them anyway), yet an id tells the players nothing
 * about how many commands — or hidden combatants — came before it, nor anything of the key:
 * the campaign's random id key, never the dice seed the GM may have typed.
 */
function opaqueId(key: string, seq: number, prefix: string, n: number): string {
  return createHash('sha256').update(`${key}\u0000${seq}\u0000${prefix}\u0000${n}`).digest('base64url').slice(0, 12)
}

export interface Executed {
  readonly ack: CommandAck
  readonly commandType: CommandType
  readonly changes: readonly RecordChange[]
  /** The campaign's own content changed: cards and previews must be rebuilt everywhere. */
  readonly contentChanged: boolean
  /** The command id was applied before: acknowledged again, changed nothing. */
  readonly repeated: boolean
}

interface Prepared {
  readonly command: Command
  readonly ctx: DecideContext
  readonly dice: DiceRoller
  readonly source: SeededSource | null
}

/**
 * The command pipeline for one open campaign:
 * validate → prepare → decide → apply (to a draft) → journal (fsync) → commit → publish.
 * A failure at any step returns `{ code, message }` and leaves state and disk unchanged.
 */
const settingsOf = (r: StoredRecord | null) => (r?.typeName === 'campaign' ? JSON.stringify(r.rulesetSettings ?? {}) : '')

export class CampaignEngine {
  #ruleset: Ruleset
  readonly #applied: AppliedCommands

  constructor(
    private readonly campaign: OpenCampaign,
    private readonly baseRuleset: Ruleset,
  ) {
    this.#ruleset = this.#withCampaignContent()
    this.#applied = AppliedCommands.fromStore(campaign.store, undefined, campaign.archivedRecent)
  }

  /** The campaign's ruleset with the GM's own content layered over the shipped content, under the campaign's settings. */
  get ruleset(): Ruleset {
    return this.#ruleset
  }

  #withCampaignContent(): Ruleset {
    return campaignRuleset(this.baseRuleset, campaignRulesInput(this.campaign.store))
  }

  execute(input: unknown): Result<Executed> {
    const valid = validateCommand(input)
    if (!valid.ok) return fail('command/invalid', `Invalid command: ${valid.message}.`)
    const target = valid.command.meta.campaignId
    if (target !== undefined && target !== this.campaign.id) {
      return fail('campaign/changed', 'That command was meant for another campaign (the campaign was switching); nothing was changed.')
    }
    // Sent again (a retry after a dropped connection): acknowledged as it was, applied once.
    const before = this.#applied.seqOf(valid.command.meta.commandId)
    if (before !== undefined) {
      return ok({
        ack: { commandId: valid.command.meta.commandId, version: before || this.campaign.seq },
        commandType: valid.command.type,
        changes: [],
        contentChanged: false,
        repeated: true,
      })
    }
    // Refused before anything is decided: a seq past the bound would be journaled, and the campaign refused at its next open.
    if (!journalHasRoom(this.campaign.seq)) return fail('campaign/journalFull', journalFull())
    const prepared = this.#prepare(valid.command)
    let decision: Result<Decision>
    try {
      decision = (DECIDERS[prepared.command.type] as Decider<CommandType>)(prepared.ctx, prepared.command.payload)
      if (decision.ok) prepared.dice.assertTypedConsumed()
    } catch (e) {
      if (e instanceof DiceError) return fail(e.code, e.message)
      return fail('engine/failed', `The rules engine failed on ${prepared.command.type}: ${(e as Error).message}`)
    }
    if (!decision.ok) return decision
    const events: DomainEvent[] = [...decision.value.events]
    if (prepared.dice.drewSeeded && prepared.source) {
      events.push({ type: 'rng/advanced', state: prepared.source.state() })
    }
    const entry: JournalEntry = {
      seq: prepared.ctx.seq,
      commandId: prepared.command.meta.commandId,
      commandType: prepared.command.type,
      label: decision.value.label,
      events,
    }
    // Every command but undo and redo (whose marks restore the story as it was) may tell the table something.
    const tell: StoryTeller | undefined = isHistoryCommand(entry.commandType)
      ? undefined
      : (after, made) => {
          const told = storyEvent(after, made, {
            ruleset: this.#ruleset,
            headline: decision.value.headline ?? null,
            secret: prepared.ctx.secret,
          })
          if (told) events.push(told)
          return told
        }
    let changes: RecordChange[]
    try {
      changes = changesFor(this.campaign.store, entry, tell)
    } catch (e) {
      if (e instanceof ApplyError) return fail('engine/inconsistent', `Could not apply ${entry.commandType}: ${e.message}`)
      throw e
    }
    const unopenable = changesProblem(changes)
    if (unopenable) {
      return fail(
        'campaign/pastBounds',
        `That would write a number past what a campaign can hold (${unopenable}), and the campaign could not be opened again; nothing was changed.`,
      )
    }
    try {
      this.campaign.append(entry)
    } catch (e) {
      return fail('storage/writeFailed', `Could not save to ${this.campaign.paths.journal}: ${(e as Error).message}. Nothing was changed.`)
    }
    this.campaign.store.applyChanges(changes)
    this.#applied.add(entry.commandId, entry.seq)
    // An encounter that ended takes its log to its archive: the live document stays small.
    const ended = changes.find(
      (c) => c.from?.typeName === 'encounter' && c.from.status === 'active' && c.to?.typeName === 'encounter' && c.to.status === 'ended',
    )
    if (ended) changes = [...changes, ...this.campaign.archiveLog(ended.id, entry.seq)]
    // New content or new settings make a new ruleset, and every view of it is redrawn.
    const contentChanged = changes.some(
      (c) => c.id.startsWith('content:') || (c.id === 'campaign' && settingsOf(c.from) !== settingsOf(c.to)),
    )
    if (contentChanged) this.#ruleset = this.#withCampaignContent()
    return ok({
      ack: { commandId: entry.commandId, version: entry.seq },
      commandType: entry.commandType,
      changes,
      contentChanged,
      repeated: false,
    })
  }

  /** The only place a generator is built: from the campaign's stored RNG state, or typed faces. */
  #prepare(command: Command): Prepared {
    const store = this.campaign.store
    const rng = store.get('rng')
    const source = rng?.typeName === 'rng' ? seededSource(rng.seed, rng.state) : null
    const dice = new DiceRoller(
      source ?? {
        next: () => {
          throw new Error('this campaign has no random generator record')
        },
      },
      command.meta.typedDice,
      command.meta.rollMissing === true,
    )
    const seq = this.campaign.seq + 1
    const counters = new Map<string, number>()
    let logIndex = 0
    // Every campaign has its key once opened; the seed stands in only for a store built without one (tests of old files).
    const key = rng?.typeName === 'rng' ? (rng.idKey ?? rng.seed) : ''
    const newId = <P extends string>(prefix: P): `${P}:${string}` => {
      const n = counters.get(prefix) ?? 0
      counters.set(prefix, n + 1)
      return `${prefix}:${opaqueId(key, seq, prefix, n)}` as `${P}:${string}`
    }
    const roundNow = activeEncounter(store)?.round ?? 0
    const secret = isSecretCommand(command, this.#ruleset, store)
    const ctx: DecideContext = {
      state: store,
      dice,
      ruleset: this.#ruleset,
      commandId: command.meta.commandId,
      seq,
      secret,
      newId,
      log: (text: string, options: LogOptions = {}): DomainEvent => {
        const entry: LogEntryRecord = {
          typeName: 'log',
          id: newId('log'),
          seq: seq * LOG_SEQ_STRIDE + logIndex++,
          commandId: command.meta.commandId,
          round: options.round ?? roundNow,
          text,
          rolls: options.rolls ?? [],
          // A secret roll's lines are all the GM's, whatever the decider would show.
          visibility: secret ? 'gm' : (options.visibility ?? 'all'),
          ...(options.detail ? { detail: options.detail } : {}),
          ...(options.subjects?.length ? { subjects: [...new Set(options.subjects)] } : {}),
          ...(command.meta.autopilot ? { autopilot: true as const } : {}),
        }
        return { type: 'log/written', entry }
      },
    }
    return { command, ctx, dice, source }
  }
}
