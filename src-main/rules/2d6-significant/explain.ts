import type { ExplanationLine, ExplanationSection } from '../../../src-shared/attack'

/** One labelled DM on a roll, with the rule it comes from (a RULINGS id or a `004` section). */
export interface Dm {
  readonly label: string
  readonly value: number
  readonly source: string
}

export const dm = (label: string, value: number, source: string): Dm => ({ label, value, source })

export const totalDm = (dms: readonly Dm[]): number => dms.reduce((t, d) => t + d.value, 0)

/** +2, −1, 0: signs as the GM reads them. */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0')

/** The DMs of a roll as an explanation section, totalled. */
export function dmSection(title: string, dms: readonly Dm[], rule: ExplanationLine | null, total: string): ExplanationSection {
  return {
    title,
    lines: [...dms.map((d) => ({ label: d.label, value: signed(d.value), source: d.source })), ...(rule ? [rule] : [])],
    total,
  }
}

export const percent = (p: number): string => `${(Math.round(p * 1000) / 10).toFixed(1)}%`
