import type { ConditionDefinition } from '../ruleset'
import { SUBDUE_CONDITIONS } from './cx-subdue'

const C = (id: string, label: string, summary: string, stacks = false, source = '01_05 Conditions'): ConditionDefinition => ({
  id,
  label,
  summary,
  source,
  stacks,
})

/** The Compound X conditions, their numbers carried over, described in our own words. */
export const CX_CONDITIONS: readonly ConditionDefinition[] = [
  C('bleeding', 'Bleeding', 'Loses floor(d10 / 2) + 1 health each turn, per stack; ends with a Medicine check (DC set by the GM).', true),
  C('burning', 'Burning', 'Loses 2d10 health each turn; a DC 40 maneuver check puts it out; worsens every 2 turns.'),
  C('downed', 'Downed', 'Below 1 health: prone, no actions, a death save each turn (CX27).'),
  C('disrupted', 'Disrupted', 'No nanite abilities, procedures, processes or exploits.'),
  C('frozen', 'Frozen', 'Loses d10 health each turn until warmed or treated (Medicine DC 50).'),
  C('fear', 'Fear', 'May only flee the source or roll to shake it off: Will save DC 50.'),
  C('greater-fear', 'Greater fear', 'May only roll to shake it off: Will save DC 75.'),
  C('lonely', 'Lonely', '1 m less movement per 2 actions and −5 on skill checks.'),
  C('necrosis', 'Necrosis', 'Loses 2d10 + 5 health each turn; needs Medicine DC 75.'),
  C('pinned-down', 'Pinned down', 'Hunkered, cannot move, for 2 full turns or until a DC 70 Will save.'),
  C('plasma-burn', 'Plasma burn', 'Loses d10 + 1 health each turn for 2 turns, per stack (CX13).', true),
  C('poisoned', 'Poisoned', 'Loses d10 health each turn; after 5 turns some poisons knock out (Fortitude DC 50).'),
  C('buzzed', 'Buzzed', '+1 miss chance on attacks, −1 PER, +1 CHA and LUCK, −20 on driving and heavy machinery.'),
  C('hammered', 'Hammered', 'Badly impaired accuracy, −2 DEX, PER and CHA, −50 on driving and heavy machinery.'),
  C('stunned', 'Stunned', 'Cannot take actions while it lasts.'),
  C('unconscious', 'Unconscious', 'Out of the fight; a knocked-out combatant rolls to wake each turn (CX15).'),
  C('prone', 'Prone', 'Harder to shoot from beyond 5 m (+2), easier to hit in melee (−2 Guard).'),
  { ...C('suppressed', 'Suppressed', '+1 miss chance on its own shots while it stays in the zone (CX25).'), perSource: true }, // SR-CX-5
  C('suppressing', 'Suppressing', 'Its suppression zone stands until the start of its next turn (CX24, CX25).'),
  // Kept by the ruleset from melee attacks and maneuvers; the GM may also set them by hand.
  C(
    'engaged',
    'Engaged',
    'In melee: moving away, shooting past 1 m or with a non-CQB gun, or a hands-on skill check draws opportunity attacks.',
    false,
    '000 Melee Combat',
  ),
  C(
    'grappled',
    'Grappled',
    'One action a round, only against the other grappler: Unarmed Strikes and maneuvers with control; strike, disengage or gain control without.',
    false,
    '000 Grappling',
  ),
  C('pinned', 'Pinned', 'May only try to disengage; winning gets back to Grappled, without control.', false, '000 Grappling'),
  // Restrain, and the run of a Knockout or Kill on a Pinned target (SR-CX-60, SR-CX-61).
  ...SUBDUE_CONDITIONS,
]
