import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d10, sheetInput } from './d10-fixtures'

/** Ash (DEX +3) acts before Bo (DEX 0), initiative fixed for the encounter. */
async function fight() {
  const h = await CampaignHarness.create('d10-hold', tempDir(), undefined, d10)
  h.must('campaign/setRulesetSetting', { key: 'initiative', value: 'fixed' })
  for (const [name, dex] of [
    ['Ash', 3],
    ['Bo', 0],
  ] as const)
    h.must('combatant/add', {
      name,
      side: name === 'Ash' ? 'party' : 'enemy',
      kind: 'pc',
      maxHp: 20,
      rules: sheetInput({ attributes: { str: 0, dex, con: 0, per: 1 } }),
    })
  h.must('encounter/start', { name: 'Yard' })
  h.must('encounter/rollInitiative', {}, [9, 1])
  const c = (name: string) => h.campaign.store.ofType('combatant').find((x) => x.name === name)!
  const ash = h.combatantId('Ash')
  const move = () =>
    h.run('action/perform', { request: { actorId: ash, action: 'move', targetId: null, options: { metres: 2, mode: 'walk' } } })
  return { h, c, ash, move }
}

describe('002 Actions: a reaction is an action declared for a condition (D-1, SR-D10-1)', () => {
  it('SR-D10-1: hold/declare sets the reaction aside and leaves the action and free action for the turn', async () => {
    const { h, c, ash, move } = await fight()
    h.must('hold/declare', { combatantId: ash, trigger: 'Bo reaches for his gun', amount: 1 })
    expect(c('Ash').held).toEqual({ trigger: 'Bo reaches for his gun', amount: 1, released: false })
    expect(c('Ash').spent).toMatchObject({ reaction: 1 })
    expect(c('Ash').spent['action'] ?? 0).toBe(0)
    expect(move().ok).toBe(true)
    expect(h.logText()).toMatch(/Ash holds 1 reaction until: Bo reaches for his gun/)
  })

  it('SR-D10-1: only the one reaction can be declared', async () => {
    const { h, ash } = await fight()
    const r = h.run('hold/declare', { combatantId: ash, trigger: 'anything', amount: 2 })
    expect(r.ok ? '' : r.error.code).toBe('hold/notEnough')
  })

  it('SR-D10-1: the condition kicks in: the holder acts in the other’s turn, paid by the hold, and no second reaction is spent', async () => {
    const { h, c, ash, move } = await fight()
    h.must('hold/declare', { combatantId: ash, trigger: 'Bo moves', amount: 1 })
    h.must('encounter/nextTurn', {}) // Bo's turn
    h.must('hold/release', { combatantId: ash })
    expect(c('Ash').spent).toMatchObject({ reaction: 1 })
    expect(c('Ash').held).toMatchObject({ released: true })
    expect(move().ok).toBe(true)
    expect(c('Ash').held).toBeNull()
    // The hold is used up: another act out of turn needs a reaction, and Ash's is spent.
    const again = move()
    expect(again.ok ? '' : again.error.code).toBe('economy/noReaction')
  })

  it('002: "valid until the next turn of the character who declared it": lost as its next turn starts', async () => {
    const { h, c, ash } = await fight()
    h.must('hold/declare', { combatantId: ash, trigger: 'a door opens', amount: 1 })
    h.must('encounter/nextTurn', {}) // Bo's turn: still held
    expect(c('Ash').held).not.toBeNull()
    h.must('encounter/nextTurn', {}) // round 2, Ash's turn
    expect(c('Ash').held).toBeNull()
    expect(h.logText()).toMatch(/Ash's held actions \("a door opens"\) are lost: the trigger never came/)
  })
})
