import { performance } from 'node:perf_hooks'
import { DiceRoller } from '../../src-main/core/dice/dice-roller'
import { seededSource } from '../../src-main/core/dice/random-source'
import type { RangedWeapon } from '../../src-main/rules/compound-x/content/pack-schema'
import { rangedOdds } from '../../src-main/rules/compound-x/odds/ranged-odds'
import type { DefenderState } from '../../src-main/rules/compound-x/protection/defender'
import type { RangedSetup } from '../../src-main/rules/compound-x/ranged/ranged-setup'
import { resolveRanged } from '../../src-main/rules/compound-x/ranged/resolve-ranged'
import { medianP95, timingTable, type BenchPart } from './report'
import { runWhenMain } from './run-alone'
import { summarize } from './stats'

const MONTE_CARLO_SAMPLES = 100_000

/** A burst at an armoured, shielded target: the odds engine's hardest ordinary case. */
const weapon: RangedWeapon = {
  id: 'bench-rifle',
  name: 'Bench rifle',
  category: 'assault-rifle',
  level: 1,
  cost: null,
  damage: { base: 75, type: 'ballistic' },
  apl: 2,
  magazine: { size: 30, ammo: null, costPerMagazine: null },
  reloadDc: 30,
  reloadActions: 2,
  semi: { actionsPerShot: 1 },
  burst: { rounds: 3, missChance: 2, scaling: { stat: 'str', every: 6 } },
  brackets: [
    { maxRange: 15, missChance: 3 },
    { maxRange: 45, missChance: 4 },
    { maxRange: 70, missChance: 5 },
  ],
  suppression: 'medium',
  reflexModifier: 0,
  cqb: false,
}
const setup: RangedSetup = {
  weapon,
  attachments: [],
  mode: 'burst',
  aim: 'aimed',
  distance: 30,
  shooter: {
    stats: { str: 7, per: 8, fort: 6, cha: 5, int: 5, dex: 6, luck: 7 },
    suppressed: false,
    sprinted: false,
    prone: false,
    stealth: false,
  },
  target: { cover: 'partial', stance: 'standing' },
}
const defender: DefenderState = {
  health: 110,
  armour: { coverage: 65, apl: 2, points: 50, maxPoints: 50 },
  shield: {
    maxStrength: 120,
    strength: 120,
    rechargePerTurn: 50,
    restartTurns: 1,
    downTurnsLeft: null,
    fastRechargeNanites: 14,
    blocksAllDamage: false,
  },
  shockSave: 8,
  plasmaBurn: 0,
}

function time(fn: () => void): number {
  const t = performance.now()
  fn()
  return performance.now() - t
}

/** Exact odds vs a 100,000-sample Monte Carlo of the same burst, and how many attacks resolve per second. */
export function runOddsBench(): BenchPart {
  const lines: string[] = []
  const exactTimes: number[] = []
  for (let i = 0; i < 200; i++) exactTimes.push(time(() => rangedOdds(setup, defender, { ammoInMagazine: 30 })))
  const dice = new DiceRoller(seededSource('bench'), undefined)
  const mcTimes: number[] = []
  let mcDown = 0
  for (let run = 0; run < 3; run++) {
    mcTimes.push(
      time(() => {
        for (let i = 0; i < MONTE_CARLO_SAMPLES; i++) {
          const r = resolveRanged(setup, defender, dice, { ammoInMagazine: 30 })
          if (r.kind === 'resolved' && r.defender.health < 1) mcDown++
        }
      }),
    )
  }
  const exact = summarize(exactTimes)
  const mc = summarize(mcTimes)
  const odds = rangedOdds(setup, defender, { ammoInMagazine: 30 })
  const down = odds.kind === 'odds' ? odds.down : NaN
  lines.push(`Compound X odds preview: a 3-round burst at an armoured, shielded target`)
  lines.push(
    timingTable([
      ['exact odds (enumerating every die)', exact],
      [`Monte Carlo, ${MONTE_CARLO_SAMPLES.toLocaleString('en-US')} samples`, mc],
    ]),
  )
  lines.push(
    `  exact / Monte Carlo time = ${(exact.median / mc.median).toFixed(5)}  (1 : ${Math.round(mc.median / exact.median).toLocaleString('en-US')})`,
  )
  lines.push(`  P(down): exact ${(down * 100).toFixed(3)}%, Monte Carlo ${((mcDown / (3 * MONTE_CARLO_SAMPLES)) * 100).toFixed(3)}%`)
  const perSecond = (3 * MONTE_CARLO_SAMPLES) / (mcTimes.reduce((a, b) => a + b, 0) / 1000)
  lines.push(
    `  attacks resolved per second (3-round burst, every die through the seeded generator): ${Math.round(perSecond).toLocaleString('en-US')}`,
  )
  return {
    lines,
    rows: [
      {
        measure: 'exact odds of a 3-round burst at an armoured, shielded target, median / p95',
        salvo: medianP95(exact),
        baseline: `${MONTE_CARLO_SAMPLES.toLocaleString('en-US')}-sample Monte Carlo ${medianP95(mc, 0)} (P(down) ${(down * 100).toFixed(3)}% exact, ${((mcDown / (3 * MONTE_CARLO_SAMPLES)) * 100).toFixed(3)}% sampled)`,
        ratio: `1 : ${Math.round(mc.median / exact.median).toLocaleString('en-US')}`,
      },
      {
        measure: 'attacks resolved per second (3-round burst, seeded dice)',
        salvo: Math.round(perSecond).toLocaleString('en-US'),
        baseline: '',
        ratio: '',
      },
    ],
  }
}

// `npx tsx tests/bench/odds-bench.ts` runs this part alone.
runWhenMain(import.meta.url, 'odds bench', async () => runOddsBench())
