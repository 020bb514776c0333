import type { CombatantId } from '../../../src-shared/records'
import type { CampaignView } from '../state/campaign-view.svelte'
import { sameMap } from '../state/same-contents'
import { LatestOnly } from './latest-only'
import { NO_VERDICTS, reachVerdicts, type ReachVerdicts } from './reach-verdicts'

/** Whose reach to judge: the attacker, the weapon and mode the attack panel picked, and the campaign's version. */
export interface ReachQuestion {
  readonly attackerId: CombatantId
  readonly weapon: number
  readonly mode: string
  readonly version: number
}

/**
 * Which tokens the attacker's weapon cannot reach, by the ruleset's own verdict (the preview's
 * `blocked`, with its reason). One previewReach per attacker, weapon and campaign change —
 * never per frame — with at most one in flight; the marks stay up while a newer answer for the
 * same weapon is on its way, so a command does not make them blink.
 */
export class ReachMarks {
  verdicts = $state.raw<ReachVerdicts>(NO_VERDICTS)
  #asked = ''
  #subject = ''
  readonly #reach: LatestOnly<ReachQuestion, ReachVerdicts>

  constructor(campaign: () => Pick<CampaignView, 'transportRequest'>) {
    this.#reach = new LatestOnly<ReachQuestion, ReachVerdicts>(
      async (q) => {
        const r = await campaign().transportRequest('previewReach', { attackerId: q.attackerId, weapon: q.weapon, mode: q.mode })
        return r.ok ? reachVerdicts(r.value.targets) : NO_VERDICTS
      },
      // The verdicts it had while nothing in them changed: every token reads them (issue 36).
      (verdicts) => {
        const was = this.verdicts
        if (verdicts.attacker !== was.attacker || !sameMap(verdicts.blocked, was.blocked)) this.verdicts = verdicts
      },
    )
  }

  /** What the map wants judged now; null when there is nothing to mark (no attacker on the table's scene). */
  want(q: ReachQuestion | null): void {
    const subject = q ? `${q.attackerId}|${q.weapon}|${q.mode}` : ''
    const key = q ? `${subject}@${q.version}` : ''
    if (key === this.#asked) return
    this.#asked = key
    if (subject !== this.#subject) {
      this.#subject = subject
      this.#reach.clear()
      this.verdicts = NO_VERDICTS
    }
    if (q) this.#reach.request(q)
  }
}
