import seedrandom from 'seedrandom'
import type { CommandPayload, CommandType } from '../../../src-shared/commands'
import type { SceneId } from '../../../src-shared/records'
import type { Result } from '../../../src-shared/result'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { fightRecords, SimTable } from '../../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../../src-main/core/dice/random-source'

/**
 * Issue 35's random fights for the differential tests: 1 to 4 a side of the pack's ready-made
 * NPCs, health between 1 and full, on a 30 × 20 m map at random places, with up to three stretches
 * of low cover, when `onMap`. Built by
 * sending the commands to `run` — a copy of the rules (`SimTable`) or a real campaign's engine —
 * so both kinds of table get the same fight. None of these commands draws a die.
 */
export function buildRandomFight(
  ruleset: Ruleset,
  seed: string,
  onMap: boolean,
  run: <T extends CommandType>(type: T, payload: CommandPayload<T>) => Result<unknown>,
  combatantNamed: (name: string) => string,
  sceneId: () => string,
): void {
  const random = seedrandom(seed)
  const pick = (n: number) => Math.floor(random() * n)
  const must = (r: Result<unknown>) => {
    if (!r.ok) throw new Error(r.error.message)
  }
  let scene: SceneId | null = null
  if (onMap) {
    must(run('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } }))
    scene = sceneId() as SceneId
    // Up to three short stretches of low cover about the middle, so the walk round them and the
    // step into cover are played too; from their own stream, so the fighters stay as they were.
    const wallRandom = seedrandom(`${seed}:walls`)
    for (let i = pickFrom(wallRandom, 4); i > 0; i--) {
      const [x, y, along] = [10 + wallRandom() * 10, 2 + wallRandom() * 14, wallRandom() < 0.5]
      const length = 2 + wallRandom() * 2
      const end = along ? { x: x + length, y } : { x, y: y + length }
      must(
        run('wall/add', {
          sceneId: scene,
          kind: 'low',
          points: [
            { x: cm(x), y: cm(y) },
            { x: cm(end.x), y: cm(end.y) },
          ],
        }),
      )
    }
  }
  const npcs = ruleset.quickNpcs!
  for (const side of ['party', 'enemy'] as const) {
    const count = 1 + pick(4)
    for (let i = 1; i <= count; i++) {
      const npc = npcs[pick(npcs.length)]!
      const name = `${side} ${i}`
      must(
        run('combatant/add', {
          name,
          side,
          kind: side === 'party' ? 'pc' : 'npc',
          maxHp: npc.maxHp,
          hp: 1 + pick(npc.maxHp),
          initiativeModifier: npc.initiativeModifier,
          hidden: false,
          rules: npc.rules as never,
        } as CommandPayload<'combatant/add'> as never),
      )
      if (scene) {
        const x = (side === 'party' ? 2 : 16) + random() * 12
        must(
          run('token/place', {
            sceneId: scene,
            combatantId: combatantNamed(name),
            x: Math.round(x * 10) / 10,
            y: Math.round((2 + random() * 16) * 10) / 10,
          } as never),
        )
      }
    }
  }
}

const pickFrom = (random: () => number, n: number) => Math.floor(random() * n)
const cm = (v: number) => Math.round(v * 100) / 100

/** A random fight's records on a copy of the rules (`SimTable`), before initiative. */
export function randomFight(ruleset: Ruleset, seed: string, onMap: boolean): unknown[] {
  const t = new SimTable([], ruleset, seededSource(seed))
  buildRandomFight(
    ruleset,
    seed,
    onMap,
    (type, payload) => t.run(type, payload),
    (name) => t.store.ofType('combatant').find((c) => c.name === name)!.id,
    () => t.store.ofType('scene')[0]!.id,
  )
  return fightRecords(t.store)
}
