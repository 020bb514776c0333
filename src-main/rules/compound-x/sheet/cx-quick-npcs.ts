import type { JsonValue } from '../../../../src-shared/json'
import type { ParsedRules, QuickNpc } from '../../ruleset'
import type { Result } from '../../../../src-shared/result'
import type { ContentLibrary } from '../content/content-library'
import { cxSheetFromForm } from './cx-sheet-form'

/*
 * Ready-made Compound X opponents for the roster's quick list and the squad builder: sheets
 * built from the shipped pack's classes, weapons and armour (their numbers are the pack's), so a
 * GM can field a squad without filling a sheet. Health is what the rules derive from each sheet.
 */

type FormValues = Readonly<Record<string, string | number>>

interface Recipe {
  readonly name: string
  readonly tags: readonly string[]
  readonly values: FormValues
}

const RECIPES: readonly Recipe[] = [
  {
    name: 'Raider',
    tags: ['rifle', 'line'],
    values: {
      str: 6,
      per: 6,
      fort: 6,
      dex: 6,
      luck: 5,
      classId: 'soldier',
      speciesId: 'human',
      weapon: 'anvil-arms-c25',
      armourFamily: 'light',
      materialId: 'standard-l1-kevlar',
    },
  },
  {
    name: 'Sniper',
    tags: ['long range'],
    values: {
      str: 5,
      per: 9,
      fort: 5,
      dex: 6,
      luck: 6,
      classId: 'marksman',
      speciesId: 'human',
      weapon: 'ecsc-mk25-dmr',
      armourFamily: 'recon',
      materialId: 'standard-l1-kevlar',
    },
  },
  {
    name: 'Gunner',
    tags: ['suppression', 'heavy'],
    values: {
      str: 8,
      per: 5,
      fort: 8,
      dex: 4,
      luck: 5,
      // SR-CX-193: a machine gun needs the Specialist's proficiency (a Soldier has none).
      classId: 'specialist',
      speciesId: 'human',
      weapon: 'ecsc-mk249',
      armourFamily: 'medium',
      materialId: 'standard-l2-carbon-steel-fiber',
    },
  },
  {
    name: 'Breacher',
    tags: ['close quarters'],
    values: {
      str: 7,
      per: 5,
      fort: 7,
      dex: 6,
      luck: 5,
      // SR-CX-193: a shotgun and Medium-Heavy rigs, both a Soldier's proficiencies (a Berserker has only pistols).
      classId: 'soldier',
      speciesId: 'human',
      weapon: 'nfa-combat-7-shotgun',
      armourFamily: 'medium-heavy',
      materialId: 'standard-l2-carbon-steel-fiber',
    },
  },
  {
    name: 'Security Drone',
    tags: ['drone'],
    values: { str: 5, per: 6, fort: 6, dex: 6, luck: 4, speciesId: 'detachment-a-security-drone', weapon: 'ecsc-mk8-mp' },
  },
  {
    name: 'Field Medic',
    tags: ['support'],
    values: {
      str: 5,
      per: 6,
      fort: 6,
      dex: 6,
      luck: 6,
      classId: 'doctor',
      speciesId: 'human',
      weapon: 'g-w-10mm-auto',
      armourFamily: 'light',
      materialId: 'standard-l1-kevlar',
    },
  },
]

/**
 * The ready-made NPCs, each checked by the ruleset's own `parse` as any sheet is; one the pack
 * no longer supports (a campaign's custom content replaced an item) is left out, not offered broken.
 * CX19: the class's initiative modifiers come from the sheet, so the GM's own modifier is 0.
 */
export function cxQuickNpcs(library: ContentLibrary, parse: (input: unknown) => Result<ParsedRules>): QuickNpc[] {
  return RECIPES.flatMap((r) => {
    const parsed = parse(cxSheetFromForm(r.values, null, library))
    if (!parsed.ok || parsed.value.maxHp === null) return []
    return [{ name: r.name, maxHp: parsed.value.maxHp, initiativeModifier: 0, rules: parsed.value.data as JsonValue, tags: r.tags }]
  })
}
