import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { beatsDc, rollD100, type RollMode } from '../checks/d100-check'
import { modifier, type Modifier, sumModifiers } from '../../kit/modifier'
import type { Step } from '../statistic'

const SOURCE = '001 Medicine Saving Throws'

/** `001`: a medic without their medicine bag heals at +20 DC. */
export const NO_BAG_DC = 20
/** `001`: a non-medic with a medkit works as a medic with this skill. */
export const MEDKIT_STAND_IN_SKILL = 30
/** `001`: a medic using a medkit adds this to the amount healed. */
export const MEDKIT_MEDIC_BONUS = 30

/**
 * Who treats the wound. A non-medic has no way to heal without a medkit in `001`, so the type
 * has no such case.
 *
 * Interpretation: "Medics need not use a medic-kit so long as they have their medicine bag"
 * makes the kit a stand-in for the bag, so a medic with a kit but no bag pays no +20 DC.
 */
export type Healer =
  | { readonly kind: 'medic'; readonly medicineSkill: number; readonly hasBag: boolean; readonly medkit: boolean }
  | { readonly kind: 'non-medic-with-medkit' }

/** Outstanding damage, one entry per wound (each is healed on its own; `001`). */
export type Wounds = readonly number[]

export interface HealResult {
  readonly success: boolean
  readonly natural: number
  readonly total: number
  readonly dc: number
  /** Health restored (0 on a failure); never more than the wound. */
  readonly healed: number
  readonly wounds: Wounds
  readonly steps: readonly Step[]
  readonly rolls: readonly RollRecord[]
}

const skillOf = (h: Healer): number => (h.kind === 'medic' ? h.medicineSkill : MEDKIT_STAND_IN_SKILL)

export function medicineDcModifiers(wound: number, h: Healer): Modifier[] {
  const noBag = h.kind === 'medic' && !h.hasBag && !h.medkit
  return [modifier('wound damage', wound, SOURCE), modifier('no medicine bag', NO_BAG_DC, SOURCE, noBag)]
}

/**
 * `001` Medicine Saving Throws: one roll per wound, DC = that wound's damage; success (total
 * beats the DC, CX1) heals Medicine skill + (total − DC), plus 30 for a medic with a medkit,
 * never more than the wound. Worked example: 70 damage, skill 25, total 86 → 41 healed, 29 left.
 * `otherModifiers` carries anything the GM adds to the roll (a stat bonus, a feat); the
 * worked example adds only the skill.
 */
export function healWound(
  wounds: Wounds,
  index: number,
  healer: Healer,
  dice: Dice,
  options: { readonly mode?: RollMode; readonly otherModifiers?: readonly Modifier[] } = {},
): HealResult {
  const wound = wounds[index]
  if (wound === undefined || wound <= 0) throw new RangeError(`There is no open wound #${index + 1} to treat.`)
  const skill = skillOf(healer)
  const checkMods = [
    modifier(healer.kind === 'medic' ? 'Medicine skill' : 'medkit (as a medic with skill 30)', skill, SOURCE),
    ...(options.otherModifiers ?? []),
  ]
  const dcMods = medicineDcModifiers(wound, healer)
  const dc = sumModifiers(dcMods)
  const r = rollD100({ modifiers: checkMods, mode: options.mode ?? 'normal', purpose: 'medicine: heal wound' }, dice)
  const check: Step = { title: `Medicine: d100 ${r.natural}`, modifiers: checkMods, total: r.total }
  const dcStep: Step = { title: 'Medicine DC', modifiers: dcMods, total: dc }
  const success = beatsDc(r.total, dc)
  if (!success) {
    return { success, natural: r.natural, total: r.total, dc, healed: 0, wounds, steps: [check, dcStep], rolls: r.rolls }
  }
  const amountMods = [
    modifier('Medicine skill', skill, SOURCE),
    modifier('DC surplus', r.total - dc, SOURCE),
    modifier('medkit in a medic’s hands', MEDKIT_MEDIC_BONUS, SOURCE, healer.kind === 'medic' && healer.medkit),
  ]
  const healed = Math.min(wound, sumModifiers(amountMods))
  const amount: Step = { title: 'Healed', modifiers: amountMods, rule: `no more than the wound's ${wound} (${SOURCE})`, total: healed }
  const left = wound - healed
  const next = left > 0 ? wounds.map((w, i) => (i === index ? left : w)) : wounds.filter((_, i) => i !== index)
  return { success, natural: r.natural, total: r.total, dc, healed, wounds: next, steps: [check, dcStep, amount], rolls: r.rolls }
}
