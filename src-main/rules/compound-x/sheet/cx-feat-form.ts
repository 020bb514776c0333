import type { FormField } from '../../../../src-shared/attack'
import { optionString, type OptionValues } from '../../kit/options'
import { boughtFeats, featAllowance, POSITIONAL_MASTERMIND, timesTaken, UPGRADE, WILL_TO_SURVIVE } from '../feats/feat-rules'
import { FIGHT_FIERCELY_FIRST } from '../turns/initiative'
import { UNARMED_COMBAT_FEATS } from '../ranged/thrown-weapon'
import type { CxCombatant } from './cx-sheet'

/* The sheet form's feats part (SR-CX-13, SR-CX-80 – SR-CX-82). */

type Values = OptionValues

const typed = (values: Values, key: string): number | undefined => (typeof values[key] === 'number' ? values[key] : undefined)

/** SR-CX-13: the feats the rules read, each a toggle (the form has no free text); Upgrade is a count (taken up to twice). */
const RULED_FEATS = [
  { name: FIGHT_FIERCELY_FIRST, effect: '+10 initiative, CX19' },
  // SR-CX-55: read by thrown weapons only (half their +20 base); Unarmed Strike does not read them yet.
  ...UNARMED_COMBAT_FEATS.map((name) => ({ name, effect: '+10 thrown weapon base, SR-CX-55' })),
] as const
export const UPGRADE_KEY = 'feat.upgrade'
/** SR-CX-81: at CHA 9+ the character picks Will to Survive or Positional Mastermind. */
export const CHARISMA_FEAT_KEY = 'feat.charisma'

export const featKey = (name: string) => `feat.${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

const hasFeat = (feats: readonly string[], name: string) => feats.some((f) => f.toLowerCase() === name.toLowerCase())

/**
 * The feat fields, the level's allowance in the hint (SR-CX-80: more feats than the `001`
 * Leveling-Up table gives are flagged, the GM's call), the Upgrade count and the CHA 9+ choice
 * (SR-CX-81).
 */
export function featFields(current: CxCombatant | null): FormField[] {
  const feats = current?.feats ?? []
  const level = current?.level ?? 1
  const int = current?.stats.int ?? 6
  const hint = `${boughtFeats(feats).length} of ${featAllowance(level, int)} feats at level ${level}${int >= 9 ? ' with INT 9+' : ''} (001 Leveling-Up table)${boughtFeats(feats).length > featAllowance(level, int) ? ' — more than the table gives' : ''}`
  return [
    ...RULED_FEATS.map((f) => ({
      key: featKey(f.name),
      label: `Feat: ${f.name} (${f.effect})`,
      kind: 'toggle' as const,
      value: hasFeat(feats, f.name),
      hint,
    })),
    {
      key: UPGRADE_KEY,
      label: 'Feat: Upgrade, times taken (+5 max nanites per d10, SR-CX-82)',
      kind: 'number',
      value: timesTaken(feats, UPGRADE),
      min: 0,
      max: 2,
    },
    {
      key: CHARISMA_FEAT_KEY,
      label: 'CHA feat (free at CHA 6+; CHA 9+ may pick Positional Mastermind)',
      kind: 'choice',
      value: timesTaken(feats, POSITIONAL_MASTERMIND) > 0 ? POSITIONAL_MASTERMIND : WILL_TO_SURVIVE,
      choices: [WILL_TO_SURVIVE, POSITIONAL_MASTERMIND].map((n) => ({ value: n, label: n })),
    },
  ]
}

/** The feats after the form: a ruled feat toggled on or off, every other feat kept as it was. */
export function withFeats(feats: readonly string[], values: Values): string[] {
  let next = [...feats]
  for (const f of RULED_FEATS) {
    const v = values[featKey(f.name)]
    if (typeof v !== 'boolean') continue
    next = next.filter((x) => x.toLowerCase() !== f.name.toLowerCase())
    if (v) next.push(f.name)
  }
  const upgrades = typed(values, UPGRADE_KEY)
  if (upgrades !== undefined) {
    // Past 2 the sheet refuses it by name (feat-rules.ts `featRefusal`); below 0 is none.
    const n = Math.max(0, Math.min(30, Math.trunc(upgrades)))
    next = [...next.filter((x) => timesTaken([x], UPGRADE) === 0), ...Array<string>(n).fill(UPGRADE)]
  }
  const chaFeat = optionString(values, CHARISMA_FEAT_KEY)
  if (chaFeat === WILL_TO_SURVIVE || chaFeat === POSITIONAL_MASTERMIND) {
    // Will to Survive comes with CHA 6+ and needs no entry; naming Positional Mastermind is the choice (SR-CX-81).
    next = next.filter((x) => timesTaken([x], WILL_TO_SURVIVE) + timesTaken([x], POSITIONAL_MASTERMIND) === 0)
    if (chaFeat === POSITIONAL_MASTERMIND) next.push(POSITIONAL_MASTERMIND)
  }
  return next
}
