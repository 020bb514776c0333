import type { DicePlan, PlannedDie } from '../../../src-shared/dice-plan'
import type { Failure } from '../../../src-shared/result'

/** Reads faces the GM typed from physical dice ("9 10", "9,10"); null when empty, a message when malformed. */
export function parseTypedDice(text: string): number[] | null | string {
  const t = text.trim()
  if (!t) return null
  const parts = t.split(/[\s,;]+/)
  const faces = parts.map(Number)
  if (faces.some((n) => !Number.isInteger(n) || n < 1 || n > 1000)) return 'Type the faces as whole numbers, e.g. "9 10".'
  return faces
}

/** One item of the list beside the dice field: dice in a row of the same kind, e.g. "2d6 to hit". */
export interface PlanItem {
  readonly label: string
  /** The typed faces that cover it (empty when still to type or roll). */
  readonly faces: readonly number[]
  readonly typed: boolean
  /** Asked for only if the dice before it go a certain way. */
  readonly conditional: boolean
}

/** The plan's dice as the GM reads them: neighbours of one kind together ("2d6 attack"), in order. */
export function planItems(dice: readonly PlannedDie[]): PlanItem[] {
  const groups: { first: PlannedDie; count: number; faces: number[] }[] = []
  for (const d of dice) {
    const last = groups.at(-1)
    const same =
      last &&
      last.first.sides === d.sides &&
      last.first.purpose === d.purpose &&
      (last.first.face === null) === (d.face === null) &&
      last.first.conditional === d.conditional
    if (same) {
      last.count++
      if (d.face !== null) last.faces.push(d.face)
    } else groups.push({ first: d, count: 1, faces: d.face === null ? [] : [d.face] })
  }
  return groups.map(({ first, count, faces }) => ({
    label: `${count === 1 ? '' : count}d${first.sides} ${first.purpose}`,
    faces,
    typed: first.face !== null,
    conditional: first.conditional,
  }))
}

/** What the GM should know beside the list: faces to spare, a face no die shows, a chain cut short. */
export function planNote(plan: DicePlan): string | null {
  if (plan.problem) return plan.problem
  if (plan.extra > 0) return `${plan.extra} typed ${plan.extra === 1 ? 'die is' : 'dice are'} more than this needs.`
  if (plan.more) return 'and more…'
  return null
}

/**
 * A refusal the dice field shows beside itself is not shown again over the panel's buttons:
 * the toast for the same failure is withdrawn.
 */
export function withdrawToast(campaign: { error: Failure | null }, failure: Failure): void {
  const shown = campaign.error
  if (shown && shown.code === failure.code && shown.message === failure.message) campaign.error = null
}
