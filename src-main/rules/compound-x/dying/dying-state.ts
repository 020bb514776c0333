/**
 * Where a combatant stands between fighting and dead, and the pure transitions between those
 * places (CX15, CX27–CX29). Health itself lives on the defender; this record holds only what
 * the dying rules need to remember across turns, downings and encounters.
 */
export type DyingCondition =
  | { readonly kind: 'up' }
  /** CX15: knocked out by a failed Shock save; `wakeRollsLeft` counts the DC 70 rolls still allowed. */
  | { readonly kind: 'unconscious'; readonly cause: 'shock'; readonly wakeRollsLeft: number }
  /** CX29: revived past the encounter's revival limit. */
  | { readonly kind: 'unconscious'; readonly cause: 'revival-limit' }
  /** CX27: below 1 health, prone, rolling a Death Saving Throw each turn. */
  | { readonly kind: 'downed'; readonly failures: number; readonly successes: number }
  | { readonly kind: 'dead' }

export type DownedCondition = Extract<DyingCondition, { kind: 'downed' }>

export interface DyingRecord {
  readonly condition: DyingCondition
  /** CX28: the failed DSTs that kill during a downing; 3 at first, never below 1 nor above 3. */
  readonly capacity: number
  /** Whether any DST failed this encounter (a clean encounter earns one back; CX28). */
  readonly failedThisEncounter: boolean
  /** Revivals counted against this encounter's limit (CX29). */
  readonly revivalsThisEncounter: number
}

export type DownedRecord = DyingRecord & { readonly condition: DownedCondition }

export const MAX_DST_CAPACITY = 3
export const MIN_DST_CAPACITY = 1

export const freshDyingRecord = (): DyingRecord => ({
  condition: { kind: 'up' },
  capacity: MAX_DST_CAPACITY,
  failedThisEncounter: false,
  revivalsThisEncounter: 0,
})

export const isDowned = (r: DyingRecord): r is DownedRecord => r.condition.kind === 'downed'

/** CX29: revivals allowed per encounter = max(2, floor(FORT / 2)). */
export const revivalLimit = (fort: number): number => Math.max(2, Math.floor(fort / 2))

export interface DownedTransition {
  readonly record: DyingRecord
  /** False when the combatant was already downed or dead: nothing changed. */
  readonly newlyDowned: boolean
  /**
   * `000` Stabilize: "most persistent damage effects, like bleeds or burns, fall off" when a
   * character is downed. `cx-edges.ts` `afterDamage` acts on it (SR-CX-10: bleeds and burns).
   */
  readonly persistentDamageFallsOff: boolean
  readonly notes: readonly string[]
}

/**
 * CX27: dropping below 1 health downs the combatant with a clean sheet of DSTs. A shock
 * knockout is swallowed by the downing (being downed already means no actions), and damage
 * taken while downed or dead changes nothing here.
 */
export function onDowned(record: DyingRecord): DownedTransition {
  const kind = record.condition.kind
  if (kind === 'downed' || kind === 'dead') {
    return { record, newlyDowned: false, persistentDamageFallsOff: false, notes: [] }
  }
  return {
    record: { ...record, condition: { kind: 'downed', failures: 0, successes: 0 } },
    newlyDowned: true,
    persistentDamageFallsOff: true,
    notes: [
      `downed: prone, no actions but a Death Saving Throw each turn; dies at ${record.capacity} failed DST${record.capacity === 1 ? '' : 's'} (CX27, CX28)`,
      'bleeds and burns fall off (000 Stabilize, SR-CX-10)',
    ],
  }
}

export interface DeathSaveTransition {
  readonly record: DyingRecord
  readonly died: boolean
  readonly notes: readonly string[]
}

/** CX27: a failed DST adds a failure, and failures reaching the DST capacity (CX28) kill. */
export function onDeathSave(record: DownedRecord, success: boolean): DeathSaveTransition {
  const { failures, successes } = record.condition
  if (success) {
    return {
      record: { ...record, condition: { kind: 'downed', failures, successes: successes + 1 } },
      died: false,
      notes: [`DST passed: still bleeding out, ${failures}/${record.capacity} failures (CX27)`],
    }
  }
  const next = failures + 1
  const died = next >= record.capacity
  return {
    record: {
      ...record,
      failedThisEncounter: true,
      condition: died ? { kind: 'dead' } : { kind: 'downed', failures: next, successes },
    },
    died,
    notes: [
      died ? `DST failed: ${next}/${record.capacity} failures, dead (CX27)` : `DST failed: ${next}/${record.capacity} failures (CX27)`,
    ],
  }
}

export interface StabilisedTransition {
  readonly record: DyingRecord
  /** CX29: a stabilised combatant is set to this health, whatever it had sunk to. */
  readonly health: 1
  readonly revivalCounted: boolean
  /** CX29: revived past the limit, so unconscious as well. */
  readonly unconscious: boolean
  readonly notes: readonly string[]
}

/**
 * CX29: the target is back at 1 health and no longer downed. CX28: a downing that saw a
 * failed DST costs one DST of capacity from now on (the text: "the next time you fall below
 * 1 health point you only get 2"). A critical stabilisation may leave the revival uncounted;
 * an uncounted revival cannot push the target past its limit, so it never knocks it out.
 */
export function onStabilised(record: DownedRecord, fort: number, countsRevival = true): StabilisedTransition {
  const notes: string[] = ['stabilised: health 1, no longer downed (CX29)']
  const capacity = record.condition.failures > 0 ? Math.max(MIN_DST_CAPACITY, record.capacity - 1) : record.capacity
  if (capacity !== record.capacity) notes.push(`a downing with a failed DST: DST capacity ${record.capacity} → ${capacity} (CX28)`)
  const limit = revivalLimit(fort)
  const revivals = record.revivalsThisEncounter + (countsRevival ? 1 : 0)
  const unconscious = countsRevival && revivals > limit
  notes.push(
    countsRevival
      ? `revival ${revivals} of ${limit} this encounter${unconscious ? ': past the limit, unconscious (CX29)' : ' (CX29)'}`
      : 'critical stabilisation: this revival does not count against the limit (CX29)',
  )
  return {
    record: {
      ...record,
      capacity,
      revivalsThisEncounter: revivals,
      condition: unconscious ? { kind: 'unconscious', cause: 'revival-limit' } : { kind: 'up' },
    },
    health: 1,
    revivalCounted: countsRevival,
    unconscious,
    notes,
  }
}

export interface EncounterEndTransition {
  readonly record: DyingRecord
  readonly capacityRegained: boolean
  readonly notes: readonly string[]
}

/**
 * CX28: an encounter without a failed DST gives one DST of capacity back (max 3). Revivals are
 * counted per encounter (CX29), so the count restarts. The condition is left alone: a
 * combatant still downed or unconscious when the fight ends is the GM's to resolve.
 */
export function onEncounterEnd(record: DyingRecord): EncounterEndTransition {
  const capacity = record.failedThisEncounter ? record.capacity : Math.min(MAX_DST_CAPACITY, record.capacity + 1)
  const capacityRegained = capacity > record.capacity
  return {
    record: { ...record, capacity, failedThisEncounter: false, revivalsThisEncounter: 0 },
    capacityRegained,
    notes: capacityRegained ? [`an encounter without a failed DST: DST capacity ${record.capacity} → ${capacity} (CX28)`] : [],
  }
}
