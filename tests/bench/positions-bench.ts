import { performance } from 'node:perf_hooks'
import type { CommandInput } from '../../src-shared/commands'
import { combatantPayload, dispatch, must, openTableOf, snapshotOf, TROOPER } from './core-fixture'
import { atMost, timingTable, type BenchPart } from './report'
import { runWhenMain } from './run-alone'
import { summarize } from './stats'

/**
 * Issue 31: what reading the map adds to an attack's odds. The same Compound X preview, at 300 and
 * 3,000 combatants all standing on a scene, once with positions (the core places both sides,
 * refuses a forged distance, the ruleset measures range and reach) and once with positions set
 * aside for the act (the typed distance stands, as off the map), interleaved in one run. Goal: the
 * map costs at most 1.2× the preview without it.
 */

const WARM_UP = 40
const ITERATIONS = 400
const GOAL = 1.2

/** The first two combatants carry a sheet (the shooter and its target); everyone stands on a 200 m field. */
const armed = (i: number): CommandInput<'combatant/add'> => ({
  ...combatantPayload(i),
  hidden: false,
  ...(i < 2 ? { rules: TROOPER } : {}),
})

async function measure(count: number) {
  const fx = await openTableOf(count, armed)
  try {
    must('scene/create', await dispatch(fx.gm, 'scene/create', { name: 'Field' }))
    const scene = (await snapshotOf(fx.gm)).records.find((r) => r.typeName === 'scene')!.id as `scene:${string}`
    for (const [i, id] of fx.combatantIds.entries())
      must(
        'token/place',
        await dispatch(fx.gm, 'token/place', { sceneId: scene, combatantId: id, x: 5 + (i % 60) * 3, y: 5 + Math.floor(i / 60) * 3 }),
      )
    const [shooter, target] = [fx.combatantIds[0]!, fx.combatantIds[1]!]
    const request = (options: Record<string, number | boolean>) => ({
      request: { attackerId: shooter, targetId: target, weapon: 0, mode: 'burst', options },
    })
    const onMap: number[] = []
    const aside: number[] = []
    for (let i = 0; i < WARM_UP + ITERATIONS; i++) {
      // Alternating, so whatever else the machine does slows both alike.
      const a = performance.now()
      must('previewAttack', await fx.gm.request('previewAttack', request({})))
      const b = performance.now()
      must('previewAttack (positions aside)', await fx.gm.request('previewAttack', request({ ignorePositions: true, distance: 3 })))
      const c = performance.now()
      if (i < WARM_UP) continue
      onMap.push(b - a)
      aside.push(c - b)
    }
    return { map: summarize(onMap), aside: summarize(aside) }
  } finally {
    await fx.dispose()
  }
}

export async function runPositionsBench(): Promise<BenchPart> {
  const lines = [
    'Attack odds with positions (issue 31): a Compound X burst preview, every combatant on the map, against the same preview with positions set aside',
  ]
  const rows = []
  const goals = []
  for (const count of [300, 3000]) {
    const r = await measure(count)
    const ratio = r.map.median / r.aside.median
    lines.push(
      `${count} combatants:`,
      timingTable([
        ['on the map', r.map],
        ['positions set aside', r.aside],
      ]),
      `  ratio (median): ${ratio.toFixed(2)}×`,
    )
    rows.push({
      measure: `attack preview with positions, ${count.toLocaleString('en-US')} combatants (median)`,
      salvo: `${r.map.median.toFixed(3)} ms`,
      baseline: `${r.aside.median.toFixed(3)} ms with positions set aside`,
      ratio: `${ratio.toFixed(2)}×`,
    })
    goals.push(atMost(`preview with positions ≤ ${GOAL}× without, ${count} combatants`, ratio, GOAL, '×'))
  }
  return { lines, rows, goals }
}

runWhenMain(import.meta.url, 'positions bench', runPositionsBench)
