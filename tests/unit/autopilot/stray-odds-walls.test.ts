import { describe, expect, it } from 'vitest'
import type { CombatantRecord } from '../../../src-shared/records'
import { liveOdds } from '../../../src-main/core/autopilot/live-autopilot'
import { openingOdds } from '../../../src-main/core/autopilot/opening-odds'
import type { OddsSource } from '../../../src-main/core/autopilot/policy'
import type { RecordReader } from '../../../src-main/core/state/record-store'
import { square } from '../helpers/grid-table'
import { fight, trooper } from '../rules/compound-x/cx-harness'

/**
 * Issue 35: the odds a forecast and the live autopilot rank attacks by judge a stray's candidates as the desk's preview
 * does (`aimAtFrom`): `000` Firing into Melee sends a failed Luck check to one engaged with the
 * target, and SR-CX-180 leaves out one the shooter has no line of fire to. The yard of
 * `cx-stray-shot.test.ts`: Vex in C3 shoots at Raider in I3, who is in melee with Brute (J3) and
 * Thug (I4); a wall along y = 4.5 m stands between Vex and Thug only.
 */

const RAIDER_STATS = { str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 5, luck: 5 }

async function yard(walled: boolean) {
  const h = await fight()
  for (const name of ['Brute', 'Thug'])
    h.must('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ stats: RAIDER_STATS }) })
  h.must('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } })
  const sceneId = h.campaign.store.ofType('scene')[0]!.id
  const at = { Vex: square(2, 2), Raider: square(8, 2), Brute: square(9, 2), Thug: square(8, 3) }
  for (const [name, p] of Object.entries(at)) h.must('token/place', { sceneId, combatantId: h.combatantId(name), ...p })
  // Unarmed Strikes that miss: the attempt alone starts the melee (000 Melee Combat).
  for (const who of ['Brute', 'Thug'])
    h.must(
      'attack/resolve',
      { request: { attackerId: h.combatantId(who), targetId: h.combatantId('Raider'), weapon: 1, mode: 'strike', options: {} } },
      [1, 10],
    )
  if (walled)
    h.must('wall/add', {
      sceneId,
      kind: 'wall',
      points: [
        { x: 3, y: 4.5 },
        { x: 14, y: 4.5 },
      ],
    })
  return h
}

/** The stray outcomes of Vex's aimed semi-automatic shot at Raider, as a forecast's odds give them. */
function strays(state: RecordReader, ruleset: Parameters<typeof openingOdds>[0], odds: OddsSource = openingOdds(ruleset, state)) {
  const byName = (n: string) => state.ofType('combatant').find((c) => c.name === n) as CombatantRecord
  const [vex, raider] = [byName('Vex'), byName('Raider')]
  const request = { attackerId: vex.id, targetId: raider.id, weapon: 0, mode: 'semi', options: { aim: 'aimed' } }
  const p = odds(request, vex, raider, state)
  if (!p.ok) throw new Error(p.error.message)
  return p.value.outcomes.filter((o) => /^Strays to/.test(o.label))
}

describe('a forecast’s odds judge a stray through the walls (SR-CX-180)', () => {
  it('SR-CX-180: only Brute is a stray’s victim in the odds the policy ranks by; Thug, behind the wall, is not', async () => {
    const h = await yard(true)
    // LUCK 5, aimed +10: d100 41–100 reaches Raider (60%); the other 40% strays, all of it to Brute.
    expect(strays(h.campaign.store, h.ruleset)).toEqual([{ label: 'Strays to Brute', probability: expect.closeTo(0.4, 10) }])
  })

  it('SR-CX-180: the live autopilot’s odds judge it so too', async () => {
    const h = await yard(true)
    expect(strays(h.campaign.store, h.ruleset, liveOdds(h.ruleset))).toEqual([
      { label: 'Strays to Brute', probability: expect.closeTo(0.4, 10) },
    ])
  })

  it('without walls nobody is judged out of the draw: the melee’s names, as before', async () => {
    const h = await yard(false)
    expect(strays(h.campaign.store, h.ruleset)).toEqual([
      { label: 'Strays to someone else (Brute or Thug)', probability: expect.closeTo(0.4, 10) },
    ])
  })
})
