/**
 * The d20 two-action system's own words for its pools and sources, in one place so the rules,
 * the card and the tests agree on them.
 */

export const RULESET_ID = 'd20-two-action'
export const RULESET_NAME = 'd20 two-action system'

/** The document's section names, as `source` on explanation lines. */
export const DOC = {
  initiative: '003 Initiative',
  turn: '003 Your Turn',
  takingAction: '003 Taking Action',
  reactions: '003 Reactions',
  responding: '003 Responding to Attacks',
  modifiers: '003 Attack Modifiers',
  proficiency: '003 Proficiency',
  damage: '003 Dealing Damage',
  critical: '003 Critical Hits',
  statuses: '003 Statuses',
  damageTypes: '003 Damage Types',
  unarmed: '003 Unarmed Combat',
  attackTypes: '003 Attack Types',
  actions: '003 Combat Actions',
  moving: '003 Moving',
  engaged: '003 Engaged',
  freeActions: '003 Taking Action (Free Actions)',
} as const

/** W2: the pool keys of the economy. */
export const ACTIONS = 'actions'
export const REACTIONS = 'reactions'
/** `003 Taking Action` Free Actions: the pool they draw on (SR-D20-10). */
export const FREE = 'free'
