import type { CxCombatant } from './sheet/cx-sheet'

const STANCE: Readonly<Record<CxCombatant['live']['stance'], string | null>> = {
  standing: null,
  crouching: 'Crouching',
  prone: 'Prone',
  hunkering: 'Hunkered',
}

const COVER: Readonly<Record<CxCombatant['live']['cover'], string | null>> = { none: null, partial: 'Partial cover', full: 'Full cover' }

/**
 * What the players see of a Compound X combatant besides its conditions: its stance and cover
 * (`000` Using Cover/Stances), which the miniatures on the table show anyway. The stance lives on
 * the sheet, not as a condition, so without this a prone combatant never read as prone.
 */
export function cxTableMarks(c: CxCombatant): readonly string[] {
  return [STANCE[c.live.stance], COVER[c.live.cover]].filter((m): m is string => m !== null)
}
