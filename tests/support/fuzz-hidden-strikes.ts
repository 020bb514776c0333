import type { AttackRequest } from '../../src-shared/attack'
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
  // A fight with turns, whatever the random steps left behind.
  if (!w.encounter && !(await act('encounter/start', { name: w.open('Fight') }))) return
  await refresh()
  if ((w.encounter?.round ?? 0) < 1 && !(await act('encounter/rollInitiative', {}))) return
  // Fighters of its own, with the ruleset's own sheets, joining the running fight: a hidden
  // attacker (its name a secret) and someone the table sees.
  const quick = (await gm.must('rulesetSetup', undefined)).quickNpcs[0]
  if (quick) {
    const before = new Set(w.combatants().map((c) => c.id))
    await act('squad/add', { entries: [{ kind: 'quickNpc', name: quick.name, count: 1 }], side: 'enemy', hidden: true })
    await refresh()
    const hider = w.combatants((c) => !before.has(c.id))[0]
    if (hider) await act('combatant/edit', { combatantId: hider.id, name: w.secret('Hid') })
    await act('squad/add', { entries: [{ kind: 'quickNpc', name: quick.name, count: 1 }], side: 'party', hidden: false })
    await refresh()
    await checkpoint('hidden strikes: fighters join')
  }
  // Turn to a hidden combatant (bounded by the order's length).
  const placed = w.combatants((c) => c.orderKey !== null)
  for (let i = 0; i <= placed.length; i++) {
    const acting = w.combatants((c) => c.id === w.encounter?.currentCombatantId)[0]
    if (acting?.hidden && acting.rules !== null) break
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

  let base: AttackRequest = {
    attackerId: actor.id,
    targetId: target.id,
    weapon: 0,
    mode: '',
    options: {},
  }
  let weapons = await gm.request('previewAttack', { request: base })
  // One of them off the map, or out of reach: the GM sets positions aside for the act (logged), at 2 m.
  if (!weapons.ok && weapons.error.code.startsWith('position/')) {
    base = { ...base, options: { ignorePositions: true, distance: 2 } }
    weapons = await gm.request('previewAttack', { request: base })
  }
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
                options: { ...base.options, ...Object.fromEntries(a.options.map((o) => [o.key, o.value])) },
              },
            },
            kind: 'acts' as const,
          }))
      : []),
  ]
  const attacks = tries.filter((t) => t.kind === 'attacks')
  // Every act it can aim at the target once (suppress, grapple, trip…: what puts conditions on),
  // in a random order among attacks, then attacks until the target falls.
  const plan = [...tries].sort(() => w.rng() - 0.5)
  for (let i = 0; i < 16 && tries.length; i++) {
    const t = plan[i] ?? pick(w.rng, attacks.length ? attacks : tries)
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
