import { describe, expect, it } from 'vitest'
import { gapBetween } from '../../../../src-shared/geometry'
import { suggestTurn } from '../../../../src-main/core/autopilot/live-autopilot'
import { fightRecords } from '../../../../src-main/core/autopilot/sim-table'
import { armaments } from '../../../../src-main/rules/d10-difficulty/attacks/attack-shared'
import { d10Sheets } from '../../../../src-main/rules/d10-difficulty/d10-sheet-access'
import { issue } from '../../../../src-main/rules/d10-difficulty/sheet/d10-items'
import type { Ruleset } from '../../../../src-main/rules/ruleset'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { autopilotCommand, forecastOf } from '../../autopilot/fights'
import { d10, sheetInput } from './d10-fixtures'

/**
 * Issue 31 in the d10 system: the autopilot and the forecast play SR-D10-42 (a melee strike reaches
 * a metre, base to base) from the tokens. A mixed fight on a 1.5 m grid: two knife fighters a side,
 * and a gunner with a pocket pistol among the enemies, the sides 27 m apart. The rules are the d10
 * ruleset's own; only its attack resolution is watched, to record how far apart every melee strike
 * it accepted stood.
 */

const REACH = 1
/** Base-to-base gap of every melee strike resolved; null when either side had no token. */
const strikes: (number | null)[] = []

const watched: Ruleset = {
  ...d10,
  attacks: {
    ...d10.attacks!,
    resolve: (request, a, t, dice) => {
      const r = d10.attacks!.resolve(request, a, t, dice)
      const sheet = d10Sheets.of(a)
      if (r.ok && sheet && armaments(sheet)[request.weapon]?.kind === 'melee')
        strikes.push(a.position && t.position ? gapBetween(a.position, t.position) : null)
      return r
    },
  },
}

async function field() {
  const h = await CampaignHarness.create('d10-autopilot-map', tempDir(), undefined, watched)
  h.must('scene/create', { name: 'Field', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } })
  const sceneId = h.campaign.store.ofType('scene')[0]!.id
  const knife = sheetInput({ weapons: [issue('combat-knife')!] })
  const gunner = sheetInput({ weapons: [issue('pocket-pistol')!, issue('combat-knife')!] })
  const people = [
    ['Vex', 'party', 'pc', knife, 3, 3],
    ['Ash', 'party', 'pc', knife, 3, 6],
    ['Raider', 'enemy', 'npc', knife, 30, 3],
    ['Brute', 'enemy', 'npc', knife, 30, 6],
    ['Gunner', 'enemy', 'npc', gunner, 33, 4.5],
  ] as const
  for (const [name, side, kind, rules, x, y] of people) {
    h.must('combatant/add', { name, side, kind, maxHp: 20, rules })
    h.must('token/place', { sceneId, combatantId: h.combatantId(name), x, y, free: true })
  }
  h.must('encounter/start', { name: 'Field' })
  h.must('encounter/rollInitiative', {})
  return h
}

describe('issue 31: the d10 autopilot and forecast close to a metre before they strike (SR-D10-42)', () => {
  it('a knife fighter 27 m off walks towards the nearest foe, paid as a drag is, and strikes only within a metre', async () => {
    const h = await field()
    strikes.length = 0
    let walks = 0
    for (let step = 0; step < 120 && strikes.length < 3; step++) {
      const s = suggestTurn(h.campaign.store, watched)
      if (!s.ok) throw new Error(s.error.message)
      if (s.value.command.type === 'token/place') walks++
      const done = autopilotCommand(h, s.value.command)
      if (!done.ok) throw new Error(`refused ${s.value.label}: ${done.error.message}`)
    }
    expect(walks).toBeGreaterThan(0)
    expect(strikes.length).toBeGreaterThan(0)
    expect(strikes.filter((g) => g === null || g > REACH + 1e-6)).toEqual([])
  })

  it('a forecast of the same fight plays the walks: melee strikes happen, none from beyond a metre', async () => {
    const h = await field()
    strikes.length = 0
    const [asThings] = forecastOf(watched, fightRecords(h.campaign.store), 60, 'd10-walks', [], 30)
    expect(strikes.length).toBeGreaterThan(30)
    expect(strikes.filter((g) => g === null || g > REACH + 1e-6)).toEqual([])
    expect(asThings!.partyWins.count + asThings!.enemyWins.count).toBeGreaterThan(0)
  }, 30_000)
})
