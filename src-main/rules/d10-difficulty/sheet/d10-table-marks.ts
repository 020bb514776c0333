import type { Live, Stance } from './d10-sheet'

const STANCE: Readonly<Record<Stance, string | null>> = {
  standing: null,
  kneeling: 'Kneeling',
  'prone-firing': 'Prone, firing',
  prone: 'Prone',
}

/**
 * What the players see of a d10 combatant besides its conditions: its firing stance (`002`
 * Stance), which the miniature on the table shows anyway and the sheet keeps, not a condition.
 */
export function d10TableMarks(sheet: { readonly live: Pick<Live, 'stance'> }): readonly string[] {
  const stance = STANCE[sheet.live.stance]
  return stance ? [stance] : []
}
