import type { Cover, Stance } from '../ranged/ranged-setup'

export interface ShotAtCombatant {
  readonly stance: Stance
  readonly cover: Cover
  /** Still up after the firing action: not dead, downed (CX27) or unconscious (CX15). */
  readonly up: boolean
}

export type HitTheDirt =
  | {
      readonly kind: 'hits-the-dirt'
      readonly stance: 'prone'
      /** The dive lands within 2 m of where it stood (DEX movement rules apply). */
      readonly withinMetres: 2
      /** Taken from its next turn (`loseFirstActionNextTurn`). */
      readonly actionsLostNextTurn: 1
      readonly rule: string
    }
  | { readonly kind: 'stays'; readonly reason: string }

const RULE = 'CX21 (000 Ranged Combat)'

/**
 * CX21: after the first firing action at it, a standing combatant outside cover that is still
 * up goes prone at once and loses the first action of its next turn. Crouching or hunkering
 * combatants are not "standing"; partial cover counts as cover.
 */
export function hitTheDirt(target: ShotAtCombatant): HitTheDirt {
  if (!target.up) return { kind: 'stays', reason: `It is down, not diving (${RULE})` }
  if (target.stance !== 'standing')
    return { kind: 'stays', reason: `Only a standing combatant hits the dirt; this one is ${target.stance} (${RULE})` }
  if (target.cover !== 'none') return { kind: 'stays', reason: `It is in ${target.cover} cover (${RULE})` }
  return { kind: 'hits-the-dirt', stance: 'prone', withinMetres: 2, actionsLostNextTurn: 1, rule: RULE }
}
