import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ContentLibrary } from '../../../../src-main/rules/compound-x/content/content-library'
import { loadContentPack } from '../../../../src-main/rules/compound-x/content/content-pack'
import { folderPackReader } from '../../../../src-main/rules/compound-x/content/pack-files'
import { applyHit, needsCoverageRoll } from '../../../../src-main/rules/compound-x/protection/apply-hit'
import { resolveRanged } from '../../../../src-main/rules/compound-x/ranged/resolve-ranged'
import { rollStray } from '../../../../src-main/rules/compound-x/ranged/stray-shot'
import { armourSummary } from '../../../../src-main/rules/compound-x/sheet/cx-derived'
import { armour, defender, faces, setup, stats } from './fixtures'

/* Rules of 000 and 001 that the desk reaches through the attack path, each held by a test. */

const PACK_DIR = fileURLToPath(new URL('../../../../resources/content-packs/compound-x', import.meta.url))

function shippedLibrary(): ContentLibrary {
  const r = loadContentPack(folderPackReader(PACK_DIR))
  if (!r.ok) throw new Error(r.error.message)
  return new ContentLibrary([r.value])
}

describe('000 Stealth Attacks', () => {
  it('a ranged stealth attack deals +20 damage on a hit', () => {
    // Rolls: accuracy 5 beats the miss chance 4; d100 10 on the body (no armour) is full damage.
    const hit = (stealth: boolean) => {
      const r = resolveRanged(setup({}, { stealth }), defender({ health: 200 }), faces(5, 10), { ammoInMagazine: 30, automaticHit: false })
      if (r.kind !== 'resolved') throw new Error(r.reason)
      return r.rounds[0]!.damage
    }
    expect(hit(false)).toBe(40)
    expect(hit(true)).toBe(60)
  })
})

describe('000 Firing into Melee Combat', () => {
  it('the Luck check cannot critically fail: a natural 1 still reaches the target when the bonus carries it past 50', () => {
    // LUCK 20: +60 bonus; 1 + 60 = 61 beats 50.
    const r = rollStray('into-melee', stats({ luck: 20 }), 'hip', faces(1))
    expect(r.total).toBe(61)
    expect(r.reaches).toBe(true)
  })
})

describe('000 Armor Systems', () => {
  it('more rigs with the material add their coverage (40% + 15% = 55%), the strength and APL staying the material’s', () => {
    const library = shippedLibrary()
    const one = armourSummary({ armour: { rigIds: ['light-chest-rig'], materialId: 'standard-l1-kevlar' } }, library)
    const two = armourSummary({ armour: { rigIds: ['light-chest-rig', 'light-leg-rig'], materialId: 'standard-l1-kevlar' } }, library)
    expect(one?.coverage).toBe(40)
    expect(two?.coverage).toBe(55)
    expect(two?.apl).toBe(one?.apl)
    expect(two?.strength).toBe(one?.strength)
  })
})

describe('000 Protection Types', () => {
  it('CX13: internal damage ignores armour and needs no armour roll: full damage to health', () => {
    const worn = defender({ health: 100, armour: armour(100, 10, 130) })
    const hit = { amount: 30, type: 'internal', apl: null, alwaysHitsArmour: false, plasmaBurnStacks: 0 } as const
    expect(needsCoverageRoll(hit, worn)).toBe(false)
    const r = applyHit(hit, worn, null)
    expect(r.route).toBe('ignores-protection')
    expect(r.toHealth).toBe(30)
    expect(r.defender.health).toBe(70)
    expect(r.defender.armour?.points).toBe(130)
  })
})
