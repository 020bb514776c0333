import type { ExplanationLine, ExplanationSection } from '../../../../src-shared/attack'
import { drText } from './d10-gear'
import { diceText } from '../attacks/attack-shared'
import { skillTerms } from '../checks/d10-check'
import { sumModifiers } from '../../kit/modifier'
import { countEdit } from '../../kit/card-edit'
import { withSign } from '../../kit/format'
import { ARMOUR_ZONES, CARRY_LABELS, SKILL_LABELS, type D10Sheet, type Skill, type Weapon } from './d10-sheet'
import { KEYS } from './d10-sheet-form'
import { clearHint, STOPPAGE_LABELS } from '../ranged/malfunction'

/** "d10 +3", "d10 +0", "d10 −1": what the GM adds to the die. */
const d10Plus = (n: number) => `d10 ${withSign(n)}`

const checkLine = (sheet: D10Sheet, s: Skill): ExplanationLine => ({
  label: SKILL_LABELS[s],
  value: d10Plus(sumModifiers(skillTerms(sheet, s))),
  source: 'D1',
})

/**
 * What the GM card shows for a d10 combatant in a fight: its combat checks, armour by zone, weapons
 * with their rounds, and its stance, effort and aim. Health, conditions and the pips are the
 * generic card's; the running numbers carry inline-edit keys of the sheet form.
 */
export function d10Card(sheet: D10Sheet): ExplanationSection[] {
  const a = sheet.attributes
  const live = sheet.live
  const checks: ExplanationLine[] = [
    checkLine(sheet, 'firearms'),
    ...(sheet.weapons.some((w) => w.kind === 'thrown') ? [checkLine(sheet, 'throwing')] : []),
    checkLine(sheet, 'melee'),
    checkLine(sheet, 'dodge'),
    { label: 'Block', value: d10Plus(a.str + a.con), source: 'D6' },
    { label: 'Initiative', value: `${d10Plus(a.dex)}${live.initiativeEffort ? ` +${live.initiativeEffort} effort` : ''}`, source: 'D2' },
  ]
  const protection: ExplanationLine[] = ARMOUR_ZONES.map((z) => ({
    label: `DR ${z}`,
    value: drText(sheet, z),
    source: 'D7',
    edit: countEdit(KEYS.dr(z), sheet.dr[z], 50),
  }))
  // `002 Drawing` (SR-D10-10): whether it is in hand, and where it is kept when not.
  const hand = (w: Weapon, i: number) =>
    w.drawn ? ' · in hand' : live.drawing === i ? ' · being drawn (1 more action)' : ` · stowed (${CARRY_LABELS[w.carry]})`
  const weapons: ExplanationLine[] = sheet.weapons.flatMap((w, i): ExplanationLine[] => {
    const info = `${diceText(w)} ${w.damageType}${w.kind === 'melee' ? '' : ` · E ${w.effectiveRange} m`}${w.burst > 1 ? ` · burst ${w.burst}, recoil ${w.recoil}` : ''}${hand(w, i)}`
    if (w.kind === 'melee' || w.magazine === 0) return [{ label: w.name, value: info, source: '002 Damage' }]
    // A thrown weapon's magazine is how many are carried (d10-items): grenades are counted, not loaded.
    if (w.kind === 'thrown')
      return [
        { label: w.name, value: `${w.ammo} carried · ${info}`, source: '002 Grenades', edit: countEdit(KEYS.ammo(i), w.ammo, w.magazine) },
      ]
    // `002 Malfunctions` (SR-D10-30…34): a stopped gun says what stopped it and how to clear it.
    const stopped: ExplanationLine[] = w.stoppage
      ? [
          {
            label: '  stoppage',
            value: `${STOPPAGE_LABELS[w.stoppage]}${w.clearing ? ' · clearing begun' : ''} — ${clearHint(w.stoppage, w.clearing)}`,
            source: '002 Malfunctions',
          },
        ]
      : []
    return [
      {
        label: w.name,
        value: `${w.ammo}/${w.magazine} rds · ${info}`,
        source: 'D4, D5',
        edit: countEdit(KEYS.ammo(i), w.ammo, w.magazine),
      },
      {
        label: '  spare magazines',
        value: String(w.spareMagazines),
        source: '002 Reloading',
        edit: countEdit(KEYS.magazines(i), w.spareMagazines, 50),
      },
      ...stopped,
    ]
  })
  const state: ExplanationLine[] = [
    { label: 'Stance / moving', value: `${live.stance} / ${live.movement}`, source: '002 Stance, 002 Movement' },
    {
      label: 'Speed',
      value: `${sheet.speed} points a round${live.speedRegained ? ` (+${live.speedRegained} regained)` : ''}`,
      source: 'D3',
    },
    { label: 'Effort', value: `${live.effort}/${sheet.effortMax}`, source: 'D2, D3', edit: countEdit(KEYS.effort, live.effort) },
    {
      label: 'Effort for initiative',
      value: String(live.initiativeEffort),
      source: 'D2',
      edit: countEdit(KEYS.initiativeEffort, live.initiativeEffort),
    },
    ...(live.aim ? [{ label: 'Aiming at', value: `${live.aim.name} (−${2 * live.aim.count})`, source: '002 Taking Aim' }] : []),
  ]
  return [
    { title: 'Checks', lines: checks },
    { title: 'Armour', lines: protection },
    { title: 'Weapons', lines: weapons },
    { title: 'State', lines: state },
  ]
}
