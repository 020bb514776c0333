import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { sheetSchema } from '../../../../src-main/rules/2d6-significant/sheet/sheet-schema'
import { combatant, faces, gear, idOf, must, sheet, sheetOf, twod6 } from './harness'

const request = (weapon: number): AttackRequest => ({ attackerId: idOf('Ana'), targetId: idOf('Bo'), weapon, mode: 'single', options: {} })
const act = (c: RulesCombatant, action: string, options: Record<string, string> = {}) =>
  twod6.actions!.perform({ actorId: c.id, action, targetId: null, options }, c, null, faces())
const bo = () => combatant('Bo', sheet())
/** Ana with the pistol (slot 0) in hand and the baton (slot 1) put away. */
const fresh = (over = {}) => combatant('Ana', sheet({}, { drawn: [0] }), over)

describe('004 Drawing and Reloading: drawn weapons (SR-2D6-10)', () => {
  it('SR-2D6-10 a sheet stored before drawing was tracked still reads, every weapon it carries in hand', () => {
    const old = { characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 7, soc: 7 }, weapons: gear('service-pistol', 'shock-baton') }
    const parsed = sheetSchema.parse({ ...old, live: { stance: 'standing' } })
    expect(parsed.live.drawn).toBeNull()
    expect(parsed.weapons.map((w) => w.reload)).toEqual([1, 1])
    const card = twod6.combatantRules!.card(sheetSchema.parse(old)).flatMap((s) => s.lines)
    expect(card.find((l) => l.label === 'In hand')?.value).toBe('Service pistol, Shock baton')
  })

  it('004 Drawing and Reloading an attack with a weapon not in hand is refused, naming it, and the preview says why', () => {
    const a = fresh()
    const p = must(twod6.attacks!.preview(request(1), a, bo()))
    expect(p.blocked).toBe('The Shock baton is not drawn: Ana must draw it first (a minor action, 004 Drawing and Reloading).')
    const r = twod6.attacks!.resolve(request(1), a, bo(), faces(6, 6, 3, 3))
    expect(!r.ok && r.error.code).toBe('attack/notDrawn')
    expect(must(twod6.attacks!.preview(request(0), a, bo())).blocked).toBeNull()
    // Bare hands, the slot after the carried weapons, are always ready.
    expect(must(twod6.attacks!.preview(request(2), a, bo())).blocked).toBeNull()
  })

  it('004 Drawing and Reloading "Most weapons can be drawn … in a minor action": drawing is its own minor action', () => {
    const a = fresh()
    const def = twod6.actions!.list(a).find((d) => d.key === 'draw')!
    expect(def.cost).toBe('minor action')
    const r = must(act(a, 'draw', { weapon: '1' }))
    expect(r.cost).toEqual([{ pool: 'minor', amount: 1 }])
    expect(r.summary).toBe('Ana draws the Shock baton (a minor action, 004 Drawing and Reloading)')
    const armed = { ...a, rules: r.actorRules }
    expect(sheetOf(armed.rules).live.drawn).toEqual([0, 1])
    expect(must(twod6.attacks!.preview(request(1), armed, bo())).blocked).toBeNull()
  })

  it('SR-2D6-10 putting a weapon away is a free action, and it can no longer attack', () => {
    const a = fresh()
    const r = must(act(a, 'stow', { weapon: '0' }))
    expect(r.cost).toEqual([])
    const away = { ...a, rules: r.actorRules }
    expect(sheetOf(away.rules).live.drawn).toEqual([])
    expect(must(twod6.attacks!.preview(request(0), away, bo())).blocked).toMatch(/The Service pistol is not drawn/)
  })

  it('SR-2D6-10 the Pirate boarder spawned from the roster (a fresh live state) has blade and scattergun in hand', () => {
    const pirate = twod6.quickNpcs!.find((n) => n.name === 'Pirate boarder')!
    const { live: _live, ...sheetOnly } = pirate.rules as Record<string, unknown>
    const s = must(twod6.combatantRules!.parse(sheetOnly)).data
    const armed = combatant('Pirate', sheetOf(s))
    expect(must(twod6.attacks!.preview({ ...request(1), attackerId: armed.id }, armed, bo())).blocked).toBeNull()
  })
})

describe('004 Drawing and Reloading: "exceptionally heavy" weapons take longer to reload', () => {
  const empty = (id: string) => gear(id).map((w) => ({ ...w, ammo: 0 }))
  const gunner = (id: string, spent: Record<string, number> = {}) =>
    combatant('Ana', sheet({ weapons: empty(id) }, { drawn: [0] }), { spent })

  it('004 an ordinary reload costs one minor action', () => {
    const r = must(act(gunner('service-pistol'), 'reload', { weapon: '0' }))
    expect(r.cost).toEqual([{ pool: 'minor', amount: 1 }])
    expect(sheetOf(r.actorRules).weapons[0]!.ammo).toBe(15)
    expect(r.summary).toMatch(/\(a minor action, 004 Drawing and Reloading\)$/)
  })

  it('004 the magnum revolver reloads in two minor actions: the minor action and half the significant one (T3)', () => {
    const r = must(act(gunner('magnum-revolver'), 'reload', { weapon: '0' }))
    expect(r.cost).toEqual([
      { pool: 'minor', amount: 1 },
      { pool: 'significant', amount: 1 },
    ])
    expect(r.summary).toMatch(/\(2 minor actions, 004 Drawing and Reloading\)$/)
    // With the minor action spent, both come off the significant action.
    expect(must(act(gunner('magnum-revolver', { minor: 1 }), 'reload', { weapon: '0' })).cost).toEqual([{ pool: 'significant', amount: 2 }])
  })

  it('004 a two-minor reload is refused with only one minor act left this round (T3)', () => {
    const r = act(gunner('magnum-revolver', { minor: 1, significant: 1 }), 'reload', { weapon: '0' })
    expect(!r.ok && r.error.message).toMatch(/reloading it takes 2 minor actions; 1 minor act\(s\) are left this round \(T3\)/)
  })

  it('004 the support gun takes the significant action to reload, leaving the minor one', () => {
    const r = must(act(gunner('support-gun'), 'reload', { weapon: '0' }))
    expect(r.cost).toEqual([{ pool: 'significant', amount: 2 }])
    expect(r.summary).toMatch(/\(a significant action, 004 Drawing and Reloading\)$/)
    const after = act(gunner('support-gun', { minor: 1, significant: 1 }), 'reload', { weapon: '0' })
    expect(!after.ok && after.error.message).toMatch(/significant action/)
  })

  it('004 the reload choice names each weapon’s reload time, and the cost says it varies', () => {
    const a = combatant('Ana', sheet({ weapons: [...empty('service-pistol'), ...empty('support-gun')] }))
    const def = twod6.actions!.list(a).find((d) => d.key === 'reload')!
    const opt = def.options[0]!
    expect(opt.kind === 'choice' && opt.choices.map((c) => c.label)).toEqual([
      'Service pistol (0/15, a minor action)',
      'Support gun (0/60, a significant action)',
    ])
    expect(def.cost).toBe('as the weapon says (minor actions or a significant action)')
  })

  it('004 a weapon the GM types can carry its own reload time; it is checked', () => {
    const ok = sheetSchema.safeParse({
      characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 7, soc: 7 },
      weapons: [{ ...gear('carbine')[0]!, reload: 3 }],
    })
    expect(ok.success).toBe(true)
    const bad = sheetSchema.safeParse({
      characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 7, soc: 7 },
      weapons: [{ ...gear('carbine')[0]!, reload: 4 }],
    })
    expect(bad.success).toBe(false)
  })
})

describe('004 Drawing and Reloading: the sheet form sets a gun’s reload time', () => {
  it('004 the form offers each gun’s reload time and keeps what the GM picks', () => {
    const current = sheet()
    const field = twod6.combatantRules!.form(current).find((f) => f.key === 'weapons.0.reload')
    expect(field).toMatchObject({ kind: 'choice', value: '1' })
    const input = twod6.combatantRules!.fromForm({ 'weapons.0.reload': 'significant' }, current)
    const parsed = sheetSchema.parse(input)
    expect(parsed.weapons[0]!.reload).toBe('significant')
  })
})
