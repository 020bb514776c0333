import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { cx, trooper } from './cx-harness'
import { knife } from './cx-brawl'
import { combatant, instance, must, sheet } from './cx-rules'
import { faces } from './fixtures'

/*
 * `000` Opportunity Attack: "walks past (within melee range) an alert character" (SR-CX-70,
 * SR-CX-71). Vex walks from (0, 0) to (10, 0); Brute stands 0.8 m off the path at (5, 0.8): with
 * both bases 0.5 m across their centres, they pass with their bases overlapping.
 */
const vex = combatant('Vex', sheet(), { side: 'party', position: { x: 0, y: 0, radius: 0.5 } })
const brute = (over: Parameters<typeof combatant>[2] = {}) =>
  combatant('Brute', sheet({ weapons: [knife] }), { side: 'enemy', position: { x: 5, y: 0.8, radius: 0.5 }, ...over })
const drag = (to: { x: number; y: number }, onScene: Parameters<NonNullable<typeof cx.onMapMove>>[3]) =>
  cx.onMapMove!(vex, { from: { x: 0, y: 0 }, to }, [], onScene)

describe('000 Opportunity Attack: walking past an alert opponent within melee range (SR-CX-70, SR-CX-71)', () => {
  it('000 Opportunity Attack, SR-CX-71: a drag that goes by an alert opponent within 1 m prompts its opportunity attack with odds', () => {
    const r = must(drag({ x: 10, y: 0 }, [vex, brute()])!)
    expect(r.prompts).toHaveLength(1)
    const p = r.prompts![0]!
    expect(p).toMatchObject({ reactorId: brute().id, targetId: vex.id })
    expect(p.text).toContain('Vex walks past Brute within melee range (SR-CX-71): Brute may make an opportunity attack with the')
    expect((p.resolve as { request: AttackRequest }).request).toMatchObject({ attackerId: brute().id, targetId: vex.id })
    expect(p.odds).toMatch(/^hit \d+(\.\d)?% · expected/)
    expect(r.summary).toContain('walks past Brute within 1 m: an opportunity attack (000 Opportunity Attack, SR-CX-70, SR-CX-71)')
  })

  it('000 Opportunity Attack, SR-CX-71: further than 1 m base to base, or walking up to end beside it, draws nothing', () => {
    // 2.5 m from the path, centre to centre: the bases pass 1.5 m apart.
    expect(drag({ x: 10, y: 0 }, [vex, brute({ position: { x: 5, y: 2.5, radius: 0.5 } })])).toBeNull()
    expect(drag({ x: 5, y: 0 }, [vex, brute()])).toBeNull()
  })

  it('SR-CX-71, SR-CX-111: melee range is measured base to base: 1.5 m from the path, centre to centre, is 0.5 m between the bases, and provokes', () => {
    const r = must(drag({ x: 10, y: 0 }, [vex, brute({ position: { x: 5, y: 1.5, radius: 0.5 } })])!)
    expect(r.prompts?.map((p) => p.reactorId)).toEqual([brute().id])
    // The blow is struck where the path went by (SR-CX-112).
    expect((r.prompts![0]!.resolve as { request: AttackRequest }).request.options).toEqual({ opportunity: true, opportunityAt: 1.5 })
  })

  it('000 Opportunity Attack, SR-CX-70: one that is not alert (downed, stunned, out of reactions) or on the mover’s side does not answer', () => {
    const downed = combatant(
      'Brute',
      sheet(
        { weapons: [knife] },
        {
          dying: {
            condition: { kind: 'downed', failures: 0, successes: 0 },
            capacity: 3,
            failedThisEncounter: false,
            revivalsThisEncounter: 0,
          },
        },
      ),
      {
        side: 'enemy',
        hp: 0,
        position: { x: 5, y: 0.8, radius: 0.5 },
      },
    )
    expect(drag({ x: 10, y: 0 }, [vex, downed])).toBeNull()
    expect(drag({ x: 10, y: 0 }, [vex, brute({ conditions: [instance('s', 'stunned')] })])).toBeNull()
    expect(drag({ x: 10, y: 0 }, [vex, brute({ spent: { reactions: 3 } })])).toBeNull()
    expect(drag({ x: 10, y: 0 }, [vex, brute({ side: 'ally' })])).toBeNull()
    expect(must(drag({ x: 10, y: 0 }, [vex, brute({ spent: { reactions: 2 } })])!).prompts).toHaveLength(1)
  })

  it('SR-CX-70: one afraid, grappled, pinned or restrained may not make the attack, so it does not answer', () => {
    for (const kept of ['fear', 'grappled', 'pinned', 'restrained'])
      expect(drag({ x: 10, y: 0 }, [vex, brute({ conditions: [instance('k', kept)] })]), kept).toBeNull()
  })

  it('000 Opportunity Attack, SR-CX-71: the Move action’s “Walks past an alert opponent” prompts the alert opponents within its reach', () => {
    const far = combatant('Raider', sheet(), { side: 'enemy', position: { x: 30, y: 0, radius: 0.5 } })
    // A move rolls no dice: the real roller with none typed.
    const move = (options: Record<string, string | boolean>) =>
      must(cx.actions!.perform({ actorId: vex.id, action: 'move', targetId: null, options }, vex, null, faces(), [vex, brute(), far]))
    const r = move({ actions: '2', walksPast: true })
    expect(r.prompts?.map((p) => p.reactorId)).toEqual([brute().id])
    const off = move({ actions: '2' })
    expect(off.prompts).toBeUndefined()
  })

  it('000 Opportunity Attack, SR-CX-71: a token dragged past an alert enemy on the scene in play raises the prompt through the core', async () => {
    const h = await CampaignHarness.create('walk-past', tempDir(), undefined, cx)
    h.must('scene/create', { name: 'Yard' })
    const scene = h.campaign.store.ofType('scene')[0]!
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
    h.must('combatant/add', { name: 'Brute', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper({ weapons: [knife] }) })
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId('Vex'), x: 0, y: 0 })
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId('Brute'), x: 5, y: 0.8 })
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId('Vex'), x: 10, y: 0 })
    const prompts = h.campaign.store.ofType('prompt')
    expect(prompts.map((p) => p.reactorId)).toEqual([h.combatantId('Brute')])
  })
})
