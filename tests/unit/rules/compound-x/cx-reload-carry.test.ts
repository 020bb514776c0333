import { describe, expect, it } from 'vitest'
import { act, brawl, lastLog, sheetOf, spent } from './cx-brawl'

const empty = { weapons: [{ kind: 'ranged' as const, itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 0, spareMagazines: 3 }] }
const current = (h: Awaited<ReturnType<typeof brawl>>) => h.campaign.store.ofType('encounter')[0]!.currentCombatantId

/** Round one's turns pass (Vex, Raider, Brute) until Vex's next turn starts. */
function backToVex(h: Awaited<ReturnType<typeof brawl>>) {
  for (let i = 0; i < 3; i++) h.must('encounter/nextTurn', {})
}

describe('000 Reloading: a reload longer than the actions left runs into the next turn (SR-CX-74)', () => {
  it('000 Reloading, SR-CX-74: with 1 action left a failed reload (4 actions) spends it, the magazine stays out, and 3 are owed', async () => {
    const h = await brawl({ vex: empty })
    h.must('economy/set', { combatantId: h.combatantId('Vex'), pool: 'actions', spent: 3 })
    // DEX 6 → +4: d100 20 + 4 = 24 vs DC 30 fails, 4 actions.
    expect(act(h, 'Vex', 'reload', null, { weapon: '0' }, [20]).ok).toBe(true)
    expect(spent(h, 'Vex', 'actions')).toBe(4)
    expect(sheetOf(h, 'Vex').weapons[0]).toMatchObject({ ammo: 0, spareMagazines: 3 })
    expect(sheetOf(h, 'Vex').live.reloading).toEqual({ slot: 0, actionsLeft: 3 })
    expect(lastLog(h, 'Vex reloads')).toContain('1 of 4 actions now, 3 at the start of its next turn')
  })

  it('000 Reloading, SR-CX-74: the next turn starts by paying the owed actions, and then the magazine is in', async () => {
    const h = await brawl({ vex: empty })
    h.must('economy/set', { combatantId: h.combatantId('Vex'), pool: 'actions', spent: 3 })
    h.must(
      'action/perform',
      {
        request: { actorId: h.combatantId('Vex'), action: 'reload', targetId: null, options: { weapon: '0' } },
      },
      [20],
    )
    backToVex(h)
    expect(current(h)).toBe(h.combatantId('Vex'))
    expect(spent(h, 'Vex', 'actions')).toBe(3)
    expect(sheetOf(h, 'Vex').weapons[0]).toMatchObject({ ammo: 25, spareMagazines: 2 })
    expect(sheetOf(h, 'Vex').live.reloading).toBeNull()
    expect(lastLog(h, 'the reload of the')).toContain('takes the first 3 actions: loaded')
  })

  it('000 Reloading, SR-CX-74: a reload that fits the actions left loads at once, and none is owed', async () => {
    const h = await brawl({ vex: empty })
    expect(act(h, 'Vex', 'reload', null, { weapon: '0' }, [20]).ok).toBe(true)
    expect(spent(h, 'Vex', 'actions')).toBe(4)
    expect(sheetOf(h, 'Vex').weapons[0]).toMatchObject({ ammo: 25, spareMagazines: 2 })
    expect(sheetOf(h, 'Vex').live.reloading).toBeNull()
  })

  it('000 Reloading, SR-CX-74: while a reload is owed the reload action is unavailable, and with no action left none starts', async () => {
    const h = await brawl({ vex: empty })
    h.must('economy/set', { combatantId: h.combatantId('Vex'), pool: 'actions', spent: 3 })
    act(h, 'Vex', 'reload', null, { weapon: '0' }, [20])
    const again = act(h, 'Vex', 'reload', null, { weapon: '0' }, [90])
    expect(again.ok ? '' : again.error.message).toContain('Still reloading: 3 actions owed')
    const h2 = await brawl({ vex: empty })
    h2.must('economy/set', { combatantId: h2.combatantId('Vex'), pool: 'actions', spent: 4 })
    const none = act(h2, 'Vex', 'reload', null, { weapon: '0' }, [90])
    expect(none.ok ? '' : none.error.message).toContain('no actions left this turn')
    expect(sheetOf(h2, 'Vex').weapons[0]!.ammo).toBe(0)
  })

  it('000 Reloading, SR-CX-74: a fight that ends mid-reload finishes it', async () => {
    const h = await brawl({ vex: empty })
    h.must('economy/set', { combatantId: h.combatantId('Vex'), pool: 'actions', spent: 3 })
    act(h, 'Vex', 'reload', null, { weapon: '0' }, [20])
    h.must('encounter/end', {})
    expect(sheetOf(h, 'Vex').weapons[0]).toMatchObject({ ammo: 25, spareMagazines: 2 })
    expect(sheetOf(h, 'Vex').live.reloading).toBeNull()
  })
})

describe('000 Reloading from held actions (CX20, SR-CX-74)', () => {
  it('SR-CX-74: a reload from 2 held actions whose check fails (4 actions) is done with what is held, not refused after its roll', async () => {
    const h = await brawl({ vex: empty })
    h.must('hold/declare', { combatantId: h.combatantId('Vex'), trigger: 'Raider breaks cover', amount: 2 })
    h.must('encounter/nextTurn', {})
    expect(current(h)).not.toBe(h.combatantId('Vex'))
    h.must('hold/release', { combatantId: h.combatantId('Vex') })
    // d100 20 + 4 = 24 vs DC 30 fails: 4 actions, 2 held. Refused, the GM could roll again.
    expect(act(h, 'Vex', 'reload', null, { weapon: '0' }, [20]).ok).toBe(true)
    expect(sheetOf(h, 'Vex').weapons[0]).toMatchObject({ ammo: 25, spareMagazines: 2 })
    expect(h.campaign.store.ofType('combatant').find((c) => c.name === 'Vex')!.held).toBeNull()
  })
})
