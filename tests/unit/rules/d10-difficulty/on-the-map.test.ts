import { describe, expect, it } from 'vitest'
import type { ActionRequest, AttackRequest } from '../../../../src-shared/attack'
import type { LogEntryRecord } from '../../../../src-shared/records'
import { RulesRequests } from '../../../../src-main/core/app/rules-requests'
import { issue } from '../../../../src-main/rules/d10-difficulty/sheet/d10-items'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d10, sheetInput } from './d10-fixtures'

/**
 * Issue 31 in the d10 system: where the tokens stand decides reach (SR-D10-42) and range
 * (SR-D10-43), through the core's commands and requests as the desk sends them. The yard has
 * 1.5 m squares, so every base is 0.6 m in radius. Vex stands in the corner square (0.75, 0.75)
 * with a pocket pistol (E 50 m), a knife and bare hands; so does everyone. Scout and Ghost have
 * no token: off the map.
 */
async function yard() {
  const h = await CampaignHarness.create('d10-map', tempDir(), undefined, d10)
  h.must('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } })
  const sceneId = h.campaign.store.ofType('scene')[0]!.id
  const rules = sheetInput({ weapons: [issue('pocket-pistol')!, issue('combat-knife')!] })
  const people = [
    ['Vex', 'party', 'pc'],
    ['Raider', 'enemy', 'npc'],
    ['Scout', 'party', 'pc'],
    ['Ghost', 'enemy', 'npc'],
  ] as const
  for (const [name, side, kind] of people) h.must('combatant/add', { name, side, kind, maxHp: 20, rules })
  const place = (name: string, x: number, y: number) =>
    h.must('token/place', { sceneId, combatantId: h.combatantId(name), x, y, free: true })
  place('Vex', 0.75, 0.75)
  place('Raider', 2.25, 0.75)
  const requests = new RulesRequests(h.campaign.store, d10)
  const attack = (from: string, to: string, weapon: number, options: AttackRequest['options'] = {}): AttackRequest => ({
    attackerId: h.combatantId(from),
    targetId: h.combatantId(to),
    weapon,
    mode: weapon === 0 ? 'single' : 'strike',
    options,
  })
  const suppress = (from: string, to: string, options: ActionRequest['options'] = {}): ActionRequest => ({
    actorId: h.combatantId(from),
    action: 'suppress',
    targetId: h.combatantId(to),
    options: { weapon: '0', width: 2, bullets: 1, actions: 1, ...options },
  })
  const preview = (request: AttackRequest) => {
    const p = requests.previewAttack(request)
    if (!p.ok) throw new Error(p.error.message)
    return p.value
  }
  const snapshot = () => JSON.stringify(h.campaign.store.toObject())
  const lastLog = () =>
    h.campaign.store
      .ofType('log')
      .sort((a, b) => a.seq - b.seq)
      .at(-1)!
  return { h, place, requests, attack, suppress, preview, snapshot, lastLog }
}

const logs = (h: CampaignHarness): LogEntryRecord[] => h.campaign.store.ofType('log').sort((a, b) => a.seq - b.seq)
/** The working of the last suppressing fire laid, as the log keeps it. */
const laneDetail = (h: CampaignHarness) => JSON.stringify(logs(h).findLast((l) => l.text.includes('lays suppressing fire'))?.detail)

describe('SR-D10-42: a melee strike reaches a metre, base to base (002 Melee Combat)', () => {
  it.each([
    [1, 'the knife'],
    [2, 'bare hands'],
  ])(
    '002 Melee Combat: with weapon %i (%s) the next square is in reach, diagonals too, two squares off is not: refused with the distance in the preview and the attack, nothing changed',
    async (weapon) => {
      const { h, place, attack, preview, snapshot } = await yard()
      // The square beside (gap 0.3 m) and the diagonal one (2.12 m centre to centre, gap 0.92 m).
      expect(preview(attack('Vex', 'Raider', weapon)).blocked).toBeNull()
      place('Raider', 2.25, 2.25)
      expect(preview(attack('Vex', 'Raider', weapon)).blocked).toBeNull()
      h.must('attack/resolve', { request: attack('Vex', 'Raider', weapon) })
      // Two squares off: 3 m centre to centre, 1.8 m base to base.
      place('Raider', 3.75, 0.75)
      const before = snapshot()
      expect(preview(attack('Vex', 'Raider', weapon)).blocked).toBe(
        'A melee attack (002 Melee Combat, SR-D10-42) needs Raider within 1 m of Vex; Raider is 1.8 m away (base to base).',
      )
      const r = h.run('attack/resolve', { request: attack('Vex', 'Raider', weapon) })
      expect(!r.ok && [r.error.code, r.error.message]).toEqual(['position/outOfReach', expect.stringContaining('Raider is 1.8 m away')])
      expect(snapshot()).toBe(before)
    },
  )

  it('the map marks who the knife cannot reach, by the same verdict', async () => {
    const { h, place, requests } = await yard()
    place('Ghost', 12.75, 0.75)
    const marks = await requests.previewReach({ attackerId: h.combatantId('Vex'), weapon: 1, mode: 'strike' })
    const blocked = Object.fromEntries((marks.ok ? marks.value.targets : []).map((t) => [t.targetId, t.blocked]))
    expect(blocked[h.combatantId('Raider')]).toBeNull()
    expect(blocked[h.combatantId('Ghost')]).toMatch(/Ghost is 10.8 m away \(base to base\)/)
  })

  it('off the map the reach is the GM’s call; on it the GM may set positions aside for one strike, logged', async () => {
    const { h, place, attack } = await yard()
    h.must('attack/resolve', { request: attack('Scout', 'Ghost', 1) })
    place('Raider', 9.75, 0.75)
    h.must('attack/resolve', { request: attack('Vex', 'Raider', 1, { ignorePositions: true }) })
    expect(logs(h).map((l) => l.text)).toContain('Positions set aside by the GM for this act; 9 m on the map')
  })
})

describe('SR-D10-43: a shot’s range comes from the tokens (002 Range, D4)', () => {
  it('002 Range: a shot is judged at the tokens’ distance and refused past the effective range, in the preview and the attack', async () => {
    const { h, place, attack, preview, snapshot } = await yard()
    place('Raider', 0.75, 40.75)
    expect(preview(attack('Vex', 'Raider', 0)).headline).toMatch(/^40 m · maximum range \(E 50 m\)/)
    place('Raider', 0.75, 60.75)
    const before = snapshot()
    expect(preview(attack('Vex', 'Raider', 0)).blocked).toBe("60 m is beyond the weapon's effective range of 50 m (D4).")
    const r = h.run('attack/resolve', { request: attack('Vex', 'Raider', 0) })
    expect(!r.ok && [r.error.code, r.error.message]).toEqual(['attack/cannot', "60 m is beyond the weapon's effective range of 50 m (D4)."])
    expect(snapshot()).toBe(before)
  })

  it('002 Range: off the map the typed distance stands, and 20 m when none is typed', async () => {
    const { attack, preview } = await yard()
    expect(preview(attack('Scout', 'Ghost', 0)).headline).toMatch(/^20 m · far range/)
    expect(preview(attack('Scout', 'Ghost', 0, { distance: 40 })).headline).toMatch(/^40 m · maximum range/)
    expect(preview(attack('Scout', 'Ghost', 0, { distance: 60 })).blocked).toMatch(/60 m is beyond/)
  })
})

describe('SR-D10-43: suppressing fire reaches no further than the gun (002 Suppressing Fire)', () => {
  it('002 Suppressing Fire: a lane past the effective range is refused from the tokens, nothing changed; within it the lane is the map’s length', async () => {
    const { h, place, suppress, snapshot } = await yard()
    place('Raider', 0.75, 60.75)
    const before = snapshot()
    const far = h.run('action/perform', { request: suppress('Vex', 'Raider') })
    expect(!far.ok && [far.error.code, far.error.message]).toEqual([
      'suppress/outOfRange',
      "Raider: 60 m is beyond the weapon's effective range of 50 m (D4). The Pocket pistol cannot suppress that far (SR-D10-43).",
    ])
    expect(snapshot()).toBe(before)
    place('Raider', 0.75, 40.75)
    h.must('action/perform', { request: suppress('Vex', 'Raider') })
    expect(laneDetail(h)).toContain('2 m wide, 40 m to Raider')
  })

  it('002 Suppressing Fire: off the map the lane’s length is typed (the field is offered only there), 20 m when none is', async () => {
    const { h, requests, suppress } = await yard()
    const fields = (name: string) => {
      const list = requests.listActions(h.combatantId(name))
      const definition = list.ok ? list.value.find((a) => 'key' in a && a.key === 'suppress') : undefined
      return (definition && 'options' in definition ? definition.options : []).map((o) => o.key)
    }
    expect(fields('Scout')).toContain('distance')
    expect(fields('Vex')).not.toContain('distance')
    const far = h.run('action/perform', { request: suppress('Scout', 'Ghost', { distance: 60 }) })
    expect(!far.ok && far.error.code).toBe('suppress/outOfRange')
    h.must('action/perform', { request: suppress('Scout', 'Ghost') })
    expect(laneDetail(h)).toContain('2 m wide, 20 m to Ghost')
  })

  it('002 Suppressing Fire: the out-of-turn shot a drag draws resolves afterwards, measured between the tokens where they stand then, as its prompt said', async () => {
    const { h, place, suppress, lastLog } = await yard()
    place('Raider', 0.75, 30.75)
    h.must('action/perform', { request: suppress('Vex', 'Raider') })
    // The suppressor steps 10 m closer after laying the fire; then Raider breaks cover 6 m sideways.
    place('Vex', 0.75, 10.75)
    place('Raider', 6.75, 30.75)
    const prompt = h.campaign.store.ofType('prompt').find((p) => p.reactorId === h.combatantId('Vex'))!
    // From where Vex stands now: √(6² + 20²) = 20.9 m (the fire was laid from 30 m).
    expect(prompt.odds).toContain('at 20.9 m')
    expect(prompt.resolve).toMatchObject({ kind: 'attack', request: { options: { suppressionShot: true, targetMovement: 'slow' } } })
    h.must('prompt/resolve', { promptId: prompt.id })
    const shot = lastLog()
    expect(shot.text).toMatch(/^Vex takes an out-of-turn shot while suppressing with the Pocket pistol at Raider/)
    expect(JSON.stringify(shot.detail)).toContain('(20.9 m of E 50 m)')
  })
})
