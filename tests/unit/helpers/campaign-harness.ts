import type { CommandInput, CommandType } from '../../../src-shared/commands'
import { formatLog } from '../../../src-shared/log-format'
import type { Result } from '../../../src-shared/result'
import { CampaignEngine, type Executed } from '../../../src-main/core/engine/campaign-engine'
import { CampaignRepository } from '../../../src-main/core/persistence/campaign-repository'
import type { DurableFs } from '../../../src-main/core/persistence/durable-fs'
import type { OpenCampaign } from '../../../src-main/core/persistence/open-campaign'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { tempDir } from './temp-dir'

let counter = 0

/** A real campaign on disk with its engine, for driving commands the way the core does. */
export class CampaignHarness {
  private constructor(
    readonly dataDir: string,
    readonly repo: CampaignRepository,
    public campaign: OpenCampaign,
    public engine: CampaignEngine,
    readonly ruleset: Ruleset,
  ) {}

  static async create(
    seed = 'test-seed',
    dataDir = tempDir(),
    fs?: DurableFs,
    ruleset: Ruleset = genericRuleset,
  ): Promise<CampaignHarness> {
    // A clock that ticks a second per reading: deterministic, and backups sort in the order made.
    let tick = 0
    const now = () => new Date(Date.UTC(2026, 10, 22, 10, 0, tick++))
    const repo = new CampaignRepository(fs ? { dataDir, now, fs } : { dataDir, now })
    const campaign = await repo.create('Test campaign', seed, ruleset.id)
    return new CampaignHarness(dataDir, repo, campaign, new CampaignEngine(campaign, ruleset), ruleset)
  }

  run<T extends CommandType>(type: T, payload: CommandInput<T>, typedDice?: number[]): Result<Executed> {
    const meta = typedDice ? { commandId: `cmd-${++counter}`, typedDice } : { commandId: `cmd-${++counter}` }
    return this.engine.execute({ type, payload, meta })
  }

  /** Like run, but fails the test with the core's message if the command is refused. */
  must<T extends CommandType>(type: T, payload: CommandInput<T>, typedDice?: number[]): Executed {
    const r = this.run(type, payload, typedDice)
    if (!r.ok) throw new Error(`${type} refused: ${r.error.code}: ${r.error.message}`)
    return r.value
  }

  combatantId(name: string): `combatant:${string}` {
    const c = this.campaign.store.ofType('combatant').find((x) => x.name === name)
    if (!c) throw new Error(`no combatant named ${name}`)
    return c.id
  }

  logText(): string {
    return formatLog(this.campaign.store.ofType('log'))
  }

  /** Closes without compacting (like a crash after the last fsync) and reopens from disk. */
  async reopen(): Promise<Result<OpenCampaign>> {
    const id = this.campaign.id
    const reopened = await this.repo.open(id)
    if (reopened.ok) {
      this.campaign = reopened.value
      this.engine = new CampaignEngine(reopened.value, this.ruleset)
    }
    return reopened
  }
}
