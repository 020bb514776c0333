import { describe, expect, it } from 'vitest'
import type { ActionRequest } from '../../../src-shared/attack'
import { RulesRequests } from '../../../src-main/core/app/rules-requests'
import { requestInputSchemas } from '../../../src-shared/request-schemas'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'
import { d10, sheetInput } from '../rules/d10-difficulty/d10-fixtures'

/* previewAction: the odds of an act before it is rolled, through the core's request as the Action panel sends it. */

async function fight() {
  const h = await CampaignHarness.create('action-odds', tempDir(), undefined, d10)
  h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 20, rules: sheetInput() })
  h.must('combatant/add', {
    name: 'Bo',
    side: 'enemy',
    kind: 'npc',
    maxHp: 20,
    rules: sheetInput({ attributes: { str: 0, dex: -1, con: 0, per: 0 } }),
  })
  h.must('encounter/start', { name: 'Yard' })
  const requests = new RulesRequests(h.campaign.store, d10)
  const act = (action: string, options: ActionRequest['options'] = {}, target: string | null = 'Bo'): ActionRequest => ({
    actorId: h.combatantId('Ash'),
    action,
    targetId: target ? h.combatantId(target) : null,
    options,
  })
  const snapshot = () => JSON.stringify(h.campaign.store.toObject())
  return { h, requests, act, snapshot }
}

describe('previewAction', () => {
  it('SR-D10-40 through the core: Ash (d10 + 1) against Bo (d10 − 1), ties rolled again; nothing changes', async () => {
    const { requests, act, snapshot } = await fight()
    const before = snapshot()
    const r = requests.previewAction(act('reaction-contest'))
    if (!r.ok) throw new Error(r.error.message)
    // Ash ahead when A − B ≥ −1: 9 + 10 + 45 = 64 in 100; tied (A − B = −2) 8 in 100, rolled again.
    expect(r.value.outcomes).toEqual([
      { label: 'Ash acts first', probability: expect.closeTo(64 / 92, 12) },
      { label: 'Bo acts first', probability: expect.closeTo(28 / 92, 12) },
    ])
    expect(snapshot()).toBe(before)
  })

  it('D1: the skill check of the actions flow is the ruleset’s exact chance: d10 + 5 (DEX, PER, 3 ranks) − 2 ≥ 8', async () => {
    const { requests, act } = await fight()
    const r = requests.previewAction(act('check', { check: 'skill:firearms', dc: 8, mode: 'normal', bonus: -2 }, null))
    // Faces 5 to 10 reach 8: six in ten.
    expect(r.ok && r.value.outcomes.map((o) => o.probability)).toEqual([expect.closeTo(0.6, 12), expect.closeTo(0.4, 12)])
    const refused = requests.previewAction(act('check', { check: 'skill:firearms', dc: 8, mode: 'advantage', bonus: 0 }, null))
    expect(refused.ok && refused.value.blocked).toMatch(/advantage/)
  })

  it('an act that rolls nothing says so, and one that cannot be made says why', async () => {
    const { requests, act, snapshot } = await fight()
    const before = snapshot()
    const aim = requests.previewAction(act('aim'))
    expect(aim.ok && aim.value).toMatchObject({ outcomes: [], note: 'No dice: it simply happens.', blocked: null })
    const tooMany = requests.previewAction(act('suppress', { weapon: '0', width: 2, bullets: 100, actions: 1 }))
    expect(tooMany.ok && tooMany.value.blocked).toMatch(/has 30 rounds/)
    expect(snapshot()).toBe(before)
  })

  it('bad input is refused with a clear error: an unknown act, a missing combatant, a malformed request', async () => {
    const { requests, act } = await fight()
    const unknown = requests.previewAction(act('teleport'))
    expect(!unknown.ok && unknown.error.code).toBe('action/unknown')
    const nobody = requests.previewAction({ ...act('aim'), targetId: 'combatant:nobody' })
    expect(!nobody.ok && nobody.error.code).toBe('combatant/notFound')
    expect(requestInputSchemas.previewAction.safeParse({ request: { ...act('aim'), extra: 1 } }).success).toBe(false)
  })

  it('every act the panel lists answers with odds, "no dice", a named roll or why not, and nothing changes', async () => {
    const { h, requests, snapshot } = await fight()
    const before = snapshot()
    const listed = requests.listActions(h.combatantId('Ash'))
    if (!listed.ok) throw new Error(listed.error.message)
    for (const def of listed.value) {
      const options = Object.fromEntries(def.options.map((o) => [o.key, o.value]))
      const r = requests.previewAction({
        actorId: h.combatantId('Ash'),
        action: def.key,
        targetId: def.target === 'none' ? null : h.combatantId('Bo'),
        options,
      })
      if (!r.ok) throw new Error(`${def.key}: ${r.error.message}`)
      const told = r.value.outcomes.length > 0 || r.value.note !== null || r.value.blocked !== null
      expect(told, def.key).toBe(true)
      if (r.value.outcomes.length)
        expect(
          r.value.outcomes.reduce((t, o) => t + o.probability, 0),
          def.key,
        ).toBeCloseTo(1, 12)
    }
    expect(snapshot()).toBe(before)
  })
})
