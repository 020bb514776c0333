import type { AttackKind, Weapon } from '../sheet/d20-sheet'

/** `003 Attack Types` (and a spell's own cost, `003 Your Turn`), as the modes the attack panel offers. */
export type Mode = 'basic' | 'all-out' | 'berserk' | 'defensive strike' | 'feint' | 'burst' | 'full auto' | 'cast'

export interface ModeRule {
  readonly mode: Mode
  /** Actions it takes in its own turn (a spell's come from the spell). */
  readonly actions: 1 | 2
  /** Its fixed bonus to the hit test (a feint's is the target's Awareness, subtracted). */
  readonly hit: number
  readonly words: string
}

const RULES: Readonly<Record<Exclude<Mode, 'cast'>, ModeRule>> = {
  basic: { mode: 'basic', actions: 1, hit: 0, words: 'Basic attack' },
  'all-out': { mode: 'all-out', actions: 2, hit: 4, words: 'All out attack' },
  berserk: { mode: 'berserk', actions: 2, hit: -4, words: 'Berserk attack: double weapon damage; +2 to hit it until its next turn' },
  'defensive strike': {
    mode: 'defensive strike',
    actions: 2,
    hit: -2,
    words: 'Defensive strike: +2 on its Dodge, Parry and Riposte this round',
  },
  feint: { mode: 'feint', actions: 2, hit: 0, words: "Feint: the target's Awareness comes off; it cannot be dodged, parried or riposted" },
  // `003 Combat Actions` Burst and Full Auto: Two Actions, +2 / +4, "potential for multiple hits" (SR-D20-30).
  burst: { mode: 'burst', actions: 2, hit: 2, words: "Burst: the gun's burst of rounds; more hit the more the test beats the armour" },
  'full auto': {
    mode: 'full auto',
    actions: 2,
    hit: 4,
    words: 'Full auto: the whole magazine; more hit the more the test beats the armour',
  },
}

/**
 * The modes an attack kind allows: a defensive strike is a melee attack by its words, and we
 * read the feint (aimed at parries and ripostes) as melee too; an all out attack is melee or
 * ranged; a spell is cast at its own cost.
 */
export function modesFor(w: Weapon): Mode[] {
  switch (w.attack) {
    case 'melee':
    case 'finesse':
      return ['basic', 'all-out', 'berserk', 'defensive strike', 'feint']
    case 'ranged': {
      // `003 Combat Actions`: "Weapon must have burst / auto capabilities" (SR-D20-30).
      const m = w.magazine
      return ['basic', 'all-out', 'berserk', ...(m && m.burst > 0 ? ['burst' as const] : []), ...(m?.auto ? ['full auto' as const] : [])]
    }
    case 'spell':
      return ['cast']
  }
}

export function modeRule(mode: Mode, spellActions: 1 | 2): ModeRule {
  return mode === 'cast' ? { mode, actions: spellActions, hit: 0, words: 'Cast a spell' } : RULES[mode]
}

/** The request's mode if the weapon allows it; the first otherwise ('' asks for the default). */
export function pickMode(requested: string, w: Weapon): Mode | null {
  const modes = modesFor(w)
  if (requested === '') return modes[0]!
  return (modes as string[]).includes(requested) ? (requested as Mode) : null
}

/** Parries and ripostes answer melee only (`003 Responding to Attacks`). */
export const isMelee = (kind: AttackKind): boolean => kind === 'melee' || kind === 'finesse'
