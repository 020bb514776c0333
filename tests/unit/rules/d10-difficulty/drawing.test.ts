import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import type { JsonValue } from '../../../../src-shared/json'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { storedD10SheetSchema, type D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant, d10, sheet, sheetInput, typed } from './d10-fixtures'

/** The fixture's carbine (slot 0) kept shouldered, its knife (slot 1) in a holster; both stowed. */
function stowed(): D10Sheet {
  const s = sheet()
  return { ...s, weapons: s.weapons.map((w, i) => ({ ...w, carry: i === 0 ? ('other' as const) : ('holster' as const), drawn: false })) }
}

const who = (s: D10Sheet) => combatant('Ash', s)
const perform = (c: RulesCombatant, action: string, weapon?: number) =>
  d10.actions!.perform(
    { actorId: c.id, action, targetId: null, options: weapon === undefined ? {} : { weapon: String(weapon) } },
    c,
    null,
    typed(),
  )
const after = (c: RulesCombatant, rules: JsonValue | null): RulesCombatant => ({ ...c, rules })
const sheetOf = (c: RulesCombatant) => c.rules as unknown as D10Sheet
const strike = (a: RulesCombatant, t: RulesCombatant, weapon: number): AttackRequest => ({
  attackerId: a.id,
  targetId: t.id,
  weapon,
  mode: weapon === 0 ? 'single' : 'strike',
  options: { distance: 1 },
})

describe('002 Drawing: where a weapon is kept, and drawing it before it attacks (SR-D10-10)', () => {
  it('SR-D10-10 a sheet stored before drawing was tracked still reads: its weapons kept in a holster, in hand', () => {
    const old = JSON.parse(JSON.stringify(sheet())) as Record<string, unknown> & { weapons: Record<string, unknown>[] }
    for (const w of old.weapons) {
      delete w['carry']
      delete w['drawn']
    }
    delete (old['live'] as Record<string, unknown>)['drawing']
    const parsed = storedD10SheetSchema.parse(old)
    expect(parsed.weapons.map((w) => [w.carry, w.drawn])).toEqual([
      ['holster', true],
      ['holster', true],
    ])
    expect(parsed.live.drawing).toBeNull()
  })

  it('002 Drawing an attack with a stowed weapon is refused, naming it; the preview says why', () => {
    const a = who(stowed())
    const t = combatant('Bo', sheet())
    const p = d10.attacks!.preview(strike(a, t, 1), a, t)
    expect(p.ok && p.value.blocked).toBe('The Test knife is not drawn: Ash must draw it first (1 action from its holster, 002 Drawing).')
    const r = d10.attacks!.resolve(strike(a, t, 1), a, t, typed(10, 10, 5, 4))
    expect(!r.ok && r.error.code).toBe('attack/notDrawn')
    // Bare hands (after the carried weapons) are always ready.
    const fists = d10.attacks!.preview(strike(a, t, 2), a, t)
    expect(fists.ok && fists.value.blocked).toBeNull()
  })

  it('002 Drawing "from a holster takes one action": one draw action and the knife attacks', () => {
    const a = who(stowed())
    const t = combatant('Bo', sheet())
    const def = d10.actions!.list(a).find((d) => d.key === 'draw')!
    const opt = def.options[0]!
    expect(opt.kind === 'choice' && opt.choices.map((c) => c.label)).toEqual([
      'Test carbine (2 actions from where it is kept)',
      'Test knife (1 action from its holster)',
    ])
    const r = perform(a, 'draw', 1)
    expect(r.ok && r.value.cost).toEqual([{ pool: 'action', amount: 1 }])
    expect(r.ok && r.value.summary).toBe('Ash draws the Test knife from its holster (1 action, 002 Drawing)')
    const armed = after(a, r.ok ? r.value.actorRules : null)
    expect(sheetOf(armed).weapons[1]!.drawn).toBe(true)
    const p = d10.attacks!.preview(strike(armed, t, 1), armed, t)
    expect(p.ok && p.value.blocked).toBeNull()
  })

  it('002 Drawing "the same applies if you carry the knife or the pistol in a slot of a body armor": one action', () => {
    const s = stowed()
    const a = who({ ...s, weapons: s.weapons.map((w, i) => (i === 1 ? { ...w, carry: 'armour' as const } : w)) })
    const r = perform(a, 'draw', 1)
    expect(r.ok && sheetOf(after(a, r.value.actorRules)).weapons[1]!.drawn).toBe(true)
  })

  it('002 Drawing "otherwise … it takes two actions": one action begins the draw, the next finishes it', () => {
    const a = who(stowed())
    const t = combatant('Bo', sheet())
    const first = perform(a, 'draw', 0)
    expect(first.ok && first.value.cost).toEqual([{ pool: 'action', amount: 1 }])
    expect(first.ok && first.value.summary).toMatch(/begins drawing the Test carbine from where it is kept: one more action/)
    const half = after(a, first.ok ? first.value.actorRules : null)
    expect(sheetOf(half).weapons[0]!.drawn).toBe(false)
    expect(sheetOf(half).live.drawing).toBe(0)
    const blocked = d10.attacks!.preview(strike(half, t, 0), half, t)
    expect(blocked.ok && blocked.value.blocked).toMatch(/not drawn: Ash must draw it first \(1 action from where it is kept, 002 Drawing\)/)
    const second = perform(half, 'draw', 0)
    expect(second.ok && second.value.summary).toBe('Ash finishes drawing the Test carbine (1 action, 002 Drawing)')
    const armed = after(half, second.ok ? second.value.actorRules : null)
    expect(sheetOf(armed).weapons[0]!.drawn).toBe(true)
    expect(sheetOf(armed).live.drawing).toBeNull()
  })

  it('SR-D10-11 stowing a weapon takes the free action, and it can no longer attack', () => {
    const a = who(sheet())
    const t = combatant('Bo', sheet())
    const r = perform(a, 'stow', 1)
    expect(r.ok && r.value.cost).toEqual([{ pool: 'free', amount: 1 }])
    const put = after(a, r.ok ? r.value.actorRules : null)
    expect(sheetOf(put).weapons[1]!.drawn).toBe(false)
    const line = d10
      .combatantRules!.card(put.rules!)
      .flatMap((x) => x.lines)
      .find((l) => l.label === 'Test knife')
    expect(line?.value).toMatch(/ · stowed \(holster\)$/)
    const p = d10.attacks!.preview(strike(put, t, 1), put, t)
    expect(p.ok && p.value.blocked).toMatch(/The Test knife is not drawn/)
  })

  it('SR-D10-11 with the free action spent, stowing is marked unavailable', () => {
    const a = combatant('Ash', sheet(), { spent: { free: 1 } })
    expect(d10.actions!.list(a).find((d) => d.key === 'stow')?.unavailable).toMatch(/free action this round is spent/)
  })

  it('002 Drawing through the core: a two-action draw takes the round’s one action in each of two rounds', async () => {
    const h = await CampaignHarness.create('d10-draw', tempDir(), undefined, d10)
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 20, rules: sheetInput() })
    const ash = h.combatantId('Ash')
    h.must('combatant/setSheet', { combatantId: ash, values: { 'weapons.0.carry': 'other', 'weapons.0.drawn': false } })
    h.must('encounter/start', { name: 'Yard' })
    h.must('encounter/rollInitiative', {}, [5])
    const draw = () => h.run('action/perform', { request: { actorId: ash, action: 'draw', targetId: null, options: { weapon: '0' } } })
    expect(draw().ok).toBe(true)
    const again = draw()
    expect(!again.ok && again.error.message).toMatch(/no action left this round/)
    h.must('encounter/nextTurn', {}, [5])
    expect(draw().ok).toBe(true)
    const rules = h.campaign.store.ofType('combatant').find((c) => c.name === 'Ash')!.rules as unknown as D10Sheet
    expect(rules.weapons[0]!.drawn).toBe(true)
  })

  it('002 Drawing suppressing fire needs the gun in hand too', () => {
    const a = who(stowed())
    const t = combatant('Bo', sheet())
    const r = d10.actions!.perform(
      { actorId: a.id, action: 'suppress', targetId: t.id, options: { weapon: '0', width: 3, bullets: 5, actions: 1 } },
      a,
      t,
      typed(),
    )
    expect(!r.ok && r.error.code).toBe('attack/notDrawn')
  })
})
