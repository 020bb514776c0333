import { describe, expect, it } from 'vitest'
import type { CombatantId } from '../../../../src-shared/records'
import type { Result } from '../../../../src-shared/result'
import type { InitiativePlacement } from '../../../../src-main/rules/ruleset'
import type { Attachment } from '../../../../src-main/rules/compound-x/content/pack-schema'
import { modifier as mod } from '../../../../src-main/rules/kit/modifier'
import { metresPerTwoActions } from '../../../../src-main/rules/compound-x/stats/derived-stats'
import { actionCost, fireAction, type TurnAction } from '../../../../src-main/rules/compound-x/turns/action-costs'
import { hitTheDirt } from '../../../../src-main/rules/compound-x/turns/hit-the-dirt'
import {
  initiativeModifiers,
  rollCompoundXInitiative,
  type CompoundXInitiativeEntrant,
} from '../../../../src-main/rules/compound-x/turns/initiative'
import { moveDistance, type MoveRequest } from '../../../../src-main/rules/compound-x/turns/movement'
import { regenerateNanites } from '../../../../src-main/rules/compound-x/turns/nanites'
import { reloadAction, reloadActionsFor, rollReload } from '../../../../src-main/rules/compound-x/turns/reload'
import { suppress, type Point, type SuppressRequest } from '../../../../src-main/rules/compound-x/turns/suppression'
import {
  afterActions,
  NO_SPRINT,
  shooterSprinted,
  sprintRefusal,
  type SprintTrack,
} from '../../../../src-main/rules/compound-x/turns/turn-budget'
import { faces, smg, stats } from './fixtures'

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const refusal = <T>(r: Result<T>): string => {
  if (r.ok) throw new Error('expected a refusal')
  return r.error.message
}
const id = (name: string): CombatantId => `combatant:${name}`

// ---------------------------------------------------------------- initiative

const entrant = (
  name: string,
  modifiers?: CompoundXInitiativeEntrant['modifiers'],
  initiativeModifier = 0,
): CompoundXInitiativeEntrant => ({
  id: id(name),
  name,
  initiativeModifier,
  ...(modifiers ? { modifiers } : {}),
})
const soldier = { name: 'Soldier', initiativeBonus: 15 }
const order = (p: readonly InitiativePlacement[]) => p.map((x) => x.combatantId)

describe('CX19 initiative', () => {
  it.each([
    ['no class', null, [], 0],
    ['Soldier passive', soldier, [], 15],
    ['Soldier with Fight Fiercely First', soldier, ['Fight Fiercely First'], 25],
    ['the feat is matched without regard to case', soldier, ['fight fiercely first'], 25],
    ['an unrelated feat adds nothing', soldier, ['Quick Hands'], 15],
  ] as const)('CX19 class modifiers: %s → +%i', (_, cls, feats, total) => {
    const mods = initiativeModifiers(cls, feats)
    expect(mods.reduce((t, m) => t + m.value, 0)).toBe(total)
    expect(mods.every((m) => m.source === 'CX19')).toBe(true)
  })

  it('CX19: d100 + modifiers, higher first; a Soldier with the feat beats a higher raw roll', () => {
    // Rolled in name order: Ann (Soldier + feat) 40 → 65, Bob 60 → 60.
    const placements = rollCompoundXInitiative(
      [entrant('Bob'), entrant('Ann', initiativeModifiers(soldier, ['Fight Fiercely First']))],
      faces(40, 60),
    )
    expect(order(placements)).toEqual([id('Ann'), id('Bob')])
    expect(placements[0]!.initiative).toMatchObject({ total: 65, tieBreak: [] })
    expect(placements[0]!.initiative.roll).toMatchObject({ faces: [40], modifier: 25, expression: 'd100+25' })
    expect(placements[0]!.modifiers.map((m) => m.value)).toEqual([15, 10])
  })

  it('CX19: without a modifier list the plain initiative modifier is used (generic entrants plug in)', () => {
    const placements = rollCompoundXInitiative([entrant('Ann', undefined, 15), entrant('Bob')], faces(40, 60))
    expect(placements.map((p) => p.initiative.total)).toEqual([60, 55])
  })

  it('CX19 ties: only the tied roll d100 off, again until they differ; the modifier does not break ties', () => {
    // Ann 50 + 15 = 65, Bob 65, Cy 30. Roll-offs: Ann 20, Bob 20 (tied again), then Ann 10, Bob 90.
    const placements = rollCompoundXInitiative(
      [entrant('Ann', [mod('Soldier', 15, 'CX19')]), entrant('Bob'), entrant('Cy')],
      faces(50, 65, 30, 20, 20, 10, 90),
    )
    expect(order(placements)).toEqual([id('Bob'), id('Ann'), id('Cy')])
    expect(placements.map((p) => p.initiative.tieBreak)).toEqual([[20, 90], [20, 10], []])
    expect(placements[0]!.rolls.map((r) => r.total)).toEqual([65, 20, 90])
  })

  it('CX19 ties: a three-way tie settles the ones that differ and re-rolls only those still tied', () => {
    // All 70. Roll-offs: Ann 40, Bob 80, Cy 40 → Bob first; Ann and Cy roll again: 5, 6.
    const placements = rollCompoundXInitiative([entrant('Ann'), entrant('Bob'), entrant('Cy')], faces(70, 70, 70, 40, 80, 40, 5, 6))
    expect(order(placements)).toEqual([id('Bob'), id('Cy'), id('Ann')])
    expect(placements[0]!.initiative.tieBreak).toEqual([80])
  })

  it('CX19: the same faces give the same order whatever order the entrants arrive in', () => {
    const a = rollCompoundXInitiative([entrant('Ann'), entrant('Bob')], faces(10, 90))
    const b = rollCompoundXInitiative([entrant('Bob'), entrant('Ann')], faces(10, 90))
    expect(order(a)).toEqual(order(b))
    expect(order(a)).toEqual([id('Bob'), id('Ann')])
  })
})

// ---------------------------------------------------------------- action economy

const semi = smg()
const pump = smg({ name: 'Pump Shotgun', semi: { actionsPerShot: 2 }, burst: undefined, auto: undefined })

describe('CX20 action costs (000 Actions list)', () => {
  it.each<[string, TurnAction, number]>([
    ['reload a pump-action', { kind: 'reload', actions: 4 }, 4],
    ['reload a bolt-action', { kind: 'reload', actions: 3 }, 3],
    ['reload a magazine', { kind: 'reload', actions: 2 }, 2],
    ['move DEX metres', { kind: 'move', actions: 2, sprint: false }, 2],
    ['hunker', { kind: 'hunker' }, 1],
    ['suppress', { kind: 'suppress' }, 1],
    ['aim', { kind: 'aim' }, 1],
    ['cast a spell', { kind: 'cast-spell' }, 1],
    ['flashlight', { kind: 'flashlight' }, 1],
    ['draw / grab', { kind: 'draw' }, 1],
    ['skill check', { kind: 'skill-check' }, 1],
    ['go prone', { kind: 'go-prone' }, 1],
    ['stand up', { kind: 'stand-up' }, 1],
    ['crouch (free)', { kind: 'crouch' }, 0],
    ['un-hunker (free)', { kind: 'un-hunker' }, 0],
    ['converse (free)', { kind: 'free', label: 'converse' }, 0],
  ])('CX20 %s costs %i', (_, action, cost) => {
    expect(actionCost(action)).toBe(cost)
  })

  it.each([
    ['semi, 1 action per shot', semi, 'semi', 1],
    ['semi with a pump action (2 per shot)', pump, 'semi', 2],
    ['burst', semi, 'burst', 1],
    ['auto', semi, 'auto', 1],
  ] as const)('CX20 firing: %s', (_, weapon, mode, cost) => {
    expect(actionCost(value(fireAction(weapon, mode)))).toBe(cost)
  })

  it('CX20 firing a mode the weapon lacks is refused', () => {
    expect(refusal(fireAction(pump, 'auto'))).toMatch(/no auto mode/)
  })
})

describe('CX21 hit the dirt', () => {
  it.each([
    ['standing in the open, still up', { stance: 'standing', cover: 'none', up: true }, true],
    ['standing in partial cover', { stance: 'standing', cover: 'partial', up: true }, false],
    ['standing in full cover', { stance: 'standing', cover: 'full', up: true }, false],
    ['crouching in the open', { stance: 'crouching', cover: 'none', up: true }, false],
    ['already prone', { stance: 'prone', cover: 'none', up: true }, false],
    ['downed by the shot', { stance: 'standing', cover: 'none', up: false }, false],
  ] as const)('CX21: %s → dives: %s', (_, target, dives) => {
    const r = hitTheDirt(target)
    expect(r.kind).toBe(dives ? 'hits-the-dirt' : 'stays')
    if (r.kind === 'hits-the-dirt') expect(r).toMatchObject({ stance: 'prone', withinMetres: 2, actionsLostNextTurn: 1 })
  })
})

// ---------------------------------------------------------------- movement and sprinting

describe('000 Movement and Sprinting (CX20 move, CX6 sprint flag)', () => {
  const move = (over: Partial<MoveRequest>) =>
    value(moveDistance({ metresPerTwoActions: 6, actions: 2, sprint: false, stance: 'standing', ...over })).metres

  it('CX20 000 example: 1 movement speed, no penalties → 1 m per 2 actions, 2 m per 4', () => {
    const speed = metresPerTwoActions(stats({ str: 1, dex: 1, fort: 1 }), 0)
    expect(speed).toBe(1)
    expect(move({ metresPerTwoActions: speed })).toBe(1)
    expect(move({ metresPerTwoActions: speed }) * 2).toBe(2)
  })

  it.each<[string, Partial<MoveRequest>, number]>([
    ['running, 2 actions', {}, 6],
    ['running, 1 action (half)', { actions: 1 }, 3],
    ['sprinting: +1 m per action', { sprint: true }, 8],
    ['sprinting 1 action', { sprint: true, actions: 1 }, 4],
    ['crouching: −1 m per action', { stance: 'crouching' }, 4],
    ['crouching never below 1 m per action', { stance: 'crouching', metresPerTwoActions: 2 }, 2],
    ['prone: half speed rounded up (7 → 4)', { stance: 'prone', metresPerTwoActions: 7 }, 4],
    ['prone: at most 2 m per action', { stance: 'prone', metresPerTwoActions: 12 }, 4],
  ])('CX20 move distance: %s → %f m', (_, over, metres) => {
    expect(move(over)).toBe(metres)
  })

  it.each([['crouching'], ['prone'], ['hunkering']] as const)('CX20: no sprinting while %s', (stance) => {
    expect(moveDistance({ metresPerTwoActions: 6, actions: 2, sprint: true, stance }).ok).toBe(false)
  })

  it('000 Movement and Sprinting: at most FORT consecutive sprint actions, counted across turns; any other action resets the count', () => {
    const sprinted2 = afterActions(NO_SPRINT, 2, true)
    expect(sprintRefusal(sprinted2, 2, 3)).toBe(
      'Sprinting is limited to FORT (3) consecutive actions; 2 already sprinted (000 Movement and Sprinting)',
    )
    expect(sprintRefusal(sprinted2, 1, 3)).toBeNull()
    // A turn's end is no break: the next turn's sprint continues the streak.
    const fifth = afterActions(afterActions(sprinted2, 2, true), 1, true)
    expect(sprintRefusal(fifth, 1, 5)).toMatch(/FORT \(5\) consecutive actions; 5 already/)
    // Any other action, or actions left unspent, resets it.
    expect(afterActions(sprinted2, 1, false).streak).toBe(0)
  })

  it('CX6 sprint flag: during the sprint and the 2 actions after, not the third', () => {
    const flags: boolean[] = []
    let t: SprintTrack = afterActions(NO_SPRINT, 1, true)
    for (let i = 0; i < 3; i++) {
      flags.push(shooterSprinted(t))
      t = afterActions(t, 1, false)
    }
    expect(flags).toEqual([true, true, false])
  })

  it('CX6 CX21 sprint flag: an action lost to hitting the dirt counts as one of the 2 after', () => {
    const lost = afterActions(afterActions(NO_SPRINT, 2, true), 1, false)
    expect(shooterSprinted(lost)).toBe(true)
    expect(shooterSprinted(afterActions(lost, 1, false))).toBe(false)
  })
})

// ---------------------------------------------------------------- reloading

describe('000 Reloading (CX1 Weapons check vs the reload DC)', () => {
  it.each([
    ['pump-action 4', 4, { critical: 2, success: 4, failure: 8 }],
    ['bolt-action 3 (critical: reduced to 1)', 3, { critical: 1, success: 3, failure: 6 }],
    ['magazine 2', 2, { critical: 1, success: 2, failure: 4 }],
  ] as const)('CX20 reload time: %s', (_, normal, expected) => {
    expect(reloadActionsFor('critical', normal)).toBe(expected.critical)
    expect(reloadActionsFor('success', normal)).toBe(expected.success)
    expect(reloadActionsFor('failure', normal)).toBe(expected.failure)
  })

  const rifle = smg({ name: 'Assault Rifle', reloadDc: 30, reloadActions: 2 })
  const bonus = [mod('DEX 8 bonus', 12, 'CX2')]
  it.each([
    ['000 example: assault rifle DC 30, 19 + 12 = 31 passes', 19, 'success', 2],
    ['CX1 a tie fails: 18 + 12 = 30', 18, 'failure', 4],
    ['natural 90 is not critical', 90, 'success', 2],
    ['natural 91 is critical', 91, 'critical', 1],
    ['natural 100 is critical', 100, 'critical', 1],
  ] as const)('CX1 reload check: %s', (_, face, outcome, actions) => {
    const r = rollReload({ weapon: rifle, modifiers: bonus, mode: 'normal' }, faces(face))
    expect(r).toMatchObject({ outcome, actions, dc: 30 })
    expect(r.check?.rolls[0]?.faces).toEqual([face])
  })

  it('CX1: a natural 95 that still misses the DC is a plain failure', () => {
    const r = rollReload({ weapon: smg({ reloadDc: 100 }), modifiers: [], mode: 'normal' }, faces(95))
    expect(r.outcome).toBe('failure')
  })

  it('CX3: rolling the average cannot crit; CX30 Black Cat 3–4 forbids criticals', () => {
    expect(rollReload({ weapon: rifle, modifiers: [], mode: 'average' }, faces(95, 97)).outcome).toBe('success')
    expect(rollReload({ weapon: rifle, modifiers: [], mode: 'normal', criticalsAllowed: false }, faces(95)).outcome).toBe('success')
  })

  it('CX20: a failed pump-action reload costs 8 actions, priced as a reload', () => {
    const pumpWeapon = smg({ reloadDc: 40, reloadActions: 4 })
    const r = rollReload({ weapon: pumpWeapon, modifiers: [], mode: 'normal' }, faces(10))
    expect(r.actions).toBe(8)
    expect(reloadAction(r)).toEqual({ kind: 'reload', actions: 8 })
    expect(actionCost(reloadAction(r))).toBe(8)
  })

  it('CX20: a weapon with no reload DC takes its normal reload, without a roll', () => {
    const r = rollReload({ weapon: smg({ reloadDc: null, reloadActions: 3 }), modifiers: [], mode: 'normal' }, faces())
    expect(r).toMatchObject({ outcome: 'no-check', actions: 3, check: null })
  })
})

// ---------------------------------------------------------------- nanites

describe('CX22 nanites', () => {
  it.each([
    ['+3 at turn start', 10, 50, 13],
    ['capped at the maximum', 49, 50, 50],
    ['already full', 50, 50, 50],
    ['a boosted pool above the maximum is not cut', 55, 50, 55],
  ])('CX22: %s (%i of %i → %i)', (_, current, maximum, expected) => {
    const r = regenerateNanites(current, maximum)
    expect(r.nanites).toBe(expected)
    expect(r.step.total).toBe(expected)
    expect(r.step.modifiers.reduce((t, m) => t + m.value, 0)).toBe(expected)
  })
})

// ---------------------------------------------------------------- suppression

const at = (x: number, y = 0): Point => ({ x, y })
const SHOOTER = id('shooter')
const TARGET = id('target')
const positions = new Map<CombatantId, Point>([
  [SHOOTER, at(0)],
  [TARGET, at(20)],
  [id('near'), at(21.5)],
  [id('edge'), at(20, 2)],
  [id('far'), at(22.5)],
])
const request = (over: Partial<SuppressRequest> = {}): SuppressRequest => ({
  suppressorId: SHOOTER,
  weapon: smg({ suppression: 'heavy' }),
  level: 'light',
  targetId: TARGET,
  roundsInMagazine: 30,
  positions,
  ...over,
})

describe('CX24 suppress', () => {
  it.each([
    ['light', 30, 3, 1],
    ['light with 2 rounds left: fires the rest', 2, 2, 1],
    ['light with 1 round left', 1, 1, 1],
    ['medium', 30, 6, 1],
    ['medium with exactly 6', 6, 6, 1],
    ['heavy', 30, 10, 2],
  ] as const)('CX24 %s', (name, rounds, spent, radius) => {
    const level = name.split(' ')[0] as 'light' | 'medium' | 'heavy'
    const r = value(suppress(request({ level, roundsInMagazine: rounds })))
    expect(r.zone).toMatchObject({ roundsSpent: spent, radius, centre: at(20), expires: "start of suppressor's next turn" })
    expect(r.roundsLeft).toBe(rounds - spent)
  })

  it.each([
    [
      'light with an empty magazine',
      { level: 'light', roundsInMagazine: 0 },
      /light suppression needs at least 1 round; 0 in the current magazine \(CX24\)/,
    ],
    ['medium with 5 rounds', { level: 'medium', roundsInMagazine: 5 }, /needs 6 rounds; 5 in the current magazine/],
    ['heavy with 9 rounds', { level: 'heavy', roundsInMagazine: 9 }, /needs 10 rounds; 9 in the current magazine/],
    [
      'heavy from a medium weapon',
      { level: 'heavy', weapon: smg({ suppression: 'medium' }) },
      /at most at medium level, not heavy \(CX24\)/,
    ],
    ['anything from a weapon that cannot suppress', { weapon: smg({ suppression: 'none' }) }, /cannot suppress \(CX24\)/],
    [
      'a target beyond the weapon range',
      {
        positions: new Map([
          [SHOOTER, at(0)],
          [TARGET, at(41)],
        ]),
      },
      /beyond .* range/,
    ],
  ] as const)('CX24 refuses %s', (_, over, reason) => {
    expect(refusal(suppress(request(over as Partial<SuppressRequest>)))).toMatch(reason)
  })

  it('CX24: a suppression-level attachment raises the weapon a step', () => {
    const bipod: Attachment = {
      id: 'bipod',
      name: 'Bipod',
      slot: 'underbarrel',
      level: 1,
      cost: 1,
      modifiers: [{ target: 'suppression-level', value: 1 }],
    }
    const weapon = smg({ suppression: 'medium' })
    expect(suppress(request({ weapon, level: 'heavy' })).ok).toBe(false)
    expect(suppress(request({ weapon, level: 'heavy', attachments: [bipod] })).ok).toBe(true)
  })
})

describe('CX25 who is suppressed', () => {
  it.each([
    ['light', [TARGET]],
    ['medium', [TARGET]],
    ['heavy', [TARGET, id('near'), id('edge')]],
  ] as const)('CX25 %s suppresses %j (heavy: everyone within 2 m, never the suppressor)', (level, ids) => {
    expect(value(suppress(request({ level }))).zone.suppressedIds).toEqual(ids)
  })

  it('CX25: a combatant the suppressor cannot physically hit is not suppressed', () => {
    const zone = value(suppress(request({ level: 'heavy', unhittableIds: [id('near')] }))).zone
    expect(zone.suppressedIds).toEqual([TARGET, id('edge')])
  })
})
