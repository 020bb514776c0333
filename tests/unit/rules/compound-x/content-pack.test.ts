import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadContentPack, type ContentPack } from '../../../../src-main/rules/compound-x/content/content-pack'
import { folderPackReader } from '../../../../src-main/rules/compound-x/content/pack-files'

const PACK_DIR = fileURLToPath(new URL('../../../../resources/content-packs/compound-x', import.meta.url))

function shippedPack(): ContentPack {
  const r = loadContentPack(folderPackReader(PACK_DIR))
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

const byId = <T extends { id: string }>(list: readonly T[], id: string): T => {
  const found = list.find((x) => x.id === id)
  if (!found) throw new Error(`no ${id} in the pack`)
  return found
}

describe('the shipped Compound X pack', () => {
  it('loads and validates, with every section filled', () => {
    const pack = shippedPack()
    for (const [section, list] of Object.entries(pack.entries)) expect(list.length, section).toBeGreaterThan(0)
  })

  it('credits Compound X and ships the Apache-2.0 licence beside it (reference README terms)', () => {
    const pack = shippedPack()
    expect(pack.manifest.credits).toContain('Compound X by bleehu and contributors (github.com/bleehu/Compound_X), Apache-2.0')
    expect(readFileSync(`${PACK_DIR}/${pack.manifest.licenceFile}`, 'utf8')).toContain('Apache License')
  })

  // Expected values read by hand from ../shared/reference/compound-x-2018-08-16/Items/*.txt.
  const WEAPONS = [
    [
      'matthews-11-35-carbine',
      65,
      'ballistic',
      18,
      30,
      1,
      [
        [10, 3],
        [35, 4],
        [55, 5],
      ],
    ],
    [
      'anvil-arms-c25',
      80,
      'ballistic',
      25,
      30,
      2,
      [
        [15, 3],
        [40, 4],
        [60, 5],
      ],
    ],
    [
      'frontier-pl5-uc',
      90,
      'plasma',
      20,
      40,
      3,
      [
        [15, 3],
        [40, 4],
        [55, 6],
      ],
    ],
    [
      'frontier-lz150-carbine',
      55,
      'laser',
      24,
      35,
      null,
      [
        [20, 2],
        [50, 3],
        [70, 4],
      ],
    ],
    [
      'g-w-10mm-auto',
      50,
      'ballistic',
      11,
      25,
      0,
      [
        [5, 4],
        [10, 5],
        [20, 6],
      ],
    ],
    [
      'matthews-model-25',
      60,
      'ballistic',
      6,
      45,
      1,
      [
        [5, 4],
        [15, 5],
        [25, 6],
      ],
    ],
    [
      'frontier-pl10',
      55,
      'plasma',
      9,
      35,
      0,
      [
        [5, 4],
        [15, 5],
        [25, 7],
      ],
    ],
    [
      'anvil-arms-sr-150',
      115,
      'ballistic',
      5,
      35,
      3,
      [
        [20, 3],
        [100, 4],
        [170, 5],
      ],
    ],
    [
      'ecsc-mk15r2',
      80,
      'ballistic',
      60,
      40,
      1,
      [
        [15, 3],
        [45, 4],
        [90, 5],
      ],
    ],
    ['anvil-arms-kmr4', 95, 'ballistic', 80, 40, 2, null],
    [
      'ecsc-mk8-mp',
      48,
      'ballistic',
      33,
      30,
      1,
      [
        [10, 3],
        [20, 4],
        [35, 5],
      ],
    ],
  ] as const

  it.each(WEAPONS)('%s matches the reference list', (id, damage, type, magazine, reloadDc, apl, brackets) => {
    const w = byId(shippedPack().entries['ranged-weapons'], id)
    expect(w.damage.base).toBe(damage)
    expect(w.damage.type).toBe(type)
    expect(w.magazine.size).toBe(magazine)
    expect(w.reloadDc).toBe(reloadDc)
    expect(w.apl).toBe(apl)
    if (brackets) expect(w.brackets.map((b) => [b.maxRange, b.missChance])).toEqual(brackets)
  })

  it('encodes fire modes and their recoil scaling as the lists write them', () => {
    const weapons = shippedPack().entries['ranged-weapons']
    expect(byId(weapons, 'anvil-arms-c25').burst).toMatchObject({ rounds: 3, missChance: 2, scaling: { stat: 'str', at: 8 } })
    expect(byId(weapons, 'frontier-lz150-carbine').burst).toMatchObject({ missChance: 4, scaling: { stat: 'str', every: 6 } })
    expect(byId(weapons, 'anvil-arms-kmr4').auto).toMatchObject({
      rounds: 6,
      missChance: 5,
      scaling: { stat: 'str', every: 3, startingAt: 5 },
    })
    expect(byId(weapons, 'ecsc-mk8-mp').burst).toMatchObject({ missChance: 3, scaling: { stat: 'dex', every: 6, startingAt: 5 } })
    expect(byId(weapons, 'ecsc-mk15r2').semi).toBeUndefined()
    expect(byId(weapons, 'anvil-arms-sr-150')).toMatchObject({ semi: { actionsPerShot: 2 }, magnification: 2, minimumRange: 10 })
    expect(byId(weapons, 'frontier-pl5-uc').damage.effects).toEqual([{ kind: 'plasma-burn', stacks: 1 }])
  })

  it.each([
    ['standard-l1-kevlar', 1, 40],
    ['standard-l2-carbon-steel-fiber', 2, 50],
    ['standard-l4-ultra-dense-polyethylene', 4, 70],
    ['standard-l7-nano-steel', 7, 100],
    ['standard-l10-high-density-ceramic-nano-crystal', 10, 130],
  ] as const)('armour material %s: APL %i, AS %i', (id, apl, strength) => {
    expect(byId(shippedPack().entries['armour-materials'], id)).toMatchObject({ apl, armourStrength: strength })
  })

  it.each([
    ['recon-chest-rig', 40, 5, 2, 0],
    ['recon-advanced-chest-rig', 30, 4, 2, 2],
    ['light-leg-rig', 15, 2, 0, 0],
    ['recon-arm-rig', null, null, 0, 0],
    ['light-advanced-chest-rig', 35, 5, 2, 1],
  ] as const)('armour rig %s: coverage %s', (id, coverage, magazineSpace, penalty, hardPoints) => {
    const rig = byId(shippedPack().entries['armour-rigs'], id)
    expect(rig.coverage).toBe(coverage)
    if (magazineSpace !== null) expect(rig.magazineSpace).toBe(magazineSpace)
    expect(rig.movementPenalty).toBe(penalty)
    expect(rig.hardPoints).toBe(hardPoints)
  })

  it('all four shields match the reference list', () => {
    const shields = shippedPack().entries.shields
    expect(shields.map((s) => [s.id, s.strength, s.restartTurns, s.rechargePerTurn, s.fastRechargeNanites, s.blocksAllDamage])).toEqual([
      ['a-class-electron-shield', 120, 1, 50, 14, false],
      ['hicap-a-class-electron-shield', 180, 1, 30, 36, false],
      ['b-class-magnetic-shield', 100, 0, 50, null, false],
      ['c-class-self-sustained-nanite-ssn-shield', 100, 1, 50, 32, true],
    ])
  })

  it('classes carry their primary attribute; the Soldier its +15 initiative (CX19)', () => {
    const classes = shippedPack().entries.classes
    expect(byId(classes, 'soldier')).toMatchObject({ primaryAttribute: 'str', initiativeBonus: 15 })
    expect(byId(classes, 'doctor').primaryAttribute).toBe('dex')
    expect(byId(classes, 'engineer').primaryAttribute).toBe('int')
  })
})

describe('a bad pack', () => {
  const valid = (file: string) => readFileSync(`${PACK_DIR}/${file}`, 'utf8')
  const withFile = (name: string, text: string) => (file: string) => (file === name ? text : valid(file))

  it('is rejected naming the file, the entry and the field', () => {
    const shields = JSON.parse(valid('shields.json')) as { entries: Record<string, unknown>[] }
    shields.entries[1]!['strength'] = 'lots'
    const r = loadContentPack(withFile('shields.json', JSON.stringify(shields)))
    expect(!r.ok && r.error.message).toBe(
      'shields.json, entry hicap-a-class-electron-shield, field strength: Invalid input: expected number, received string',
    )
  })
  it('names a file that is not JSON', () => {
    const r = loadContentPack(withFile('classes.json', '{ nope'))
    expect(!r.ok && r.error.message).toMatch(/^classes\.json: not valid JSON/)
  })
  it('names a duplicate id', () => {
    const classes = JSON.parse(valid('classes.json')) as { entries: { id: string }[] }
    classes.entries[1]!.id = classes.entries[0]!.id
    const r = loadContentPack(withFile('classes.json', JSON.stringify(classes)))
    expect(!r.ok && r.error.message).toMatch(/classes\.json, entry soldier, field id: another classes entry already uses this id/)
  })
  it('names an unknown section and a missing file', () => {
    expect(loadContentPack(withFile('species.json', '{"kind":"dragons","entries":[]}')).ok).toBe(false)
    const r = loadContentPack((f) => (f === 'armour-rigs.json' ? null : valid(f)))
    expect(!r.ok && r.error.message).toBe('armour-rigs.json: the file is missing')
  })
  it('refuses unknown fields in an entry', () => {
    const materials = JSON.parse(valid('armour-materials.json')) as { entries: Record<string, unknown>[] }
    materials.entries[0]!['__proto__'] = { polluted: true }
    materials.entries[0]!['colour'] = 'red'
    const r = loadContentPack(withFile('armour-materials.json', JSON.stringify(materials)))
    expect(r.ok).toBe(false)
  })
})
