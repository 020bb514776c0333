import { describe, expect, it } from 'vitest'
import type { CombatantRecord } from '../../../../src-shared/records'
import { d20Ambush } from '../../../../src-main/rules/d20-two-action/d20-ambush'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d20, faces, fighter, sheet } from './d20-fixtures'

/** `003 Ambushes` (W-2): Stealth(DEX) against Awareness(PER) decides who gets the drop (SR-D20-20, SR-D20-21). */
const ash = fighter('Ash', sheet({}, { dex: 2 })) // Stealth d20 + 2
const bo = fighter('Bo', sheet({}, { per: 1 })) // Awareness d20 + 1
const cy = fighter('Cy', sheet({}, { per: 3 })) // Awareness d20 + 3

describe('003 Ambushes: Stealth(DEX) against Awareness(PER)', () => {
  it('SR-D20-20: a target whose Awareness the Stealth beats is caught; one who beats it is not; the ambusher gets its free turn', () => {
    // Ash 13 + 2 = 15; Bo 9 + 1 = 10 (caught); Cy 14 + 3 = 17 (alert).
    const r = d20Ambush([ash], [bo, cy], faces(13, 9, 14))
    expect(r.ok && r.value).toMatchObject({ actors: [ash.id], surprised: [bo.id] })
    expect(r.ok && r.value.rolls.map((x) => x.purpose)).toEqual([
      'Ash: Stealth (Dexterity) test',
      'Bo: Awareness test',
      'Cy: Awareness test',
    ])
    expect(r.ok && r.value.lines.join('\n')).toMatch(
      /Ash: Stealth 15 stays hidden from Bo \(10\): a free turn[\s\S]*Cy: Awareness 17 is not caught/,
    )
  })

  it('SR-D20-20: "if they win": a tie leaves the target alert, and an ambusher who beats nobody takes no free turn', () => {
    // Ash 10 + 2 = 12; Bo 11 + 1 = 12.
    const r = d20Ambush([ash], [bo], faces(10, 11))
    expect(r.ok && r.value).toMatchObject({ actors: [], surprised: [] })
    expect(r.ok && r.value.lines[0]).toMatch(/spotted by everyone: no free turn/)
  })

  it('SR-D20-20: individual members of a group can be ambushed: each ambusher against each target', () => {
    const dee = fighter('Dee', sheet({}, { dex: 0 }))
    // Ash 15 + 2 = 17, Dee 3 + 0 = 3; Bo 10 + 1 = 11 (caught by Ash), Cy 1 + 3 = 4 (caught by Ash; Dee's 3 does not beat it).
    const r = d20Ambush([ash, dee], [bo, cy], faces(15, 3, 10, 1))
    expect(r.ok && r.value).toMatchObject({ actors: [ash.id], surprised: [bo.id, cy.id] })
  })

  it('an ambusher without a sheet is refused by name, nothing rolled', () => {
    const r = d20Ambush([{ ...ash, rules: null }], [bo], faces(10, 10))
    expect(r.ok ? '' : r.error.code).toBe('surprise/noSheet')
  })
})

describe('003 Ambushes through the core (SR-D20-21)', () => {
  async function woods() {
    const h = await CampaignHarness.create('d20-ambush', tempDir(), undefined, d20)
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 20, rules: sheet({}, { dex: 2 }) })
    h.must('combatant/add', { name: 'Eve', side: 'party', kind: 'pc', maxHp: 20, rules: sheet({}, { dex: 2 }) })
    h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 20, rules: sheet({}, { per: 1 }) })
    h.must('encounter/start', { name: 'Woods' })
    const encounter = () => h.campaign.store.ofType('encounter')[0]!
    const turn = () => (h.campaign.store.get(encounter().currentCombatantId!) as CombatantRecord).name
    return { h, encounter, turn }
  }

  it('only the ambushers who won take a turn, in the rolled order, before the first normal round', async () => {
    const { h, encounter, turn } = await woods()
    // Initiative (the store's order: Ash, Bo, Eve): Ash 15 + 2, Bo 19 + 2, Eve 5 + 2. Then, in the
    // rolled order, Stealth: Ash 12 + 2 = 14, Eve 2 + 2 = 4; Bo's Awareness 8 + 1 = 9.
    h.must('encounter/rollInitiative', { surpriseBy: 'party' }, [15, 19, 5, 12, 2, 8])
    expect(h.logText()).toMatch(/Ash: Stealth 14 stays hidden from Bo \(9\)[\s\S]*Eve: Stealth 4 is spotted/)
    expect(encounter().surprise).toEqual({ actorIds: [h.combatantId('Ash')], surprisedIds: [h.combatantId('Bo')] })
    expect([encounter().round, turn()]).toEqual([1, 'Ash'])
    h.must('encounter/nextTurn', {})
    expect([encounter().round, turn()]).toEqual([2, 'Bo'])
    // The d20 sheet names no condition for the caught (SR-D20-21): Bo carries none.
    expect((h.campaign.store.get(h.combatantId('Bo')) as CombatantRecord).conditions).toEqual([])
  })

  it('when every ambusher is spotted there is no surprise round: round 1 runs for everyone', async () => {
    const { h, encounter, turn } = await woods()
    h.must('encounter/rollInitiative', { surpriseBy: 'party' }, [15, 19, 5, 2, 2, 18])
    expect(encounter().surprise).toBeUndefined()
    expect([encounter().round, turn()]).toEqual([1, 'Bo'])
    expect(h.logText()).toMatch(/no surprise round/)
  })
})
