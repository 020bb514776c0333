import { describe, expect, it } from 'vitest'
import { suggestTurn } from '../../../src-main/core/autopilot/live-autopilot'
import { winnerOf } from '../../../src-main/core/autopilot/fighters'
import { autopilotCommand, fightingRulesets, liveFight } from './fights'

/**
 * Issue 17: the autopilot's policy on a live campaign of each ruleset. Every suggestion must be an
 * act the real engine takes (the policy never offers what the rules refuse), the same state must
 * give the same suggestion, and asking must not draw on the campaign's dice.
 */

const rulesets = await fightingRulesets()

describe.each(rulesets.map((r) => [r.id, r] as const))('autopilot policy: %s', (_id, ruleset) => {
  it('suggests, for every turn of a fight, an act the live engine takes, the same each time it is asked, drawing no campaign die', async () => {
    const h = await liveFight(ruleset)
    const store = h.campaign.store
    let attacks = 0
    for (let step = 0; step < 80 && winnerOf(store, ruleset) === null; step++) {
      for (const p of store.ofType('prompt')) h.must('prompt/dismiss', { promptId: p.id })
      const rng = store.get('rng')
      const s = suggestTurn(store, ruleset)
      if (!s.ok) throw new Error(s.error.message)
      expect(suggestTurn(store, ruleset)).toEqual(s)
      expect(store.get('rng')).toBe(rng)
      expect(s.value.reasons.length).toBeGreaterThan(0)
      const done = autopilotCommand(h, s.value.command)
      if (!done.ok) throw new Error(`refused ${s.value.label}: ${done.error.message}`)
      if (s.value.command.type === 'attack/resolve') attacks++
    }
    expect(attacks).toBeGreaterThan(2)
  }, 60_000)
})
