import type { FormValues } from '../forms/combatant-health'

/**
 * Fields the gear sets follow the gear (d10 DR boxes from the armour, CX armour points from the
 * rigs). The core answers each draft with the form's values as they read back; a field whose
 * value came back different from what was asked is one the sheet derives, so its box takes the
 * new number and is remembered as filled in by the gear (`auto`). Such a field is left out of
 * what is sent, so the ruleset works it out from the gear again; a number the GM types over it
 * is theirs (sent, and the ruleset keeps it as extra).
 */
export interface Followed {
  readonly values: FormValues
  /** The fields the gear filled in, with the value it gave each. */
  readonly auto: FormValues
  /** Whether any box changed. */
  readonly changed: boolean
}

/**
 * `asked`: the values the draft was worked out from; `now`: the boxes as they are (the GM may
 * have typed on since: a box changed since the ask is left alone); `back`: the draft's values.
 */
export function followGear(now: FormValues, asked: FormValues, back: FormValues, auto: FormValues): Followed {
  const values = { ...now }
  const filled = { ...auto }
  let changed = false
  for (const key of Object.keys(now)) {
    if (!Object.hasOwn(back, key) || now[key] !== asked[key]) continue
    const v = back[key]!
    if (v === now[key]) continue
    values[key] = v
    filled[key] = v
    changed = true
  }
  return { values, auto: filled, changed }
}

/** What to send for these boxes: all but those still holding what the gear filled in. */
export function toSend(values: FormValues, auto: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => !(Object.hasOwn(auto, k) && auto[k] === v)))
}
