import { describe, expect, it } from 'vitest'
import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import type { JsonValue } from '../../../../src-shared/json'
import { previewActionOdds } from '../../../../src-main/core/app/action-odds'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { square } from '../../helpers/grid-table'
import { tempDir } from '../../helpers/temp-dir'
import { cx, trooper } from './cx-harness'

/*
 * `001` Casting Spells: "This DC is the number of Nanites used to cast the spell, plus any bonuses
 * the target gains from cover." SR-CX-182: the cover comes from the map as a shot's does
 * (SR-CX-151), worth CX6's +2 partial / +4 full; the GM's pick still wins. Through the core, on a
 * campaign on disk, with a low wall on the scene between caster and target.
 */

const mageClass: { section: string; entry: JsonValue } = {
  section: 'classes',
  entry: {
    id: 'mage',
    name: 'Mage',
    primaryAttribute: 'int',
    initiativeBonus: 0,
    weaponProficiencies: ['Pistols'],
    meleeProficiencies: ['light'],
    armourProficiencies: ['Light'],
    skillProficiencies: [],
  },
}
const withMage = cx.content!.withCustom([mageClass])

/** A low wall a metre in front of the target, across all of its base (as the line-of-fire tests draw it). */
const LOW_ACROSS = [
  { x: 11.6, y: 2.5 },
  { x: 11.6, y: 5 },
]

async function yard() {
  const h = await CampaignHarness.create('spell-cover', tempDir(), undefined, withMage)
  // INT 5 (bonus 0) and no Sorcery: the d100 alone against the DC.
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ classId: 'mage' }) })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
  h.must('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } })
  const sceneId = h.campaign.store.ofType('scene')[0]!.id
  const place = (name: string, at: { x: number; y: number }) =>
    h.must('token/place', { sceneId, combatantId: h.combatantId(name), x: at.x, y: at.y, free: true })
  place('Vex', square(2, 2))
  place('Raider', square(8, 2))
  h.must('wall/add', { sceneId, kind: 'low', points: LOW_ACROSS })
  h.must('encounter/start', { name: 'Yard' })
  h.must('encounter/rollInitiative', {})
  const vex = h.combatantId('Vex')
  if (h.campaign.store.ofType('encounter')[0]!.currentCombatantId !== vex) h.must('encounter/nextTurn', {})
  const request = (options: ActionRequest['options']): ActionRequest => ({
    actorId: vex,
    action: 'cast-spell',
    targetId: h.combatantId('Raider'),
    options,
  })
  const lastLog = () => h.campaign.store.ofType('log').at(-1)!
  const odds = (options: ActionRequest['options']): ActionOdds => {
    const r = previewActionOdds(h.campaign.store, h.ruleset, request(options))
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }
  return { h, request, lastLog, odds }
}

const labels = (o: { explanation?: readonly { lines: readonly { label: string }[] }[] | null }) =>
  (o.explanation ?? []).flatMap((s) => s.lines.map((l) => l.label))

describe('001 Casting Spells: the target’s cover from the map (SR-CX-182)', () => {
  it('001 Casting Spells: a low wall across the target adds full cover’s +4 to the DC, and the log and odds name it', async () => {
    const { h, request, lastLog, odds } = await yard()
    // 12 nanites + full cover 4 = DC 16; the d100 shows 15: a failure the map's cover made.
    const before = odds({ nanites: 12, cover: 'map' })
    expect(labels(before)).toContainEqual(expect.stringMatching(/^Low cover at H\d hides \d+% of Raider: full cover, \+4$/))
    expect(before.explanation[0]!.title).toBe('Sorcery against DC 16 (12 nanites + cover 4)')
    h.must('action/perform', { request: request({ nanites: 12, cover: 'map' }) }, [15])
    const entry = lastLog()
    expect(entry.text).toMatch(/Vex casts a spell at Raider with 12 nanites \(→ \d+\): DC 12 \+ cover 4 = 16; .*15 vs DC 16: failure/)
    expect((entry.detail ?? []).flatMap((s) => s.lines.map((l) => l.label))).toContainEqual(
      expect.stringMatching(/^Low cover at H\d hides \d+% of Raider: full cover, \+4$/),
    )
  })

  it('001 Casting Spells: the GM’s pick of cover stands over the map’s, and the log says it was the GM’s', async () => {
    const { h, request, lastLog, odds } = await yard()
    expect(labels(odds({ nanites: 12, cover: 'none' }))).toContain('Cover set by the GM: none cover, +0')
    h.must('action/perform', { request: request({ nanites: 12, cover: 'none' }) }, [15])
    expect(lastLog().text).toMatch(/DC 12 \+ cover 0 = 12; .*15 vs DC 12: success/)
    // A typed bonus (the palette's number) is the GM's too.
    h.must('encounter/nextTurn', {})
    expect(labels(odds({ nanites: 5, cover: 7 }))).toContain('Cover bonus typed by the GM: +7')
  })

  it('001 Casting Spells: a cover that is neither a pick nor a bonus is refused by name, and nothing changes', async () => {
    const { h, request } = await yard()
    const before = h.campaign.store.ofType('log').length
    const r = h.run('action/perform', { request: request({ nanites: 12, cover: 'behind a tree' }) }, [15])
    expect(r.ok ? null : r.error).toMatchObject({ code: 'action/badOption', message: expect.stringMatching(/"behind a tree"/) })
    expect(h.campaign.store.ofType('log').length).toBe(before)
  })
})
