import { describe, expect, it } from 'vitest'
import type { ActionRequest, AttackRequest } from '../../../../src-shared/attack'
import type { ConditionInstance } from '../../../../src-shared/records'
import type { ActionResolution, PromptDraft, RulesCombatant } from '../../../../src-main/rules/ruleset'
import { cx } from './cx-harness'
import { faces } from './fixtures'
import { combatant, cxOf, instance, must, ranged, sheet, withRules } from './cx-rules'

const suppressRequest = (actor: RulesCombatant, target: RulesCombatant | null, options: ActionRequest['options']): ActionRequest => ({
  actorId: actor.id,
  action: 'suppress',
  targetId: target?.id ?? null,
  options,
})
const moveRequest = (actor: RulesCombatant, options: ActionRequest['options'] = {}): ActionRequest => ({
  actorId: actor.id,
  action: 'move',
  targetId: null,
  options,
})

// SR-CX-193: a Specialist may fire pistols, carbines, machine guns and rocket launchers alike.
const gunner = (name: string, weapon: ReturnType<typeof ranged>) => combatant(name, sheet({ classId: 'specialist', weapons: [weapon] }))

/** What the core does with a grant: puts the condition on, with a key of its own. */
function applyGrants(target: RulesCombatant, r: ActionResolution, key: string): RulesCombatant {
  const added: ConditionInstance[] = (r.conditions ?? [])
    .filter((c) => c.combatantId === target.id)
    .flatMap((c) => c.add ?? [])
    .map((g, i) =>
      instance(`${key}${i ? `-${i}` : ''}`, g.conditionId, {
        stacks: g.stacks,
        sourceId: g.sourceId,
        data: g.data,
        duration: { kind: 'turnStart', of: g.sourceId! },
      }),
    )
  return { ...target, conditions: [...target.conditions, ...added] }
}

function suppressed(suppressor: RulesCombatant, target: RulesCombatant, level: string, key: string, distance = 20): RulesCombatant {
  const r = must(cx.actions!.perform(suppressRequest(suppressor, target, { weapon: '0', level, distance }), suppressor, target, faces()))
  return applyGrants(target, r, key)
}

describe('Suppress (CX24, CX25)', () => {
  const vex = combatant('Vex', sheet())

  const refusals = [
    {
      what: 'a weapon that cannot suppress (carried next to one that can)',
      weapon: ranged('ecsc-rpe-b7', 1),
      level: 'light',
      distance: 10,
      code: 'suppress/weaponCannot',
      message: /The ECSC RPE-B7 cannot suppress \(CX24\)/,
    },
    {
      what: 'a level above the weapon’s',
      weapon: ranged('g-w-10mm-auto', 11),
      level: 'medium',
      distance: 10,
      code: 'suppress/levelTooHigh',
      message: /at most at light level, not medium \(CX24\)/,
    },
    {
      what: 'too few rounds for the level',
      weapon: ranged('anvil-arms-c25', 5),
      level: 'medium',
      distance: 10,
      code: 'suppress/notEnoughRounds',
      message: /medium suppression needs 6 rounds; 5 in the current magazine \(CX24\)/,
    },
    {
      what: 'a target out of range',
      weapon: ranged('anvil-arms-c25', 25),
      level: 'medium',
      distance: 80,
      code: 'suppress/outOfRange',
      message: /80\.0 m is beyond the Anvil Arms C25's range \(60 m\)/,
    },
    {
      what: 'a jammed weapon',
      weapon: ranged('anvil-arms-c25', 25, { jammed: true }),
      level: 'light',
      distance: 10,
      code: 'suppress/jammed',
      message: /jammed.*\(CX9\)/,
    },
  ]
  for (const c of refusals) {
    it(`CX24: refuses ${c.what}, saying why`, () => {
      const g = combatant('Raider', sheet({ classId: 'specialist', weapons: [c.weapon, ranged('anvil-arms-c25', 25)] }))
      const r = cx.actions!.perform(suppressRequest(g, vex, { weapon: '0', level: c.level, distance: c.distance }), g, vex, faces())
      expect(r.ok).toBe(false)
      expect(!r.ok && r.error.code).toBe(c.code)
      expect(!r.ok && r.error.message).toMatch(c.message)
    })
  }

  it('CX24: refuses without a target', () => {
    const g = gunner('Raider', ranged('anvil-arms-c25', 25))
    const r = cx.actions!.perform(suppressRequest(g, null, { weapon: '0', level: 'light' }), g, null, faces())
    expect(!r.ok && r.error.code).toBe('action/noTarget')
  })

  it('CX24: offers only the guns that can suppress, and the levels up to the best of them', () => {
    const g = combatant('Raider', sheet({ weapons: [ranged('ecsc-rpe-b7', 1), ranged('g-w-10mm-auto', 11), ranged('anvil-arms-c25', 25)] }))
    const def = cx.actions!.list(g).find((a) => a.key === 'suppress')!
    const option = (key: string) => def.options.find((o) => o.key === key)!
    expect(option('weapon')).toMatchObject({ value: '1', choices: [{ value: '1' }, { value: '2' }] })
    expect(option('level').kind === 'choice' && option('level')).toMatchObject({ choices: [{ value: 'light' }, { value: 'medium' }] })
    expect(cx.actions!.list(gunner('Raider', ranged('ecsc-rpe-b7', 1))).find((a) => a.key === 'suppress')!.unavailable).toBe(
      'No weapon that can suppress (CX24).',
    )
  })

  it('CX24/CX25: medium spends 6 rounds, ends the turn and suppresses the target until the suppressor’s next turn start', () => {
    const raider = gunner('Raider', ranged('anvil-arms-c25', 25))
    const r = must(cx.actions!.perform(suppressRequest(raider, vex, { weapon: '0', level: 'medium', distance: 20 }), raider, vex, faces()))
    expect(cxOf(withRules(raider, r.actorRules)).weapons[0]!.ammo).toBe(19)
    expect(r.rolls).toEqual([])
    expect(r).toMatchObject({ cost: [{ pool: 'actions', amount: 1 }], endsTurn: true, targetRules: null })
    expect(r.conditions!.slice(0, -1)).toEqual([
      {
        combatantId: vex.id,
        add: [
          {
            conditionId: 'suppressed',
            stacks: 1,
            duration: { kind: 'turnStart', of: raider.id },
            sourceId: raider.id,
            data: expect.objectContaining({ level: 'medium', radius: 1, weapon: 0, distance: 20 }),
          },
        ],
      },
    ])
    // CX24/CX25: the 1 m zone is the suppressor's, around where the target stood, until its next turn.
    expect(r.conditions!.at(-1)).toEqual({
      combatantId: raider.id,
      add: [
        {
          conditionId: 'suppressing',
          stacks: 1,
          duration: { kind: 'turnStart', of: raider.id },
          sourceId: raider.id,
          data: { level: 'medium', targetId: vex.id },
          areaRadius: 1,
          areaAround: vex.id,
        },
      ],
    })
    expect(r.summary).toMatch(/^Raider lays down medium suppression on Vex with the Anvil Arms C25: 6 rounds, 1 m zone/)
  })

  it('CX24: light fires the rest of a magazine holding fewer than 3 rounds', () => {
    const raider = gunner('Raider', ranged('g-w-10mm-auto', 2))
    const r = must(cx.actions!.perform(suppressRequest(raider, vex, { weapon: '0', level: 'light', distance: 8 }), raider, vex, faces()))
    expect(cxOf(withRules(raider, r.actorRules)).weapons[0]!.ammo).toBe(0)
  })

  it('CX25: heavy needs the map for everyone within 2 m: off it only the target is suppressed, and the log says so', () => {
    const raider = gunner('Raider', ranged('anvil-arms-kmr4', 80))
    const r = must(cx.actions!.perform(suppressRequest(raider, vex, { weapon: '0', level: 'heavy', distance: 30 }), raider, vex, faces()))
    expect(cxOf(withRules(raider, r.actorRules)).weapons[0]!.ammo).toBe(70)
    expect(r.conditions!.map((c) => c.combatantId)).toEqual([vex.id, raider.id])
    expect(r.conditions![0]!.add![0]!.data).toMatchObject({ level: 'heavy', radius: 2 })
    expect(r.summary).toMatch(/off the map only Vex is marked/)
  })

  it.each([
    { level: 'heavy', caught: ['Vex', 'Ash', 'Raider'], note: /within 2 m of Vex it also suppresses Ash \(CX25\)/ },
    { level: 'medium', caught: ['Vex', 'Raider'], note: /^(?!.*also suppresses)/ },
  ])("CX25: on the map, $level suppression catches $caught (the last is the suppressor's zone)", ({ level, caught, note }) => {
    // Ash stands 1.5 m from Vex (inside heavy's 2 m), Bo 2.5 m away (outside); the suppressor itself is never caught.
    const at = (c: RulesCombatant, x: number, y: number): RulesCombatant => ({ ...c, position: { x, y, radius: 0.5 } })
    const raider = at(gunner('Raider', ranged('anvil-arms-kmr4', 80)), 0, 0)
    const target = at(vex, 30, 0)
    const ash = at(combatant('Ash', sheet()), 30, 1.5)
    const bo = at(combatant('Bo', sheet()), 32.5, 0)
    const r = must(
      cx.actions!.perform(suppressRequest(raider, target, { weapon: '0', level }), raider, target, faces(), [raider, target, ash, bo]),
    )
    const names = new Map([raider, target, ash, bo].map((c) => [c.id, c.name]))
    expect(r.conditions!.map((c) => names.get(c.combatantId))).toEqual(caught)
    expect(r.summary).toMatch(note)
  })
})

describe('Move while suppressed (000 Movement, CX25, CX26)', () => {
  const raider = gunner('Raider', ranged('anvil-arms-c25', 25))
  const vex = combatant('Vex', sheet())
  const move = (mover: RulesCombatant, options: ActionRequest['options'] = {}) =>
    must(cx.actions!.perform(moveRequest(mover, options), mover, null, faces()))
  const moved = (mover: RulesCombatant, r: ActionResolution) => withRules(mover, r.actorRules)

  it('000 Movement: the options show the metres per choice, and the move goes that far', () => {
    const def = cx.actions!.list(vex).find((a) => a.key === 'move')!
    const actions = def.options.find((o) => o.key === 'actions')!
    expect(actions.kind === 'choice' && actions.choices.map((c) => c.label)).toEqual([
      '1 action · 3 m (4 m sprinting)',
      '2 actions · 6 m (8 m sprinting)',
    ])
    expect(move(vex, { actions: '2', sprint: true }).summary).toMatch(/^Vex sprints 8 m \(2 actions/)
    const crouched = combatant('Vex', sheet({}, { stance: 'crouching' }))
    const r = cx.actions!.perform(moveRequest(crouched, { sprint: true }), crouched, null, faces())
    expect(!r.ok && r.error.code).toBe('move/cannotSprint')
    expect(cx.actions!.list(combatant('Vex', sheet({}, { stance: 'hunkering' }))).find((a) => a.key === 'move')!.unavailable).toMatch(
      /Un-hunker first/,
    )
  })

  it('CX26/CX25: breaking cover into the open prompts the suppressor’s automatic hit and leaving the zone ends the suppression', () => {
    const target = suppressed(raider, vex, 'medium', 's1')
    const r = move(target)
    expect(r.conditions).toEqual([{ combatantId: vex.id, removeFromSource: [{ conditionId: 'suppressed', sourceId: raider.id }] }])
    expect(r.prompts).toHaveLength(1)
    const prompt = r.prompts![0]!
    expect(prompt).toMatchObject({
      reactorId: raider.id,
      targetId: vex.id,
      text: 'Raider reacts to Vex leaving cover: medium suppression — one automatic hit, no coverage roll (CX26)',
      resolve: {
        kind: 'attack',
        request: {
          attackerId: raider.id,
          targetId: vex.id,
          weapon: 0,
          mode: 'semi',
          options: { suppressionReaction: 'medium', distance: 20 },
        },
      },
    })
    // The odds are the attack preview's own numbers for the prepared request.
    const request = (prompt.resolve as { request: AttackRequest }).request
    const preview = must(cx.attacks!.preview(request, raider, moved(target, r)))
    expect(prompt.odds).toBe(
      `hit certain · expected ${preview.expectedDamage.toFixed(1)} damage · down ${(preview.downChance * 100).toFixed(1)}%`,
    )
    expect(r.summary).toMatch(/leaves Raider's suppression zone: no longer suppressed by it \(CX25\)/)
  })

  it('CX26: once per target per suppressor turn — a second break from cover in the same zone draws nothing', () => {
    let target = suppressed(raider, vex, 'medium', 's1')
    const first = move(target, { leavesZone: false })
    expect(first.prompts).toHaveLength(1)
    expect(first.conditions).toBeUndefined()
    expect(first.summary).toMatch(/stays in Raider's suppression zone: still suppressed by it \(CX25\)/)
    target = moved(target, first)
    const second = move(target, { leavesZone: false })
    expect(second.prompts).toBeUndefined()
    expect(second.summary).toMatch(/Raider already reacted to Vex this turn: once per target per suppressor turn \(CX26\)/)
    // The suppressor's next turn: its old zone is gone (the core ends it) and a fresh one reacts again.
    const fresh = suppressed(raider, { ...target, conditions: [] }, 'medium', 's2')
    expect(move(fresh, { leavesZone: false }).prompts).toHaveLength(1)
  })

  it('CX26: into complete concealment there is no reaction, though leaving the zone still ends it (CX25)', () => {
    const r = move(suppressed(raider, vex, 'medium', 's1'), { intoOpen: false })
    expect(r.prompts).toBeUndefined()
    expect(r.conditions).toEqual([{ combatantId: vex.id, removeFromSource: [{ conditionId: 'suppressed', sourceId: raider.id }] }])
  })

  it('CX26: each suppressor reacts (reactions stack per weapon); light is one accuracy roll with its hit chance', () => {
    const spotter = gunner('Spotter', ranged('g-w-10mm-auto', 11))
    const target = suppressed(spotter, suppressed(raider, vex, 'medium', 's1'), 'light', 's2', 8)
    const r = move(target)
    expect(r.prompts!.map((p) => p.reactorId)).toEqual([raider.id, spotter.id])
    const light = r.prompts![1]!
    expect(light.text).toBe(
      'Spotter reacts to Vex leaving cover: light suppression — one single-shot accuracy roll, resolved as a normal shot (CX26)',
    )
    const preview = must(cx.attacks!.preview((light.resolve as { request: AttackRequest }).request, spotter, moved(target, r)))
    const hit = 1 - preview.outcomes.find((o) => o.label === 'Miss')!.probability
    expect(light.odds).toBe(
      `hit ${(hit * 100).toFixed(1)}% · expected ${preview.expectedDamage.toFixed(1)} damage · down ${(preview.downChance * 100).toFixed(1)}%`,
    )
  })

  it('CX26: a mover that is not suppressed crossing a zone is the GM’s call: a note prompt', () => {
    const r = move(vex, { throughZone: true })
    expect(r.prompts).toEqual<PromptDraft[]>([
      {
        reactorId: vex.id,
        targetId: vex.id,
        text: 'Vex moves through a suppression zone without being suppressed: the GM decides whether the suppressor reacts (CX26)',
        resolve: { kind: 'note' },
        odds: '',
      },
    ])
    expect(move(vex).prompts).toBeUndefined()
  })

  it('CX26: a suppression the GM put on by hand (no level recorded) still prompts, as a note for the GM', () => {
    const target = { ...vex, conditions: [instance('gm1', 'suppressed', { sourceId: raider.id })] }
    expect(move(target).prompts).toMatchObject([{ reactorId: raider.id, resolve: { kind: 'note' } }])
  })
})

describe('the suppressor’s reaction as an attack (CX26)', () => {
  const vex = combatant('Vex', sheet())
  const reaction = (attacker: RulesCombatant, level: string): AttackRequest => ({
    attackerId: attacker.id,
    targetId: vex.id,
    weapon: 0,
    mode: 'semi',
    options: { suppressionReaction: level, distance: 20 },
  })

  const levels = [
    { level: 'medium', weapon: ranged('anvil-arms-c25', 19), hits: 1, accuracyRolls: 0 },
    { level: 'heavy', weapon: ranged('anvil-arms-kmr4', 70), hits: 2, accuracyRolls: 0 },
    { level: 'light', weapon: ranged('anvil-arms-c25', 0), hits: 1, accuracyRolls: 1 },
  ]
  for (const c of levels) {
    it(`CX26: ${c.level} — ${c.accuracyRolls ? 'one accuracy roll' : `${c.hits} automatic hit(s) that always strike the armour`}, free, from no magazine`, () => {
      const raider = gunner('Raider', c.weapon)
      // Seeded dice: whatever they show, automatic hits roll no accuracy and no coverage d100.
      const dice = faces(...Array(12).fill(9))
      const r = must(cx.attacks!.resolve(reaction(raider, c.level), raider, vex, dice))
      const purposes = r.rolls.map((x) => x.purpose)
      expect(purposes.filter((p) => p.startsWith('accuracy'))).toHaveLength(c.accuracyRolls)
      if (c.accuracyRolls === 0) {
        expect(purposes.filter((p) => p.startsWith('armour'))).toEqual([])
        const rounds = r.detail.find((s) => s.title === 'Rounds')!.lines
        expect(rounds).toHaveLength(c.hits)
        for (const line of rounds) expect(line.value).toMatch(/armour hit and pierced/)
        expect(r.summary).toMatch(new RegExp(`${c.hits} automatic hits?`))
      }
      expect(r).toMatchObject({ cost: [], outOfTurn: 'free' })
      // The rounds went with the Suppress action (CX24): the magazine is untouched.
      expect(cxOf(withRules(raider, r.attackerRules)).weapons[0]!.ammo).toBe(c.weapon.ammo)
    })
  }

  it('CX26: a medium reaction against a fresh C25 target: 40 to armour points, 40 to health, no dice at all', () => {
    const raider = gunner('Raider', ranged('anvil-arms-c25', 19))
    // Typed dice with none typed: any roll asked for would throw.
    const r = must(cx.attacks!.resolve(reaction(raider, 'medium'), raider, vex, faces()))
    expect(r.rolls).toEqual([])
    expect(r.targetHp).toBe(110 - 40)
    expect(cxOf(withRules(vex, r.targetRules)).live.armourPoints).toBe(0)
  })

  it('CX26: the preview shows certain hits, no jam risk, and the reaction’s cost', () => {
    const raider = gunner('Raider', ranged('anvil-arms-kmr4', 70))
    const p = must(cx.attacks!.preview(reaction(raider, 'heavy'), raider, vex))
    expect(p.outcomes).toEqual([{ label: '2 automatic hits (CX26)', probability: 1 }])
    expect(p.risks.map((x) => x.label)).not.toContain('Jam (CX9)')
    expect(p.cost).toBe('free (suppression reaction, CX26)')
    expect(p.damage.reduce((t, d) => t + d.probability, 0)).toBeCloseTo(1, 12)
  })

  it('CX24/CX26: refuses a reaction above the weapon’s level, or from a jammed gun', () => {
    const pistol = gunner('Raider', ranged('g-w-10mm-auto', 8))
    const r = cx.attacks!.resolve(reaction(pistol, 'heavy'), pistol, vex, faces())
    expect(!r.ok && r.error.message).toMatch(/suppresses at most at light level, so it cannot answer at heavy/)
    const jammed = gunner('Raider', ranged('anvil-arms-c25', 19, { jammed: true }))
    expect(cx.attacks!.resolve(reaction(jammed, 'medium'), jammed, vex, faces()).ok).toBe(false)
  })
})

describe('a suppressed shooter (CX25)', () => {
  it('CX25: carrying a suppressed condition, its own shots default to the +1 miss chance', () => {
    const raider = combatant('Raider', sheet())
    const vex = combatant('Vex', sheet())
    const request: AttackRequest = { attackerId: vex.id, targetId: raider.id, weapon: 0, mode: 'semi', options: { distance: 12 } }
    const free = must(cx.attacks!.preview(request, vex, raider))
    const pinned = must(
      cx.attacks!.preview(request, { ...vex, conditions: [instance('s1', 'suppressed', { sourceId: raider.id })] }, raider),
    )
    expect(free.options.find((o) => o.key === 'suppressed')?.value).toBe(false)
    expect(pinned.options.find((o) => o.key === 'suppressed')?.value).toBe(true)
    const miss = (p: typeof free) => p.outcomes.find((o) => o.label === 'Miss')!.probability
    expect(miss(pinned) - miss(free)).toBeCloseTo(0.1, 12)
  })
})
