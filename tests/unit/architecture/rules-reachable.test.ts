import { beforeAll, describe, expect, it } from 'vitest'
import { unreachedRuleCode } from './rule-reachability'

/*
 * Issue 14: no rule code is unreachable. Every top-level function and value under
 * src-main/rules/ must be named, directly or through other live code, from the core or the
 * hosts; what no command reaches is wired or deleted.
 *
 * PENDING lists what is not reached yet, each with the issue-14 item that wires or deletes it
 * (docs/plans/issue-14-inventory.md). It may only shrink: an entry that is now reached fails
 * the test until it is taken off, so the list never hides live code and always shows that the
 * walk finds dead code.
 */
const PENDING: Readonly<Record<string, string>> = {
  'compound-x/dying/dying-odds.ts#binomial': 'dead code clean-up',
  'compound-x/dying/dying-odds.ts#deathSaveChance': 'dead code clean-up',
  'compound-x/dying/dying-odds.ts#deathWithinTurns': 'dead code clean-up',
  'compound-x/dying/dying-odds.ts#shockWakeChance': 'dead code clean-up',
  'compound-x/dying/dying-odds.ts#stabiliseOdds': 'dead code clean-up',
  'compound-x/dying/dying-odds.ts#wakesByRollChance': 'dead code clean-up',
  'compound-x/dying/dying-state.ts#onWoken': 'dead code clean-up',
  'compound-x/dying/medicine-healing.ts#healWound': 'CX12 medicine',
  'compound-x/dying/medicine-healing.ts#medicineDcModifiers': 'CX12 medicine',
  'compound-x/dying/medicine-healing.ts#MEDKIT_MEDIC_BONUS': 'CX12 medicine',
  'compound-x/dying/medicine-healing.ts#MEDKIT_STAND_IN_SKILL': 'CX12 medicine',
  'compound-x/dying/medicine-healing.ts#NO_BAG_DC': 'CX12 medicine',
  'compound-x/dying/medicine-healing.ts#skillOf': 'CX12 medicine',
  'compound-x/dying/medicine-healing.ts#SOURCE': 'CX12 medicine',
  'compound-x/melee/grapple-state.ts#actionsPerRoundLimit': 'CX6 grappled: 1 action a round',
  'compound-x/melee/grapple-state.ts#inControl': 'CX6 grappled: 1 action a round',
  'compound-x/turns/action-costs.ts#isFreeAction': 'dead code clean-up',
  'compound-x/turns/reload.ts#reloadAction': 'CX9 reload past the turn',
  'compound-x/turns/suppression-effects.ts#afterMove': 'CX3 two suppressors',
  'compound-x/turns/suppression-effects.ts#expireZonesAtTurnStart': 'CX3 two suppressors',
  'compound-x/turns/suppression-effects.ts#isSuppressed': 'CX3 two suppressors',
  'compound-x/turns/suppression-effects.ts#reactionOwed': 'CX3 two suppressors',
  'compound-x/turns/suppression-effects.ts#suppressionMalus': 'CX3 two suppressors',
  'compound-x/turns/turn-budget.ts#actionsLeftOf': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#endTurn': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#hold': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#loseFirstActionNextTurn': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#newTurnBudget': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#notActing': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#pass': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#react': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#shooterSprinted': 'CX2 sprint',
  'compound-x/turns/turn-budget.ts#spend': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#SPRINT_AFTERGLOW_ACTIONS': 'CX2 sprint',
  'compound-x/turns/turn-budget.ts#startRound': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#startTurn': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#triggerHeld': 'dead code clean-up',
  'compound-x/turns/turn-budget.ts#useReaction': 'dead code clean-up',
  'd10-difficulty/turns/d10-economy.ts#oneFree': 'D-6 the free action',
}

describe('rule code is reached from a command or request path', () => {
  let unreached: string[] = []
  // One type-checked walk of the whole program: seconds, not milliseconds.
  beforeAll(() => {
    unreached = unreachedRuleCode().map((u) => `${u.file.replace('src-main/rules/', '')}#${u.name}`)
  }, 120_000)

  it('every top-level function and value under src-main/rules/ is named by live code, or is pending', () => {
    expect(unreached.filter((key) => !(key in PENDING))).toEqual([])
  })

  it('the pending list only names code that is still unreached (take an entry off once it is wired or deleted)', () => {
    expect(Object.keys(PENDING).filter((key) => !unreached.includes(key))).toEqual([])
  })
})
