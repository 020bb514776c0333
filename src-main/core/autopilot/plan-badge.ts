import { randomUUID } from 'node:crypto'
import { teamOf, type ForecastProgress } from '../../../src-shared/autopilot'
import type { CommandAck } from '../../../src-shared/contract'
import { PLAN_BADGE } from '../../../src-shared/limits'
import { partyFingerprint } from '../../../src-shared/plan-badge'
import type { CombatantRecord, PlanId, PlanRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { RecordReader } from '../state/record-store'
import { candidateStore, partyBase } from './balance-lineup'
import type { BalanceCampaign, BalanceForecast } from './balance-service'

/*
 * Issue 35: a saved encounter's difficulty badge. After a save the desk forecasts the saved
 * line-up against the party as it stands, through the forecast's own public entry (so in the
 * background, giving way to the desk), and records the result with the plan as one command that
 * is not an undo step. The save itself never waits for it.
 */

export type BadgeDispatch = (command: unknown) => Result<CommandAck>

const partyOf = (store: RecordReader): CombatantRecord[] => store.ofType('combatant').filter((c) => teamOf(c.side) === 'party')

/** The fight a badge measures: the party with the saved line-up as its enemies, in a fresh fight. */
export function badgeFight(store: RecordReader, ruleset: BalanceCampaign['ruleset'], plan: PlanRecord): Result<RecordReader> {
  return candidateStore(
    partyBase(store),
    ruleset,
    plan.entries.map((e) => ({ source: { kind: 'template' as const, templateId: e.templateId }, name: e.templateId, count: e.count })),
  )
}

/** Whether a command (as sent, not yet checked) may save an encounter: `plan/save`, or a squad added and saved as one. */
export function savesPlan(command: unknown): boolean {
  const c = command as { type?: unknown; payload?: { saveAs?: unknown } } | null
  return c?.type === 'plan/save' || (c?.type === 'squad/add' && typeof c.payload?.saveAs === 'string')
}

/** The saved encounter whose counts a command (as sent) sets, if it is `plan/counts`. */
export function recounted(command: unknown): PlanId | null {
  const c = command as { type?: unknown; payload?: { planId?: unknown } } | null
  return c?.type === 'plan/counts' && typeof c.payload?.planId === 'string' ? (c.payload.planId as PlanId) : null
}

interface Job {
  jobId: string
  readonly planId: PlanId
  /** The line-up it measures, as it was when its fights began. */
  readonly entries: string
}

/** One badge forecast at a time: a newer request (another save, a refresh) replaces the one playing. */
export class PlanBadges {
  #job: Job | null = null

  constructor(
    private readonly forecast: BalanceForecast,
    private readonly dispatch: BadgeDispatch,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(planId: PlanId, campaign: BalanceCampaign | null): Result<{ readonly jobId: string }> {
    if (!campaign) return fail('campaign/none', 'Open a campaign to forecast a saved encounter in it.')
    const plan = campaign.store.get(planId)
    if (plan?.typeName !== 'plan') return fail('plan/notFound', 'That saved encounter is gone (deleted, or undone away).')
    const party = partyOf(campaign.store)
    if (party.length === 0)
      return fail('balance/noParty', 'The campaign has no party in it: add the player characters, then forecast the encounter.')
    const fight = badgeFight(campaign.store, campaign.ruleset, plan)
    if (!fight.ok) return fight
    // Stamped with the party as it is now: a sheet changed while the fights play makes it stale at once.
    const stamp = partyFingerprint(party)
    if (this.#job) this.forecast.cancel(this.#job.jobId)
    const job: Job = { jobId: '', planId, entries: JSON.stringify(plan.entries) }
    this.#job = job
    const started = this.forecast.start(
      { fights: PLAN_BADGE.fights, seed: `badge-${planId}` },
      { store: fight.value, rulesetId: campaign.rulesetId },
      (p) => this.#heard(job, p, stamp, campaign),
      // Never over the GM's own forecast or Balance: it waits for them.
      { background: true },
    )
    if (!started.ok) {
      this.#job = null
      return started
    }
    job.jobId = started.value.jobId
    return ok({ jobId: started.value.jobId })
  }

  #heard(job: Job, p: ForecastProgress, stamp: string, campaign: BalanceCampaign): void {
    if (this.#job !== job || p.state === 'running') return
    this.#job = null
    const v = p.variants[0]
    if (p.state !== 'done' || !v || v.fights === 0) return
    if (campaign.stillOpen && !campaign.stillOpen()) return
    // The line-up changed while its fights played (new counts, an undo): this badge measured another one.
    const now = campaign.store.get(job.planId)
    if (now?.typeName !== 'plan' || JSON.stringify(now.entries) !== job.entries) return
    this.dispatch({
      type: 'plan/badge',
      payload: {
        planId: job.planId,
        badge: {
          win: v.partyWins.share,
          winInterval: v.partyWins.interval,
          down: v.partyDown.share,
          downInterval: v.partyDown.interval,
          fights: v.fights,
          at: this.now().toISOString(),
          party: stamp,
        },
      },
      meta: { commandId: `badge-${randomUUID()}` },
    })
  }
}
