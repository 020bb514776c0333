import type { CommandType } from '../../src-shared/commands'
import type { CombatantView } from '../../src-shared/views'
import { pick } from './fuzz-mutate'
import type { World } from './fuzz-evening'

/** What the hidden combatants got done to visible ones over the evenings (so the leak checks had something to check). */
export interface HiddenDeeds {
  attacks: number
  acts: number
  conditions: number
  downs: number
  hiddenTurns: number
}

export const noDeeds = (): HiddenDeeds => ({ attacks: 0, acts: 0, conditions: 0, downs: 0, hiddenTurns: 0 })

type Act = (type: CommandType, payload: unknown) => Promise<boolean>

const isUp = (c: CombatantView) => (c.standing ? c.standing.state === 'up' : c.numbers.kind === 'exact' ? c.numbers.hp > 0 : true)

/**
 * A hidden combatant's turn against someone the table sees, as a GM plays one: the turn passes to
 * a hidden combatant (the table must mark the last one it saw, never nobody), which shoots, strikes
 * and does every act its ruleset lets it aim at a visible target — suppression, grapples, trips —
 * until the target falls (its health set low first, so a few hits down it). `checkpoint` runs the
 * leak checks after every step, so each message the table gets during the hidden turn is judged.
 */
export async function hiddenStrikes(w: World, act: Act, checkpoint: (label: string) => Promise<void>, deeds: HiddenDeeds): Promise<void> {
  const gm = w.gm
  const refresh = async () => {
    w.records = (await gm.must('snapshot', undefined)).records
  }
  await refresh()
  const encounter = w.encounter
  if (!encounter || encounter.round < 1) return
  // Turn to a hidden combatant (bounded by the order's length).
  const placed = w.combatants((c) => c.orderKey !== null)
  for (let i = 0; i <= placed.length; i++) {
    const acting = w.combatants((c) => c.id === w.encounter?.currentCombatantId)[0]
    if (acting?.hidden) break
    if (!(await act('encounter/nextTurn', {}))) return
    await refresh()
    await checkpoint('hidden strikes: next turn')
  }
  const actor = w.combatants((c) => c.id === w.encounter?.currentCombatantId)[0]
  if (!actor?.hidden) return
  deeds.hiddenTurns++
  const target = w.any(w.combatants((c) => !c.hidden && c.orderKey !== null && isUp(c)))
  if (!target) return
  // Low on health, so a few hits put it down.
  await act('combatant/setHp', { combatantId: target.id, hp: 1 })
  await refresh()
  await checkpoint('hidden strikes: target set low')

  const base = { attackerId: actor.id, targetId: target.id, weapon: 0, mode: '', options: {} }
  const weapons = await gm.request('previewAttack', { request: base })
  const actions = await gm.request('listActions', { actorId: actor.id })
  const tries: { type: CommandType; payload: unknown; kind: 'attacks' | 'acts' }[] = [
    ...(weapons.ok
      ? weapons.value.weapons.flatMap((wp) =>
          wp.modes.map((mode) => ({
            type: 'attack/resolve' as const,
            payload: { request: { ...base, weapon: wp.index, mode } },
            kind: 'attacks' as const,
          })),
        )
      : []),
    ...(actions.ok
      ? actions.value
          .filter((a) => a.target !== 'none' && a.key !== 'check' && a.unavailable === null)
          .map((a) => ({
            type: 'action/perform' as const,
            payload: {
              request: {
                actorId: actor.id,
                action: a.key,
                targetId: target.id,
                options: Object.fromEntries(a.options.map((o) => [o.key, o.value])),
              },
            },
            kind: 'acts' as const,
          }))
      : []),
  ]
  const attacks = tries.filter((t) => t.kind === 'attacks')
  const others = tries.filter((t) => t.kind === 'acts')
  for (let i = 0; i < 12 && tries.length; i++) {
    // Mostly attacks, as a hidden gunner's turn goes; the other acts often need something first.
    const t = pick(w.rng, attacks.length && (w.rng() < 0.6 || !others.length) ? attacks : others)
    const before = w.combatants((c) => c.id === target.id)[0]
    if (!before || !isUp(before)) break
    if (!(await act(t.type, t.payload))) {
      // Out of actions: the GM gives them back on the pips, as one does to play a turn on.
      const pools = before && actor.turn ? actor.turn.pools : []
      for (const p of pools) await act('economy/set', { combatantId: actor.id, pool: p.key, spent: 0 })
      continue
    }
    deeds[t.kind]++
    await refresh()
    const after = w.combatants((c) => c.id === target.id)[0]
    if (after?.turn?.conditions.some((x) => x.sourceId === actor.id && !before.turn?.conditions.some((y) => y.key === x.key)))
      deeds.conditions++
    if (after && !isUp(after)) deeds.downs++
    await checkpoint(`hidden strikes: ${t.type}`)
  }
}
