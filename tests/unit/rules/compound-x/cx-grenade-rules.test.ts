import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ContentLibrary } from '../../../../src-main/rules/compound-x/content/content-library'
import { loadContentPack } from '../../../../src-main/rules/compound-x/content/content-pack'
import { folderPackReader } from '../../../../src-main/rules/compound-x/content/pack-files'
import { grappleShare, splitBlast } from '../../../../src-main/rules/compound-x/protection/blast'
import { compassPoint, landingPoint, scatterDie } from '../../../../src-main/rules/compound-x/ranged/scatter'
import { throwMissChance } from '../../../../src-main/rules/compound-x/ranged/throw-accuracy'
import { maxThrowDistance, throwProfile } from '../../../../src-main/rules/compound-x/ranged/throw-profile'
import { cxSheetForm, cxSheetFromForm, GRENADE_KEYS } from '../../../../src-main/rules/compound-x/sheet/cx-sheet-form'
import { cxStoredSchema } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { trooper } from './cx-harness'

const PACK_DIR = fileURLToPath(new URL('../../../../resources/content-packs/compound-x', import.meta.url))

function shippedLibrary(): ContentLibrary {
  const r = loadContentPack(folderPackReader(PACK_DIR))
  if (!r.ok) throw new Error(r.error.message)
  return new ContentLibrary([r.value])
}

const stats = { str: 6, per: 8, fort: 6, cha: 5, int: 5, dex: 9, luck: 5 }

describe('SR-CX-21: a grenade throw read from its item line (000 Thrown Weapons)', () => {
  const library = shippedLibrary()
  const grenades = library.all('thrown-weapons').filter((t) => t.kind === 'grenade')

  it('SR-CX-21: every shipped grenade but the placed C10 HE has a throw; the frag throws 5 to 10 + 2 × (DEX or STR)', () => {
    const without = grenades.filter((g) => throwProfile(g) === null).map((g) => g.id)
    expect(without).toEqual(['ecsc-c10-plastic-he'])
    expect(throwProfile(library.get('thrown-weapons', 'ecsc-fragmentation-grenade')!)).toEqual({ missChance: 5, baseRange: 10, perStat: 2 })
    expect(throwProfile(library.get('thrown-weapons', 'rmm-flash-bang-distraction-and-clearing-device')!)?.missChance).toBe(6)
  })

  it('SR-CX-21: the reach uses the better of DEX and STR (DEX 9 → 28 m; STR 11 → 32 m)', () => {
    const p = { missChance: 5, baseRange: 10, perStat: 2 }
    expect(maxThrowDistance(p, stats)).toEqual({ metres: 28, stat: 'dex' })
    expect(maxThrowDistance(p, { ...stats, str: 11 })).toEqual({ metres: 32, stat: 'str' })
  })

  it('000 Thrown Weapons / 000 Grenades: PER truncated as CX5, and −2 strictly under half the reach', () => {
    const p = { missChance: 5, baseRange: 10, perStat: 2 }
    const at = (distance: number, per = 8) =>
      throwMissChance({ profile: p, stats: { ...stats, per }, accuracyModifier: 0, distance, maxDistance: 28 }).total
    expect(at(14)).toBe(4) // exactly half: no bonus
    expect(at(13.9)).toBe(2)
    expect(at(20, 6)).toBe(5) // PER 6: +0.5, truncated to 0
    expect(at(20, 3)).toBe(5) // PER 3: −0.5 → +0.5 miss, truncated to 0
    expect(at(20, 2)).toBe(6) // PER 2: −1 → +1 miss
  })
})

describe('SR-CX-22: scatter (000 Grenades)', () => {
  it('SR-CX-22: a roll equal to the miss chance is within 1 of the minimum (d4); lower is beyond (d10)', () => {
    expect(scatterDie(4, 4)).toBe(4)
    expect(scatterDie(3, 4)).toBe(10)
    expect(scatterDie(1, 4)).toBe(10)
  })

  it('SR-CX-22: the d8 runs clockwise from north (the top of the map, −y); diagonals at 45°', () => {
    expect([1, 2, 3, 8].map(compassPoint)).toEqual(['north', 'north-east', 'east', 'north-west'])
    expect(landingPoint({ x: 10, y: 10 }, 2, 'north')).toEqual({ x: 10, y: 8 })
    expect(landingPoint({ x: 10, y: 10 }, 6, 'west')).toEqual({ x: 4, y: 10 })
    // To the tenth the map places things at (issue 31: the core moves the template there).
    expect(landingPoint({ x: 0, y: 0 }, 10, 'south-east')).toEqual({ x: 7.1, y: 7.1 })
  })
})

describe('SR-CX-23 / SR-CX-24: who the blast reaches', () => {
  // Bases 0.5 m across the centre. Issue 31: the blast reaches every base it touches, so b, whose
  // base's edge lies on the 5 m rim (centre 5.5 m out), is in it; c, a centimetre further, is not.
  // (Before, only centres within 5 m counted.)
  const at = (id: string, x: number, y: number) => ({ id, position: { x, y, radius: 0.5 } })
  const a = at('a', 0, 0)
  const b = at('b', 5.5, 0)
  const c = at('c', 5.51, 0)
  const d = at('d', 3, 4)

  it('SR-CX-23: full to every base the radius touches, the touching edge included; nobody beyond', () => {
    const { reached } = splitBlast({ x: 0, y: 0 }, 5, [a, b, c, d], [a, b, c, d])
    expect(reached.map((p) => p.id)).toEqual(['a', 'b', 'd'])
  })

  it('SR-CX-24: only those under the template are reached; the rest of the blast is named, not changed', () => {
    const { reached, outside } = splitBlast({ x: 0, y: 0 }, 5, [a, c], [a, b, c, d, { id: 'e' }])
    expect(reached.map((p) => p.id)).toEqual(['a'])
    expect(outside.map((p) => p.id)).toEqual(['b', 'd'])
  })
})

const LIVE = {
  armourPoints: 0,
  shieldStrength: 0,
  shieldDownTurns: null,
  nanites: 0,
  plasmaBurn: 0,
  stance: 'standing',
  cover: 'none',
  suppressed: false,
  sprinted: false,
}

describe('SR-CX-27: 000 Grappling, wide-effect damage divided among the grappled', () => {
  it('SR-CX-27: halved (rounded down) only when the partner is in the blast too', () => {
    expect(grappleShare(45, 'b', ['a', 'b'])).toBe(22)
    expect(grappleShare(45, 'b', ['a'])).toBe(45)
    expect(grappleShare(45, null, ['a', 'b'])).toBe(45)
  })
})

describe('SR-CX-20: grenades on the sheet', () => {
  const library = shippedLibrary()

  it('SR-CX-20: a sheet stored before grenades reads as carrying none', () => {
    const { grenades: _none, ...old } = cxStoredSchema.parse({ ...trooper(), live: LIVE })
    expect(Object.hasOwn(old, 'grenades')).toBe(false)
    expect(cxStoredSchema.parse(old).grenades).toEqual([])
  })

  it('SR-CX-20: the form offers the grenade items and a count, and keeps the count unless the item changes', () => {
    const current = cxStoredSchema.parse({
      ...trooper({
        grenades: [
          { itemId: 'ecsc-fragmentation-grenade', count: 3 },
          { itemId: 'rmm-hiex-grenade', count: 1 },
        ],
      }),
      live: LIVE,
    })
    const form = cxSheetForm(current, library)
    const item = form.find((f) => f.key === GRENADE_KEYS.item)
    expect(item?.kind === 'choice' && item.choices.map((c) => c.value)).toEqual(
      expect.arrayContaining(['', 'ecsc-fragmentation-grenade', 'rmm-hiex-grenade']),
    )
    expect(item?.kind === 'choice' && item.choices.some((c) => c.value === 'gurber-throwing-knife')).toBe(false)
    expect(item?.value).toBe('ecsc-fragmentation-grenade')
    expect(form.find((f) => f.key === GRENADE_KEYS.count)?.value).toBe(3)
    expect(cxSheetFromForm({ str: 7 }, current, library).grenades).toEqual(current.grenades)
    expect(cxSheetFromForm({ [GRENADE_KEYS.count]: 1 }, current, library).grenades?.[0]).toEqual({
      itemId: 'ecsc-fragmentation-grenade',
      count: 1,
    })
    expect(cxSheetFromForm({ [GRENADE_KEYS.item]: 'rmm-frag-grenade' }, current, library).grenades?.[0]).toEqual({
      itemId: 'rmm-frag-grenade',
      count: 1,
    })
    expect(cxSheetFromForm({ [GRENADE_KEYS.item]: '' }, current, library).grenades).toEqual([{ itemId: 'rmm-hiex-grenade', count: 1 }])
  })
})
