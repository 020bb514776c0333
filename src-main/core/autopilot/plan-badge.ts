import { randomUUID } from 'node:crypto'
import { teamOf, type ForecastProgress } from '../../../src-shared/autopilot'
import type { CommandAck } from '../../../src-shared/contract'
import { PLAN_BADGE } from '../../../src-shared/limits'
import { partyFingerprint } from '../../../src-shared/plan-badge'
import type { CombatantRecord, PlanId, PlanRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { RecordReader } from '../state/record-store'
import { balanceBase, candidateStore } from './balance-lineup'
import type { BalanceCampaign, BalanceForecast } from './balance-service'

/*
 * Issue 35: a saved encounter's difficulty badge. After a save the desk forecasts the saved
 * line-up against the party as it stands, through the forecast's own public entry (so in the
 * background, giving way to the desk), and records the result with the plan as one command that
 * is not an undo step. The save itself never waits for it.
 */

export type BadgeDispatch = (command: unknown) => Result<CommandAck>

const partyOf = (store: RecordReader): CombatantRecord[] => store.ofType('combatant').filter((c) => teamOf(c.side) === 'party')

/**
 * The fight a badge measures: the party with the saved line-up as its enemies, in a fresh fight.
 * The encounter running now and the enemies in it are not the saved encounter's fight.
 */
export function badgeFight(store: RecordReader, ruleset: BalanceCampaign['ruleset'], plan: PlanRecord): Result<RecordReader> {
  const base = balanceBase(store).filter((r) => {
    const rec = r as { typeName: string; side?: CombatantRecord['side'] }
    if (rec.typeName === 'encounter') return false
    return rec.typeName !== 'combatant' || teamOf(rec.side!) === 'party'
  })
  return candidateStore(
    base,
    ruleset,
    plan.entries.map((e) => ({ source: { kind: 'template' as const, templateId: e.templateId }, name: e.templateId, count: e.count })),
  )
}

/** Whether a command (as sent, not yet checked) may save an encounter: `plan/save`, or a squad added and saved as one. */
export function savesPlan(command: unknown): boolean {
  const c = command as { type?: unknown; payload?: { saveAs?: unknown } } | null
  return c?.type === 'plan/save' || (c?.type === 'squad/add' && typeof c.payload?.saveAs === 'string')
}

/** One badge forecast at a time: a newer request (another save, a refresh) replaces the one playing. */
export class PlanBadges {
  #job: { readonly jobId: string; readonly planId: PlanId } | null = null

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
    const job: { jobId: string; planId: PlanId } = { jobId: '', planId }
    this.#job = job
    const started = this.forecast.start(
      { fights: PLAN_BADGE.fights, seed: `badge-${planId}` },
      { store: fight.value, rulesetId: campaign.rulesetId },
      (p) => this.#heard(job, p, stamp, campaign),
    )
    if (!started.ok) {
      this.#job = null
      return started
    }
    job.jobId = started.value.jobId
    return ok({ jobId: started.value.jobId })
  }

  #heard(job: { readonly jobId: string; readonly planId: PlanId }, p: ForecastProgress, stamp: string, campaign: BalanceCampaign): void {
    if (this.#job !== job || p.state === 'running') return
    this.#job = null
    const v = p.variants[0]
    if (p.state !== 'done' || !v || v.fights === 0) return
    if (campaign.stillOpen && !campaign.stillOpen()) return
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
