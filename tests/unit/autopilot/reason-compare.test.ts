import { describe, expect, it } from 'vitest'
import seedrandom from 'seedrandom'
import { suggestTurn } from '../../../src-main/core/autopilot/live-autopilot'
import { comparisonReason, decidingMeasure, type Compared } from '../../../src-main/core/autopilot/reason-compare'
import { activeEncounter } from '../../../src-main/core/commands/decide-context'
import { autopilotCommand, fightingRulesets, liveFight } from './fights'

/**
 * The autopilot's reasons name the measure that decided, with figures that show it (play tests:
 * "4.3 expected damage beats 4.4"). Every "Chosen over …" line is read back: its two figures must
 * put the chosen act ahead on the measure it names.
 */

/** The figures of a comparison line, checked against its measure; the problem, or null. */
function wrongClaim(line: string): string | null {
  const m = /^Chosen over .+ on (.+?), ([\d.]+)%? against ([\d.]+)%?\.$/.exec(line)
  if (!m) return /beats/i.test(line) ? `an unexplained "beats": ${line}` : null
  const [, measure, mine, theirs] = m
  const lowerWins = measure!.startsWith('risk')
  const ok = lowerWins ? Number(mine) < Number(theirs) : Number(mine) > Number(theirs)
  return ok ? null : `claims ${mine} beats ${theirs} on ${measure}: ${line}`
}

const random = seedrandom('reason-compare')
const odds = () => ({
  hit: random(),
  expectedDamage: Math.round(random() * 200) / 20,
  downChance: random() < 0.4 ? 0 : Math.round(random() * 100) / 100,
  risk: random() < 0.5 ? 0 : Math.round(random() * 20) / 100,
})
const act = (label: string): Compared => ({ label, odds: odds(), targetHp: 1 + Math.floor(random() * 40) })

describe('autopilot reasons', () => {
  it('over thousands of random pairs, name a measure the chosen act leads on, with its figures in the right order', () => {
    let named = 0
    for (let i = 0; i < 5000; i++) {
      const [best, next] = [act('Single at Vex'), act('Burst at Ghost')]
      const d = decidingMeasure(best, next)
      const line = comparisonReason(best, next)
      expect(wrongClaim(line)).toBeNull()
      if (d) {
        named++
        expect(d.higherIsBetter ? d.mine > d.theirs : d.mine < d.theirs).toBe(true)
      } else expect(line).toMatch(/^Ranked above .+ on the overall score/)
    }
    expect(named).toBeGreaterThan(4000)
  })

  it('the play test’s case: 4.3 against 4.4 damage is never called a win on damage', () => {
    const best: Compared = { label: 'A', odds: { hit: 0.6, expectedDamage: 4.3, downChance: 0.5, risk: 0 }, targetHp: 10 }
    const next: Compared = { label: 'Burst at Vex', odds: { hit: 0.6, expectedDamage: 4.4, downChance: 0.2, risk: 0 }, targetHp: 20 }
    expect(comparisonReason(best, next)).toBe('Chosen over burst at Vex on the chance to put its target down, 50% against 20%.')
    const level: Compared = { ...best, odds: { ...best.odds!, downChance: 0.2 } }
    expect(comparisonReason(level, next)).toBe("Chosen over burst at Vex on the share of its target's health it takes, 43% against 22%.")
  })

  it('on live fights of every ruleset, no suggestion’s reason claims a smaller figure beats a bigger one', async () => {
    let lines = 0
    for (const ruleset of await fightingRulesets()) {
      const h = await liveFight(ruleset, 2, 2)
      for (let turn = 0; turn < 12; turn++) {
        const s = suggestTurn(h.campaign.store, ruleset)
        if (!s.ok) break
        for (const r of s.value.reasons) {
          expect(wrongClaim(r)).toBeNull()
          if (r.startsWith('Chosen over')) lines++
        }
        const done = autopilotCommand(h, s.value.command)
        if (!done.ok || !activeEncounter(h.campaign.store)) break
      }
    }
    expect(lines).toBeGreaterThan(3)
  })
})
