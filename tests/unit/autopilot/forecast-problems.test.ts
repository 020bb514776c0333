import { expect, it } from 'vitest'
import { ForecastRun } from '../../../src-main/core/autopilot/forecast-run'
import { fightRecords, SimTable } from '../../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../../src-main/core/dice/random-source'
import { cx } from '../rules/compound-x/cx-harness'
import { fightOf, forecastOf } from './fights'

/** Issue 17, bad input: a forecast that cannot be played says why at once, instead of spinning. */

const raider = cx.quickNpcs![0]!
const start = (records: readonly unknown[], roundCap?: number) =>
  ForecastRun.start({ records, seed: 'p', fights: 5, whatIf: [], ...(roundCap ? { roundCap } : {}) }, cx)

it('refuses a fight with one side empty, naming the missing side', () => {
  const only = start(fightOf(cx, [{ side: 'party', npc: raider, count: 2 }]))
  expect(only.ok || only.error).toMatchObject({ code: 'forecast/sides', message: expect.stringMatching(/enemy side/) })
  const foes = start(fightOf(cx, [{ side: 'enemy', npc: raider, count: 2 }]))
  expect(foes.ok || foes.error.message).toMatch(/party’s side/)
})

it('refuses a fight nobody can win (nobody has a weapon that can hurt), and names who cannot fight in one that can end', () => {
  // Combatants without sheets have no weapons: the rules preview no attack for them.
  const t = new SimTable([], cx, seededSource('bare'))
  for (const side of ['party', 'enemy'] as const)
    t.run('combatant/add', {
      name: `Bare ${side}`,
      side,
      kind: 'npc',
      maxHp: 10,
      hp: undefined,
      initiativeModifier: 0,
      hidden: false,
      rules: undefined,
    })
  const harmless = start(fightRecords(t.store))
  expect(harmless.ok || harmless.error).toMatchObject({
    code: 'forecast/harmless',
    message: expect.stringMatching(/Nobody can hurt anybody/),
  })
  // Beside armed fighters on both sides, the bare one is named and the forecast still runs.
  for (const side of ['party', 'enemy'] as const)
    t.run('combatant/add', {
      name: `Armed ${side}`,
      side,
      kind: 'npc',
      maxHp: 1,
      hp: undefined,
      initiativeModifier: 0,
      hidden: false,
      rules: raider.rules as never,
    })
  const run = start(fightRecords(t.store))
  if (!run.ok) throw new Error(run.error.message)
  expect(run.value.notes).toEqual([
    'Bare party has no attack that can reach or hurt an opponent.',
    'Bare enemy has no attack that can reach or hurt an opponent.',
  ])
  while (!run.value.finished) run.value.step(1000)
  expect(run.value.variants()[0]!.fights).toBe(5)
})

it('refuses a fight that is already over', () => {
  const over = start(
    fightOf(cx, [
      { side: 'party', npc: raider, count: 1 },
      { side: 'enemy', npc: raider, count: 1, hp: 0 },
    ]),
  )
  expect(over.ok || over.error.code).toBe('forecast/over')
})

it('counts fights still going at the round cap as undecided, their own outcome, out of the rounds chart', () => {
  const [v] = forecastOf(
    cx,
    fightOf(cx, [
      { side: 'party', npc: raider, count: 3 },
      { side: 'enemy', npc: raider, count: 3 },
    ]),
    20,
    'cap',
    [],
    1,
  )
  expect(v!.undecided.count).toBeGreaterThan(0)
  expect(v!.partyWins.count + v!.enemyWins.count + v!.undecided.count).toBe(20)
  expect(v!.rounds.reduce((a, b) => a + b, 0)).toBe(v!.partyWins.count + v!.enemyWins.count)
})
