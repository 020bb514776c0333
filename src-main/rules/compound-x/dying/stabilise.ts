import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { beatsDc, rollD100, type RollMode } from '../checks/d100-check'
import { modifier, type Modifier, sumModifiers } from '../../kit/modifier'
import type { Step } from '../statistic'
import { statBonus, type StatBlock } from '../stats/stat-block'
import { rollDeathSave, type DeathSaveResult } from './death-save'
import { isDowned, onStabilised, type DownedRecord, type DyingRecord, type StabilisedTransition } from './dying-state'

/** CX29: the stabilisation DC. */
export const STABILISE_DC = 80
/** CX29: a kit's bonus. */
export const KIT_BONUS = 20
/** CX29: natural 91–100 is a critical ("base Critical range 10" on the d100 scale). */
export const STABILISE_CRITICAL_FROM = 91
/** CX29: natural 1–5 (before modifiers) is a critical failure. */
export const STABILISE_FUMBLE_TO = 5

/** `000` Stabilize: Medicine for mostly organic targets, Repair for mostly mechanical ones. */
export type PatientKind = 'organic' | 'mechanical'

/**
 * `000` Stabilize: "Up to one character may assist … Either involved character may expend one
 * Medkit … to grant +20. … One kit provides a bonus to all Stabilization attempts made on the
 * same target in one round."
 *
 * Interpretation: the text gives an assistant no bonus of its own; what assisting adds is a
 * second character whose kit can be spent. So `assistant` is a yes/no (one at most, by type),
 * and only an attempt with an assistant can spend the assistant's kit. 'spent-this-round'
 * means a kit was already spent on this target this round: the bonus applies, nothing is spent.
 */
export type StabiliseSupport =
  | { readonly assistant: false; readonly kit: 'none' | 'healer-spends' | 'spent-this-round' }
  | { readonly assistant: true; readonly kit: 'none' | 'healer-spends' | 'assistant-spends' | 'spent-this-round' }

export interface StabiliseAttempt {
  readonly healer: {
    readonly stats: StatBlock
    /** Ranks in Medicine (organic patient) or Repair (mechanical patient). */
    readonly skillRanks: number
    /** CX30 Black Cat 3–4: no critical successes this encounter. */
    readonly critsBlocked?: boolean
  }
  readonly patient: { readonly kind: PatientKind; readonly fort: number; readonly record: DownedRecord }
  readonly support: StabiliseSupport
  readonly mode?: RollMode
  readonly otherModifiers?: readonly Modifier[]
  /**
   * CX29: on a critical the healer's care lets the revival go uncounted; the GM may still
   * count it. Default false: the benefit the rule grants is taken unless the GM says otherwise.
   */
  readonly criticalCountsRevival?: boolean
}

export const skillFor = (kind: PatientKind): 'Medicine' | 'Repair' => (kind === 'organic' ? 'Medicine' : 'Repair')

/** CX29: DEX-based Medicine/Repair (CX1, CX2) plus the kit's +20 when one is in play. */
export function stabiliseModifiers(a: Pick<StabiliseAttempt, 'healer' | 'patient' | 'support' | 'otherModifiers'>): Modifier[] {
  const skill = skillFor(a.patient.kind)
  const kitName = a.patient.kind === 'organic' ? 'Medkit' : 'Repair Kit'
  const kitBy =
    a.support.kit === 'healer-spends'
      ? ' (healer’s)'
      : a.support.kit === 'assistant-spends'
        ? ' (assistant’s)'
        : a.support.kit === 'spent-this-round'
          ? ' (spent this round)'
          : ''
  return [
    modifier(`DEX ${a.healer.stats.dex} bonus`, statBonus(a.healer.stats.dex), 'CX2'),
    modifier(`${skill} ranks`, a.healer.skillRanks, 'CX29'),
    modifier(`${kitName}${kitBy}`, KIT_BONUS, 'CX29', a.support.kit !== 'none'),
    ...(a.otherModifiers ?? []),
  ]
}

export type NaturalBand = 'critical' | 'fumble' | 'plain'

/** CX29 bands; rolling the average can neither crit nor fumble (CX3); Black Cat blocks only the crit. */
export function stabiliseBand(natural: number, canCrit: boolean, critsBlocked: boolean): NaturalBand {
  if (!canCrit) return 'plain'
  if (natural <= STABILISE_FUMBLE_TO) return 'fumble'
  if (natural >= STABILISE_CRITICAL_FROM && !critsBlocked) return 'critical'
  return 'plain'
}

export type StabiliseOutcome =
  | { readonly kind: 'stabilised'; readonly critical: boolean; readonly revival: StabilisedTransition }
  | { readonly kind: 'failed' }
  | {
      readonly kind: 'critical-failure'
      readonly deathSave: DeathSaveResult
      readonly then:
        | { readonly kind: 'died' }
        | { readonly kind: 'still-downed' }
        | { readonly kind: 'stabilised'; readonly revival: StabilisedTransition }
    }

export interface StabiliseResult {
  readonly outcome: StabiliseOutcome
  readonly natural: number
  readonly total: number
  readonly dc: number
  readonly band: NaturalBand
  readonly step: Step
  readonly record: DyingRecord
  /** Who spent a kit on this attempt (none when no kit or one already spent this round). */
  readonly kitSpentBy: 'healer' | 'assistant' | null
  readonly notes: readonly string[]
  readonly rolls: readonly RollRecord[]
}

/**
 * CX29: one action, adjacent to a downed target. A natural 91–100 is a critical only when the
 * total also beats the DC: the text speaks of a "critical success", and its fumble still
 * checks the total, so neither band overrides the arithmetic. A critical failure forces an
 * extra DST at once; if the target lives and the total still beats 80, it is stabilised.
 */
export function attemptStabilise(a: StabiliseAttempt, dice: Dice): StabiliseResult {
  const modifiers = stabiliseModifiers(a)
  const skill = skillFor(a.patient.kind)
  const r = rollD100({ modifiers, mode: a.mode ?? 'normal', purpose: `stabilise (${skill})` }, dice)
  const succeeds = beatsDc(r.total, STABILISE_DC)
  const band = stabiliseBand(r.natural, r.canCrit, a.healer.critsBlocked === true)
  const step: Step = {
    title: `Stabilise: d100 ${r.natural} + DEX-${skill}`,
    modifiers,
    rule: `beats DC ${STABILISE_DC} (CX1, CX29)`,
    total: r.total,
  }
  const kitSpentBy: StabiliseResult['kitSpentBy'] =
    a.support.kit === 'healer-spends' ? 'healer' : a.support.kit === 'assistant-spends' ? 'assistant' : null
  const rolls: RollRecord[] = [...r.rolls]
  const notes: string[] = [`${r.total} vs DC ${STABILISE_DC}: ${succeeds ? 'beats it' : 'does not beat it'} (CX29)`]
  const base = { natural: r.natural, total: r.total, dc: STABILISE_DC, band, step, kitSpentBy, rolls, notes }
  const patient = a.patient.record

  if (band === 'fumble') {
    notes.push(`natural ${r.natural}: critical failure, the target rolls an extra DST at once (CX29)`)
    const save = rollDeathSave(patient, dice, 'death saving throw (fumbled stabilisation)')
    rolls.push(...save.rolls)
    notes.push(...save.notes)
    const after = save.record
    if (!isDowned(after)) return { ...base, outcome: { kind: 'critical-failure', deathSave: save, then: { kind: 'died' } }, record: after }
    if (!succeeds) return { ...base, outcome: { kind: 'critical-failure', deathSave: save, then: { kind: 'still-downed' } }, record: after }
    const revival = onStabilised(after, a.patient.fort)
    notes.push(...revival.notes)
    return {
      ...base,
      outcome: { kind: 'critical-failure', deathSave: save, then: { kind: 'stabilised', revival } },
      record: revival.record,
    }
  }
  if (!succeeds) {
    notes.push('nothing happens: the bleeding is taking longer to stem (000 Stabilize)')
    return { ...base, outcome: { kind: 'failed' }, record: patient }
  }
  const critical = band === 'critical'
  if (critical) notes.push(`natural ${r.natural}: critical success, the revival may go uncounted (CX29)`)
  const revival = onStabilised(patient, a.patient.fort, critical ? a.criticalCountsRevival === true : true)
  notes.push(...revival.notes)
  return { ...base, outcome: { kind: 'stabilised', critical, revival }, record: revival.record }
}

/** The enabled bonus the check adds to the die (for odds previews). */
export const stabiliseBonus = (a: Parameters<typeof stabiliseModifiers>[0]): number => sumModifiers(stabiliseModifiers(a))
