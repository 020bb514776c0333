import type { ConditionDefinition } from '../../ruleset'

/** SR-D10-38: the GM marks who is behind grenade-proof cover; a grenade's blast passes them by. */
export const GRENADE_PROOF_COVER = 'grenade-proof-cover'

export const GRENADE_COVER_CONDITION: ConditionDefinition = {
  id: GRENADE_PROOF_COVER,
  label: 'Grenade-proof cover',
  summary: 'Behind cover a grenade cannot reach through: its blast kills and incapacitates no one here.',
  source: '002 Grenades, SR-D10-38',
  stacks: false,
}
