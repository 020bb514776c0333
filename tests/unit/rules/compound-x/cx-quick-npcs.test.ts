import { describe, expect, it } from 'vitest'
import { cx } from './cx-harness'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'

/** Issue 16, prep in ten minutes: Compound X offers ready-made opponents like the other rulesets. */
describe('Compound X ready-made NPCs', () => {
  const npcs = cx.quickNpcs ?? []

  it('offers several, each a sheet the ruleset accepts, with the health the rules derive from it', () => {
    expect(npcs.map((n) => n.name)).toEqual(['Raider', 'Sniper', 'Gunner', 'Breacher', 'Security Drone', 'Field Medic'])
    for (const npc of npcs) {
      const parsed = cx.combatantRules!.parse(npc.rules)
      expect(parsed.ok, npc.name).toBe(true)
      if (parsed.ok) expect(npc.maxHp, npc.name).toBe(parsed.value.maxHp)
      expect(npc.maxHp, npc.name).toBeGreaterThan(0)
    }
  })

  it('carry the pack items they are named for: a Raider has a rifle, a Sniper out-ranges it', () => {
    const card = (name: string) => JSON.stringify(cx.combatantRules!.card(npcs.find((n) => n.name === name)!.rules))
    expect(card('Raider')).toContain('Anvil Arms C25')
    expect(card('Sniper')).toContain('ECSC Mk25 DMR')
  })

  it('a squad of them joins a Compound X fight in one command, numbered, with their sheets', async () => {
    const h = await CampaignHarness.create('cx-squad', tempDir(), undefined, cx)
    h.must('squad/add', {
      entries: [
        { kind: 'quickNpc', name: 'Raider', count: 3 },
        { kind: 'quickNpc', name: 'Gunner', count: 1 },
      ],
    })
    const made = h.campaign.store.ofType('combatant')
    expect(made.map((c) => c.name).sort()).toEqual(['Gunner 1', 'Raider 1', 'Raider 2', 'Raider 3'])
    for (const c of made) expect(c.rules).not.toBeNull()
    const raider = npcs.find((n) => n.name === 'Raider')!
    expect(made.find((c) => c.name === 'Raider 1')!.maxHp).toBe(raider.maxHp)
  })
})
