import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { d20SheetSchema, type D20Sheet } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { attack, d20, faces, fighter, live, must, sheet, sword } from './d20-fixtures'

const dagger = { name: 'Dagger', attack: 'finesse', dice: { count: 1, sides: 4 }, damageType: 'piercing' } as const
const dart = { name: 'Cinder dart', attack: 'spell', dice: { count: 1, sides: 6 }, damageType: 'fire' } as const

const withRules = (c: RulesCombatant, rules: JsonValue | null): RulesCombatant => ({ ...c, rules: rules ?? c.rules })
const draw = (c: RulesCombatant, weapon?: string) =>
  d20.actions!.perform({ actorId: c.id, action: 'draw', targetId: null, options: weapon === undefined ? {} : { weapon } }, c, null, faces())
const card = (c: RulesCombatant) =>
  Object.fromEntries(
    d20
      .combatantRules!.card(c.rules!)
      .flatMap((s) => s.lines)
      .map((l) => [l.label, l.value]),
  )

describe('003 Combat Actions, Draw/Sheath weapon: what is in hand (SR-D20-11)', () => {
  it('SR-D20-11 a sheet stored before drawing was tracked still reads, with its first weapon in hand', () => {
    const old = { attributes: { str: 3, dex: 2, mag: 0, per: 0, vit: 0, wil: 0 }, armourRating: 12, weapons: [sword, dagger] }
    const stored = { ...old, live: { attacksThisTurn: 0, reactions: [], armourDamage: 0 } }
    const parsed = d20SheetSchema.parse(stored)
    expect(parsed.live.drawn).toBeNull()
    const a = fighter('A', parsed, { acting: true })
    expect(card(a)['In hand']).toBe('Test sword')
    const t = fighter('T', sheet())
    expect(must(d20.attacks!.preview(attack(a, t, { weapon: 0 }), a, t)).blocked).toBeNull()
  })

  it('SR-D20-11 a spell is no weapon to draw: the first weapon in hand is the first that is not a spell', () => {
    const a = fighter('A', sheet({ weapons: [dart, dagger] }), { acting: true })
    const t = fighter('T', sheet())
    expect(card(a)['In hand']).toBe('Dagger')
    expect(must(d20.attacks!.preview(attack(a, t, { weapon: 0 }), a, t)).blocked).toBeNull()
    expect(must(d20.attacks!.preview(attack(a, t, { weapon: 1 }), a, t)).blocked).toBeNull()
  })

  it('003 Draw/Sheath an attack with a weapon not drawn is refused, naming it, and the preview says why', () => {
    const a = fighter('A', sheet({ weapons: [sword, dagger] }), { acting: true })
    const t = fighter('T', sheet())
    const p = must(d20.attacks!.preview(attack(a, t, { weapon: 1 }), a, t))
    expect(p.blocked).toBe('The Dagger is not drawn: A must draw it first (1 action, 003 Combat Actions).')
    const r = d20.attacks!.resolve(attack(a, t, { weapon: 1 }), a, t, faces(20, 4))
    expect(!r.ok && r.error.code).toBe('attack/notDrawn')
    // Bare hands are always ready.
    expect(must(d20.attacks!.preview(attack(a, t, { weapon: 2 }), a, t)).blocked).toBeNull()
  })

  it('003 Draw/Sheath an attack of opportunity with a sheathed weapon is refused too', () => {
    const a = fighter('A', sheet({ weapons: [sword, dagger] }), { acting: false })
    const t = fighter('T', sheet())
    expect(must(d20.attacks!.preview(attack(a, t, { weapon: 1 }), a, t)).blocked).toMatch(/The Dagger is not drawn/)
  })

  it('003 Draw/Sheath drawing costs One Action and puts the weapon in hand; then it attacks', () => {
    let a = fighter('A', sheet({ weapons: [sword, dagger] }), { acting: true })
    const t = fighter('T', sheet())
    const def = d20.actions!.list(a).find((d) => d.key === 'draw')!
    expect(def.cost).toBe('1 action')
    const choice = def.options[0]!
    expect(choice.kind === 'choice' && choice.choices.map((c) => [c.value, c.label])).toEqual([
      ['1', 'Draw the Dagger'],
      ['0', 'Sheathe the Test sword'],
    ])
    const r = must(draw(a, '1'))
    expect(r.cost).toEqual([{ pool: 'actions', amount: 1 }])
    expect(r.summary).toBe('A draws the Dagger (1 action, 003 Combat Actions)')
    a = withRules(a, r.actorRules)
    expect(live(a).drawn).toEqual([0, 1])
    expect(must(d20.attacks!.preview(attack(a, t, { weapon: 1 }), a, t)).blocked).toBeNull()
  })

  it('003 Draw/Sheath sheathing takes One Action and the weapon can no longer attack', () => {
    const a = fighter('A', sheet({ weapons: [sword, dagger] }), { acting: true })
    const t = fighter('T', sheet())
    const r = must(draw(a, '0'))
    expect(r.summary).toBe('A sheathes the Test sword (1 action, 003 Combat Actions)')
    const after = withRules(a, r.actorRules)
    expect(live(after).drawn).toEqual([])
    expect(card(after)['In hand']).toBe('no weapon drawn')
    expect(must(d20.attacks!.preview(attack(after, t, { weapon: 0 }), after, t)).blocked).toMatch(/The Test sword is not drawn/)
  })

  it('003 Draw/Sheath "If dual wielding, drawing both at the same time is a One Action. Sheathing is One Action per weapon."', () => {
    const bare = sheet({ weapons: [sword, dagger], live: { attacksThisTurn: 0, reactions: [], armourDamage: 0, drawn: [] } })
    const a = fighter('A', bare, { acting: true })
    const opt = d20.actions!.list(a).find((d) => d.key === 'draw')!.options[0]!
    expect(opt.kind === 'choice' && opt.choices.map((c) => c.value)).toEqual(['0', '1', '0+1'])
    const r = must(draw(a, '0+1'))
    expect(r.cost).toEqual([{ pool: 'actions', amount: 1 }])
    const both = withRules(a, r.actorRules)
    expect(live(both).drawn).toEqual([0, 1])
    const back = draw(both, '0+1')
    expect(!back.ok && back.error.code).toBe('action/sheatheOneByOne')
  })

  it('003 Draw/Sheath a spell cannot be drawn, and a caster with only spells is offered no draw', () => {
    const a = fighter('A', sheet({ weapons: [sword, dart] }), { acting: true })
    expect(draw(a, '1').ok).toBe(false)
    const caster = fighter('C', sheet({ weapons: [dart] }), { acting: true })
    expect(d20.actions!.list(caster).find((d) => d.key === 'draw')?.unavailable).toMatch(/no weapon to draw/)
  })

  it('SR-D20-11 what is in hand survives storing and reading back', () => {
    const a = fighter('A', sheet({ weapons: [sword, dagger] }), { acting: true })
    const r = must(draw(a, '1'))
    const reread = d20SheetSchema.parse(JSON.parse(JSON.stringify(r.actorRules))) as D20Sheet
    expect(reread.live.drawn).toEqual([0, 1])
  })
})
