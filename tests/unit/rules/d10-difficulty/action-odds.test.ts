import { describe, expect, it } from 'vitest'
import type { ActionOdds } from '../../../../src-shared/attack'
import type { Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { combatant, condition, d10, sheet } from './d10-fixtures'

/* The odds of the d10 acts before they are rolled, against figures worked by hand from the dice. */

const odds = (r: Result<ActionOdds> | null | undefined): ActionOdds => {
  if (!r) throw new Error('no odds for this act')
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const total = (o: ActionOdds) => o.outcomes.reduce((t, b) => t + b.probability, 0)
const band = (o: ActionOdds, label: string) => o.outcomes.find((b) => b.label === label)?.probability

const ash = combatant('Ash', sheet({ attributes: { str: 0, dex: 2, con: 0, per: 0 } }))
const bo = combatant('Bo', sheet({ attributes: { str: 0, dex: -1, con: 0, per: 0 } }))
const ask = (action: string, a: RulesCombatant, t: RulesCombatant | null, options = {}) =>
  d10.actions!.odds!({ actorId: a.id, action, targetId: t?.id ?? null, options }, a, t)

describe('d10 acts: odds before rolling', () => {
  it('002 Actions, SR-D10-40: the reaction contest, d10 + 2 against d10 − 1, ties rolled again', () => {
    // A − B over two d10 is k with chance (10 − |k|)/100. Ash is ahead when A − B ≥ −2:
    // 8 + 9 + 10 + (9 + 8 + … + 1) = 72 in 100; a tie (A − B = −3) is 7 in 100, rolled again,
    // so Ash acts first 72 / (100 − 7) of the time.
    const o = odds(ask('reaction-contest', ash, bo))
    expect(band(o, 'Ash acts first')).toBeCloseTo(72 / 93, 12)
    expect(band(o, 'Bo acts first')).toBeCloseTo(21 / 93, 12)
    expect(total(o)).toBeCloseTo(1, 12)
  })

  it('SR-D10-40: equal DEX is an even contest', () => {
    const o = odds(ask('reaction-contest', ash, combatant('Cy', sheet({ attributes: { str: 0, dex: 2, con: 0, per: 0 } }))))
    expect(band(o, 'Ash acts first')).toBeCloseTo(0.5, 12)
  })

  it('002 Suppressing Fire: the target is suppressed for certain; its shot if it leaves cover is priced as the prompt prices it', () => {
    const gunner = combatant('Gunner', sheet(), { position: { x: 0, y: 0, radius: 0.5 }, acting: true })
    const runner = combatant('Runner', sheet(), { position: { x: 30, y: 0, radius: 0.5 } })
    const options = { weapon: '0', width: 3, bullets: 2, actions: 2 }
    const o = odds(ask('suppress', gunner, runner, options))
    expect(o.outcomes).toEqual([{ label: 'Runner suppressed', probability: 1 }])
    const [each] = o.each
    const hit = each!.outcomes.find((b) => b.label === 'hit by the shot')!.probability
    expect(each!.outcomes.reduce((t, b) => t + b.probability, 0)).toBeCloseTo(1, 12)
    // The prompt the runner draws when it breaks cover where it stands, from the same lane.
    const laid = d10.actions!.perform({ actorId: gunner.id, action: 'suppress', targetId: runner.id, options }, gunner, runner, {
      roll: () => {
        throw new Error('suppressing fire rolls nothing')
      },
    })
    if (!laid.ok) throw new Error(laid.error.message)
    const held = {
      ...runner,
      conditions: [condition('suppressed', { sourceId: gunner.id, data: laid.value.conditions![1]!.add![0]!.data })],
    }
    const moved = d10.onMapMove!(held, { from: { x: 30, y: 0 }, to: { x: 30, y: 0 } }, [], [gunner, held])
    const prompt = moved?.ok ? moved.value.prompts![0]!.odds : ''
    expect(prompt).toContain(`hit ${(Math.round(hit * 1000) / 10).toFixed(1)}%`)
  })

  it('acts that roll nothing are left to the core (null), and a refused act is said as such', () => {
    expect(ask('aim', ash, bo)).toBeNull()
    expect(ask('reaction-contest', ash, null)).toBeNull()
  })
})
