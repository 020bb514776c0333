import { describe, expect, it } from 'vitest'
import type { ActionRequest, AttackRequest } from '../../../../src-shared/attack'
import type { Stance } from '../../../../src-main/rules/compound-x/ranged/ranged-setup'
import { cx, SHIELD_RIGS } from './cx-harness'
import { faces } from './fixtures'
import { combatant, idOf, must, ranged, sheet } from './cx-rules'

const raider = combatant('Raider', sheet())
const attack = (weapon: number, mode: string): AttackRequest => ({
  attackerId: idOf('Vex'),
  targetId: raider.id,
  weapon,
  mode,
  options: { distance: 8, cover: 'partial' },
})
const act = (action: string, options: ActionRequest['options'] = {}, targetId: ActionRequest['targetId'] = null): ActionRequest => ({
  actorId: idOf('Vex'),
  action,
  targetId,
  options,
})

describe('CX20 costs of attacks (000 Actions, 000 Fire Rates)', () => {
  // Slots: 0 C25 (semi), 1 hunting shotgun (pump: 2 actions a shot), 2 KMR-4 (semi and auto), 3 the Unarmed Strike.
  const vex = combatant(
    'Vex',
    // No class, so no proficiency list (SR-CX-195): one sheet may carry a shotgun and a machine gun.
    sheet({
      classId: null,
      weapons: [ranged('anvil-arms-c25', 25), ranged('anvil-arms-hunting-shotgun', 6), ranged('anvil-arms-kmr4', 80)],
    }),
  )
  const cases = [
    { what: 'a semi-auto shot costs the weapon’s 1 action per shot', weapon: 0, mode: 'semi', actions: 1, text: '1 action' },
    { what: 'a pump shotgun’s shot costs 2 actions (trigger and rechamber)', weapon: 1, mode: 'semi', actions: 2, text: '2 actions' },
    { what: 'an automatic volley costs 1 action', weapon: 2, mode: 'auto', actions: 1, text: '1 action' },
    { what: 'a melee strike costs 1 action', weapon: 3, mode: 'strike', actions: 1, text: '1 action' },
  ]
  for (const c of cases) {
    it(`CX20: ${c.what}, in the preview and the resolution`, () => {
      const preview = must(cx.attacks!.preview(attack(c.weapon, c.mode), vex, raider))
      expect(preview.cost).toBe(c.text)
      const done = must(cx.attacks!.resolve(attack(c.weapon, c.mode), vex, raider, faces(...Array(40).fill(1))))
      expect(done.cost).toEqual([{ pool: 'actions', amount: c.actions }])
      // An attack out of turn is a reaction as far as the core is concerned (CX20).
      expect(done.outOfTurn).toBeUndefined()
    })
  }
})

describe('CX20 costs on a blocked preview', () => {
  it('CX20/CX9: a preview blocked by a jam still says what the shot would cost', () => {
    const pumped = combatant('Vex', sheet({ weapons: [ranged('anvil-arms-hunting-shotgun', 6, { jammed: true })] }))
    const p = must(cx.attacks!.preview(attack(0, 'semi'), pumped, raider))
    expect(p.blocked).toMatch(/jammed/)
    expect(p.cost).toBe('2 actions')
  })
})

describe('CX20 costs of the actions list (000 Actions, 000 Using Cover/Stances, CX29)', () => {
  const vex = combatant(
    'Vex',
    sheet({ shieldId: 'a-class-electron-shield', armour: SHIELD_RIGS, weapons: [ranged('anvil-arms-c25', 10, { jammed: true })] }),
  )

  it('CX20: every offered action says what it costs in words', () => {
    const words = Object.fromEntries(cx.actions!.list(vex).map((a) => [a.key, a.cost]))
    expect(words).toEqual({
      reload: '2 actions (4 on a failed check, may run into the next turn)',
      'clear-jam': '1 action',
      stabilise: '1 action',
      'heal-wound': '1 action',
      'fast-recharge': 'free (nanites)',
      draw: '1 action',
      flashlight: '1 action',
      position: 'go prone, stand up or hunker 1 action; crouch and un-hunker free',
      move: '1 or 2 actions',
      jump: '1 action',
      fall: 'free',
      suppress: '1 action, ends the turn',
      aim: '1 action',
      'shift-aim': 'free',
      'stop-aiming': 'free',
      grapple: '1 action',
      pin: '1 action',
      disengage: '1 action',
      'gain-control': '1 action',
      shove: '1 action',
      kick: '1 action',
      trip: '1 action',
      disarm: '1 action',
      'search-cloaked': 'free',
      restrain: '1 action',
      knockout: '1 action',
      kill: '1 action',
    })
  })

  it('CX20: a reload costs the check’s actions and may overrun the turn (000 Reloading)', () => {
    // DEX 6 +4, no ranks: 20 + 4 = 24 fails the C25's DC 30: doubled to 4 actions.
    const failed = must(cx.actions!.perform(act('reload', { weapon: '0' }), vex, null, faces(20)))
    expect(failed).toMatchObject({ cost: [{ pool: 'actions', amount: 4 }] })
    const passed = must(cx.actions!.perform(act('reload', { weapon: '0' }), vex, null, faces(50)))
    expect(passed).toMatchObject({ cost: [{ pool: 'actions', amount: 2 }] })
    // SR-CX-74: on its own turn with 1 action left the failed reload spends that 1 and owes 3 (cx-reload-carry.test.ts).
    const late = must(cx.actions!.perform(act('reload', { weapon: '0' }), { ...vex, acting: true, spent: { actions: 3 } }, null, faces(20)))
    expect(late.cost).toEqual([{ pool: 'actions', amount: 1 }])
  })

  it('CX20/CX9: clearing a jam is a skill check, 1 action', () => {
    expect(must(cx.actions!.perform(act('clear-jam', { weapon: '0' }), vex, null, faces(70))).cost).toEqual([
      { pool: 'actions', amount: 1 },
    ])
  })

  it('CX29: stabilising is one action', () => {
    const downed = combatant(
      'Raider',
      sheet(
        {},
        {
          dying: {
            condition: { kind: 'downed', failures: 0, successes: 0 },
            capacity: 3,
            failedThisEncounter: false,
            revivalsThisEncounter: 0,
          },
        },
      ),
      { hp: 0 },
    )
    expect(must(cx.actions!.perform(act('stabilise', { kit: true }, downed.id), vex, downed, faces(10))).cost).toEqual([
      { pool: 'actions', amount: 1 },
    ])
  })

  it('CX14: the fast recharge is paid in nanites, not actions, and is free out of turn too', () => {
    const broken = combatant(
      'Vex',
      sheet({ shieldId: 'a-class-electron-shield', armour: SHIELD_RIGS }, { shieldStrength: 0, shieldDownTurns: 1 }),
    )
    expect(must(cx.actions!.perform(act('fast-recharge'), broken, null, faces()))).toMatchObject({ cost: [], outOfTurn: 'free' })
  })

  const stances: [from: Stance, to: Stance, actions: number][] = [
    ['standing', 'prone', 1],
    ['prone', 'standing', 1],
    ['standing', 'crouching', 0],
    ['crouching', 'standing', 1],
    ['prone', 'crouching', 1],
    ['crouching', 'prone', 1],
    ['standing', 'hunkering', 1],
    ['hunkering', 'standing', 0],
    ['hunkering', 'crouching', 0],
    ['standing', 'standing', 0],
  ]
  for (const [from, to, actions] of stances) {
    it(`CX20: ${from} → ${to} costs ${actions} action${actions === 1 ? '' : 's'} (000 Using Cover/Stances)`, () => {
      const mover = combatant('Vex', sheet({}, { stance: from }))
      const r = must(cx.actions!.perform(act('position', { stance: to, cover: 'none' }), mover, null, faces()))
      expect(r.cost).toEqual(actions ? [{ pool: 'actions', amount: actions }] : [])
      // A free act stays free out of turn (000 Free Actions: "at any time").
      expect(r.outOfTurn).toBe(actions ? undefined : 'free')
    })
  }

  it('CX20: a move costs the 1 or 2 actions chosen (000 Movement)', () => {
    const mover = combatant('Vex', sheet())
    expect(must(cx.actions!.perform(act('move', { actions: '1' }), mover, null, faces())).cost).toEqual([{ pool: 'actions', amount: 1 }])
    expect(must(cx.actions!.perform(act('move', { actions: '2' }), mover, null, faces())).cost).toEqual([{ pool: 'actions', amount: 2 }])
  })

  it('CX24: suppressing costs 1 action and ends the turn', () => {
    const gunner = combatant('Vex', sheet())
    const r = must(cx.actions!.perform(act('suppress', { weapon: '0', level: 'medium', distance: 20 }, raider.id), gunner, raider, faces()))
    expect(r).toMatchObject({ cost: [{ pool: 'actions', amount: 1 }], endsTurn: true })
  })
})
