import type { CheckOutcome, CheckRequest, RulesCombatant } from '../ruleset'
import { SKILL_STATS, skillStat } from './sheet/cx-skills'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { CheckMode } from '../../../src-shared/command-fields'
import type { Dice } from '../dice'
import { beatsDc, rollD100, successChance } from './checks/d100-check'
import { STAT_NAMES, type StatName } from './content/pack-schema'
import { explainSteps } from './explain'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { modifier, type Modifier } from '../kit/modifier'
import { reflexSave, shockSave, willSave } from './stats/derived-stats'
import { STAT_LABELS, statBonus } from './stats/stat-block'
import type { ContentLibrary } from './content/content-library'
import { evaCheckModifiers } from './sheet/eva-suit'
import { skillFlawModifiers, skillFlawRefusal } from './stats/stat-flaws'
import { weaponReflexCheck, weaponReflexes, weaponReflexHeld } from './cx-weapon-reflex'

const SAVES = { will: ['Will save', willSave], shock: ['Shock save', shockSave], reflex: ['Reflex save', reflexSave] } as const

/** Checks a Compound X combatant can make: the seven stats, the three saves (CX23), and skills. */
export function cxCheckList(c: RulesCombatant, library: ContentLibrary): { key: string; label: string }[] {
  const sheet = cxSheets.of(c)
  const skills = new Set([...Object.keys(SKILL_STATS), ...Object.keys(sheet?.skills ?? {})])
  return [
    ...STAT_NAMES.map((s) => ({ key: `stat:${s}`, label: `${STAT_LABELS[s]} check` })),
    ...Object.entries(SAVES).map(([k, [label]]) => ({ key: `save:${k}`, label })),
    // SR-CX-58: a Reflex save with a weapon in hand takes the weapon's Reflex modifier.
    ...(sheet ? weaponReflexes(sheet, library).map(weaponReflexCheck) : []),
    ...[...skills].sort().map((s) => ({ key: `skill:${s}`, label: `${s} (${STAT_LABELS[skillStat(s)]})` })),
  ]
}

/** CX1: d100 + stat bonus + skill ranks + modifiers (or d100 + a save, CX23). */
function checkModifiers(
  request: CheckRequest,
  sheet: CxCombatant,
  library?: ContentLibrary,
): Result<{ label: string; modifiers: Modifier[] }> {
  const [kind, name = ''] = request.check.split(/:(.*)/s)
  const extra = request.bonus ? [modifier('GM modifier', request.bonus, 'GM')] : []
  if (kind === 'stat' && (STAT_NAMES as readonly string[]).includes(name)) {
    const s = name as StatName
    return ok({
      label: `${STAT_LABELS[s]} check`,
      modifiers: [modifier(`${STAT_LABELS[s]} bonus`, statBonus(sheet.stats[s]), 'CX2'), ...extra],
    })
  }
  if (kind === 'save' && name.startsWith('reflex@')) {
    const held = weaponReflexHeld(sheet, library, name.slice('reflex@'.length))
    if (!held) return fail('check/unknown', `"${request.check}": this combatant carries no such weapon with a Reflex modifier (SR-CX-58).`)
    return ok({
      label: `Reflex save, ${held.name} in hand`,
      modifiers: [modifier('Reflex save', reflexSave(sheet.stats), 'CX23'), held.modifier, ...extra],
    })
  }
  if (kind === 'save' && name in SAVES) {
    const [label, fn] = SAVES[name as keyof typeof SAVES]
    return ok({ label, modifiers: [modifier(label, fn(sheet.stats), 'CX23'), ...extra] })
  }
  if (kind === 'skill' && name) {
    const s = skillStat(name)
    const ranks = sheet.skills[name] ?? 0
    // `001` Primary Stat Details: PER 1 and INT 1 bar some skills outright (SR-CX-170, SR-CX-171).
    const barred = skillFlawRefusal(sheet.stats, name, ranks)
    if (barred) return fail('check/statFlaw', barred)
    return ok({
      label: `${name} (${STAT_LABELS[s]})`,
      modifiers: [
        modifier(`${STAT_LABELS[s]} bonus`, statBonus(sheet.stats[s]), 'CX2'),
        modifier(`${name} ranks`, ranks, 'CX1'),
        // `000` EVA Suits: −10 on DEX skill checks (SR-CX-102).
        ...evaCheckModifiers(sheet, s, library),
        // `001` PER 1 / CHA 1: the speech maluses (SR-CX-170).
        ...skillFlawModifiers(sheet.stats, name),
        ...extra,
      ],
    })
  }
  return fail('check/unknown', `"${request.check}" is not a Compound X check (stat:…, save:… or skill:…).`)
}

/**
 * CX3: a check rolls normally, with advantage or disadvantage, or rolling the average (`001
 * Rolling the Average`: floor of two d100 over 2, no crit or fumble; SR-CX-6) — the d100 roll’s own modes.
 */
export const CX_CHECK_MODES: readonly CheckMode[] = ['normal', 'advantage', 'disadvantage', 'average']
const MODE_WORDS: Readonly<Record<CheckMode, string>> = {
  normal: '',
  advantage: ' with advantage',
  disadvantage: ' with disadvantage',
  average: ' rolling the average (CX3)',
}

const sheetOf = (c: RulesCombatant): Result<CxCombatant> => cxSheets.require(c, 'check/noSheet')

export function rollCxCheck(request: CheckRequest, c: RulesCombatant, dice: Dice, library: ContentLibrary): Result<CheckOutcome> {
  const sheet = sheetOf(c)
  if (!sheet.ok) return sheet
  const m = checkModifiers(request, sheet.value, library)
  if (!m.ok) return m
  const r = rollD100({ modifiers: m.value.modifiers, mode: request.mode, purpose: `${c.name}: ${m.value.label}` }, dice)
  const success = beatsDc(r.total, request.dc)
  const modeText = MODE_WORDS[request.mode]
  return ok({
    success,
    summary: `${c.name}: ${m.value.label}${modeText} ${r.total} vs DC ${request.dc}: ${success ? 'success' : 'failure'} (CX1)`,
    detail: explainSteps([
      { title: m.value.label, modifiers: m.value.modifiers, rule: 'success iff the total beats the DC (CX1)', total: r.total },
    ]),
    rolls: r.rolls,
  })
}

export function cxCheckChance(request: CheckRequest, c: RulesCombatant, library: ContentLibrary): Result<number> {
  const sheet = sheetOf(c)
  if (!sheet.ok) return sheet
  const m = checkModifiers(request, sheet.value, library)
  if (!m.ok) return m
  return ok(successChance({ modifiers: m.value.modifiers, mode: request.mode }, request.dc))
}
