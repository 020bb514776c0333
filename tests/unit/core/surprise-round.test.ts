import { describe, expect, it } from 'vitest'
import type { CombatantRecord, EncounterRecord } from '../../../src-shared/records'
import { RulesRequests } from '../../../src-main/core/app/rules-requests'
import { ProjectionContext, projectRecord } from '../../../src-main/core/projection/project-record'
import { encounterSchema } from '../../../src-main/core/persistence/campaign-schemas'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

/**
 * Issue 14 E5: the fight may open with a surprise round (SR-CORE-20, SR-CORE-21), through the
 * real engine and document with a made-up ruleset that has the hook (and one that marks the caught).
 */
const marking: Ruleset = {
  ...genericRuleset,
  conditions: [...genericRuleset.conditions, { id: 'caught', label: 'Caught', summary: 'Caught unaware.', source: 'test', stacks: false }],
  surprise: { mark: 'caught' },
}
const plain: Ruleset = { ...genericRuleset, surprise: {} }

/** Ash (party, 90), Bo (enemy, 50), Cy (ally, 10), Dee (neutral, 5): initiative not rolled yet. */
async function room(ruleset: Ruleset) {
  const h = await CampaignHarness.create('surprise', tempDir(), undefined, ruleset)
  const sides = { Ash: 'party', Bo: 'enemy', Cy: 'ally', Dee: 'neutral' } as const
  for (const [name, side] of Object.entries(sides)) h.must('combatant/add', { name, side, kind: 'pc', maxHp: 30 })
  h.must('encounter/start', { name: 'Ambush' })
  const of = (n: string) => h.campaign.store.get(h.combatantId(n)) as CombatantRecord
  const encounter = () => h.campaign.store.ofType('encounter').find((e) => e.status === 'active')!
  const turn = () => {
    const e = encounter()
    return `${e.round}:${e.currentCombatantId ? (h.campaign.store.get(e.currentCombatantId) as CombatantRecord).name : '-'}`
  }
  return { h, of, encounter, turn }
}
const DICE = [90, 50, 10, 5]
const snapshot = (h: CampaignHarness) => JSON.stringify(h.campaign.store.toObject())
/** Everything but the undo history (an undone command moves to redo). */
const records = (h: CampaignHarness) => JSON.stringify({ ...h.campaign.store.toObject(), history: null })

describe('issue 14 E5: the surprise round (SR-CORE-20)', () => {
  it('002 Surprise Round: round 1 gives turns only to the surprising side (party with allies, SR-CORE-21)', async () => {
    const { h, encounter, turn } = await room(plain)
    h.must('encounter/rollInitiative', { surpriseBy: 'party' }, DICE)
    expect(encounter().surprise).toEqual({ actorIds: [h.combatantId('Ash'), h.combatantId('Cy')], surprisedIds: [h.combatantId('Bo')] })
    expect(turn()).toBe('1:Ash')
    h.must('encounter/nextTurn', {})
    expect(turn()).toBe('1:Cy')
    expect(h.logText()).toMatch(/Round 1 \(surprise round\): Cy's turn/)
  })

  it('SR-CORE-20: the first normal round (round 2) follows with everyone, in the rolled order', async () => {
    const { h, turn } = await room(plain)
    h.must('encounter/rollInitiative', { surpriseBy: 'party' }, DICE)
    const seen: string[] = [turn()]
    for (let i = 0; i < 5; i++) {
      h.must('encounter/nextTurn', {})
      seen.push(turn())
    }
    expect(seen).toEqual(['1:Ash', '1:Cy', '2:Ash', '2:Bo', '2:Cy', '2:Dee'])
    expect(h.logText()).toMatch(/Bo is out of the surprise round: no turn/)
    expect(h.logText()).not.toMatch(/Round 2 \(surprise round\)/)
  })

  it('SR-CORE-20: stepping back into the surprise round lands only on turns it had', async () => {
    const { h, turn } = await room(plain)
    h.must('encounter/rollInitiative', { surpriseBy: 'party' }, DICE)
    h.must('encounter/nextTurn', {}) // 1:Cy
    h.must('encounter/nextTurn', {}) // 2:Ash
    h.must('encounter/previousTurn', {})
    expect(turn()).toBe('1:Cy') // not Dee, whose slot passed
    h.must('encounter/previousTurn', {})
    expect(turn()).toBe('1:Ash')
    const r = h.run('encounter/previousTurn', {})
    expect(r.ok ? '' : r.error.code).toBe('encounter/atStart')
  })

  it('the enemies can spring it too: only they act in round 1', async () => {
    const { h, turn } = await room(plain)
    h.must('encounter/rollInitiative', { surpriseBy: 'enemy' }, DICE)
    expect(turn()).toBe('1:Bo')
    h.must('encounter/nextTurn', {})
    expect(turn()).toBe('2:Ash')
  })

  it('the ruleset mark (d10 Surprised) is on the caught for the surprise round and ends as round 2 begins', async () => {
    const { h, of } = await room(marking)
    h.must('encounter/rollInitiative', { surpriseBy: 'party' }, DICE)
    expect(of('Bo').conditions.map((c) => c.conditionId)).toEqual(['caught'])
    expect(of('Dee').conditions).toEqual([]) // neutral: not on the other side (SR-CORE-21)
    h.must('encounter/nextTurn', {}) // Cy
    expect(of('Bo').conditions.map((c) => c.conditionId)).toEqual(['caught'])
    h.must('encounter/nextTurn', {}) // round 2, Ash
    expect(of('Bo').conditions).toEqual([])
  })

  it('without surprise the fight opens as before, with no mark and no surprise on the record', async () => {
    const { h, encounter, turn } = await room(marking)
    h.must('encounter/rollInitiative', {}, DICE)
    expect(encounter().surprise).toBeUndefined()
    h.must('encounter/nextTurn', {})
    expect(turn()).toBe('1:Bo')
  })
})

describe('issue 14 E5: refusals change nothing', () => {
  const refused = async (ruleset: Ruleset, prepare: (h: CampaignHarness) => void, by: 'party' | 'enemy', code: string) => {
    const { h } = await room(ruleset)
    prepare(h)
    const before = snapshot(h)
    const r = h.run('encounter/rollInitiative', { surpriseBy: by }, DICE)
    expect(r.ok ? '' : r.error.code).toBe(code)
    expect(snapshot(h)).toBe(before)
  }

  it('a ruleset without the hook (Compound X, 2d6, generic) has no surprise round', () =>
    refused(genericRuleset, () => {}, 'party', 'encounter/noSurpriseRound'))

  it('a side that has nobody cannot spring a surprise', () =>
    refused(plain, (h) => h.must('combatant/remove', { combatantId: h.combatantId('Bo') }), 'enemy', 'encounter/surpriseNobody'))

  it('a side with nobody across from it has nobody to surprise', () =>
    refused(plain, (h) => h.must('combatant/remove', { combatantId: h.combatantId('Bo') }), 'party', 'encounter/surpriseNobody'))

  it('a surprise asked for a fight already past its first roll (a re-roll in round 1 or later)', () =>
    refused(plain, (h) => h.must('encounter/rollInitiative', {}, DICE), 'party', 'encounter/surpriseTooLate'))
})

describe('issue 14 E5: undo and old documents', () => {
  it('undo takes the surprise round back: round 0, no surprise, no mark', async () => {
    const { h, of, encounter } = await room(marking)
    const before = records(h)
    h.must('encounter/rollInitiative', { surpriseBy: 'party' }, DICE)
    h.must('history/undo', {})
    expect(encounter().round).toBe(0)
    expect(encounter().surprise).toBeUndefined()
    expect(of('Bo').conditions).toEqual([])
    expect(records(h)).toBe(before)
  })

  it('an encounter record stored before the surprise round (no `surprise`) still parses, and adds none', () => {
    const old = {
      typeName: 'encounter',
      id: 'encounter:old',
      name: 'Before E5',
      status: 'active',
      round: 3,
      currentCombatantId: 'combatant:a',
      turnAnchor: null,
    }
    const parsed = encounterSchema.safeParse(old)
    expect(parsed.success).toBe(true)
    expect(parsed.data).not.toHaveProperty('surprise')
  })

  it('a surprise round survives closing and reopening the document from disk', async () => {
    const { h, encounter, turn } = await room(plain)
    h.must('encounter/rollInitiative', { surpriseBy: 'enemy' }, DICE)
    const reopened = await h.reopen()
    expect(reopened.ok).toBe(true)
    expect(encounter().surprise?.actorIds).toEqual([h.combatantId('Bo')])
    expect(turn()).toBe('1:Bo')
    h.must('encounter/nextTurn', {})
    expect(turn()).toBe('2:Ash')
  })
})

describe('issue 14 E5: what the table and the desk are told', () => {
  it("the players' view of the surprise leaves hidden combatants out", async () => {
    const { h } = await room(plain)
    h.must('combatant/setHidden', { combatantId: h.combatantId('Cy'), hidden: true })
    h.must('encounter/rollInitiative', { surpriseBy: 'party' }, DICE)
    const e = h.campaign.store.ofType('encounter')[0]!
    const seen = projectRecord(e, new ProjectionContext(h.campaign.store, 'player')) as EncounterRecord
    expect(seen.surprise).toEqual({ actorIds: [h.combatantId('Ash')], surprisedIds: [h.combatantId('Bo')] })
  })

  it('the ruleset setup tells the desk whether to offer a surprise round', async () => {
    const withHook = await room(plain)
    const without = await room(genericRuleset)
    const offered = (h: CampaignHarness) => {
      const r = new RulesRequests(h.campaign.store, h.engine.ruleset).rulesetSetup()
      return r.ok && r.value.surpriseRound
    }
    expect([offered(withHook.h), offered(without.h)]).toEqual([true, false])
  })
})
