import type { ContentLibrary } from '../content/content-library'
import { freshDyingRecord } from '../dying/dying-state'
import type { ArmourState, DefenderState, ShieldState } from '../protection/defender'
import { NO_SPRINT } from '../turns/turn-budget'
import { upgradeNanites } from '../feats/feat-rules'
import { maxHealth, naniteMaximum, shockSave } from '../stats/derived-stats'
import type { CxCombatant, CxCombatantParsed, CxLive } from './cx-sheet'
import { suitStateOf } from './eva-suit'
import { attachedModules, usableRigs, type WithClass } from './cx-loadout'

export interface ArmourSummary {
  readonly coverage: number
  readonly apl: number
  readonly strength: number
  readonly movementPenalty: number
}

/**
 * The armour system: rigs with a material installed add their coverage; strength and APL
 * come from the one material (`000` Armor Systems: more rigs raise coverage, not AS or APL).
 * SR-CX-194: a rig the class has no proficiency for covers nothing, though its weight still slows.
 */
export function armourSummary(c: WithClass & Pick<CxCombatantParsed, 'armour'>, library: ContentLibrary): ArmourSummary | null {
  const material = c.armour.materialId ? library.get('armour-materials', c.armour.materialId) : undefined
  const rigs = c.armour.rigIds.map((id) => library.get('armour-rigs', id)).filter((r) => r !== undefined)
  const movementPenalty = rigs.reduce((t, r) => t + r.movementPenalty, 0)
  if (!material) return null
  const covering = rigs.filter((r) => r.coverage !== null)
  const coverage = Math.min(
    100,
    usableRigs(c, library).reduce((t, r) => t + (r.coverage ?? 0), 0),
  )
  if (coverage === 0) return null
  // 000: each material installed in a rig adds 1 m of movement penalty.
  return { coverage, apl: material.apl, strength: material.armourStrength, movementPenalty: movementPenalty + covering.length }
}

/** The shield generator attached to the rigs' Hard Points (SR-CX-191: one that does not fit does nothing). */
export function shieldOf(c: Parameters<typeof attachedModules>[0], library: ContentLibrary) {
  return attachedModules(c, library).shield
}

/** CX22: the class's nanite maximum with what the Upgrade feat adds (SR-CX-82); null without a class. */
export function cxNaniteMaximum(c: Pick<CxCombatantParsed, 'stats' | 'classId' | 'feats'>, library: ContentLibrary): number | null {
  const primary = c.classId ? library.get('classes', c.classId)?.primaryAttribute : undefined
  return primary ? naniteMaximum(c.stats, primary, upgradeNanites(c.stats, c.feats)) : null
}

/** A fresh live state: armour points and shield full, nanites at their maximum. */
export function freshLive(c: CxCombatantParsed, library: ContentLibrary): CxLive {
  return {
    armourPoints: armourSummary(c, library)?.strength ?? 0,
    shieldStrength: shieldOf(c, library)?.strength ?? 0,
    shieldDownTurns: null,
    nanites: cxNaniteMaximum(c, library) ?? 0,
    plasmaBurn: 0,
    plasmaBurnTurns: 0,
    stance: 'standing',
    cover: 'none',
    suppressed: false,
    sprint: NO_SPRINT,
    loseFirstAction: false,
    suppressionReactions: [],
    aim: null,
    drawn: 0,
    grappleActionsUsed: 0,
    suitHits: 0,
    blackCat: { noCriticals: false, actionsLost: 0, fear: false },
    willToSurvive: { used: 0, sinceTurnStart: false },
    luckyUsed: 0,
    reloading: null,
    aimShift: null,
    dying: freshDyingRecord(),
  }
}

export const cxMaxHealth = (c: Pick<CxCombatant, 'stats'>): number => maxHealth(c.stats)

/** The target as the protection rules see it (CX11–CX15). */
export function defenderOf(c: CxCombatant, health: number, library: ContentLibrary): DefenderState {
  const a = armourSummary(c, library)
  const s = shieldOf(c, library)
  const armour: ArmourState | null = a ? { coverage: a.coverage, apl: a.apl, points: c.live.armourPoints, maxPoints: a.strength } : null
  const shield: ShieldState | null = s
    ? {
        maxStrength: s.strength,
        strength: c.live.shieldStrength,
        rechargePerTurn: s.rechargePerTurn,
        restartTurns: s.restartTurns,
        downTurnsLeft: c.live.shieldDownTurns,
        fastRechargeNanites: s.fastRechargeNanites,
        blocksAllDamage: s.blocksAllDamage,
      }
    : null
  return { health, armour, shield, shockSave: shockSave(c.stats), plasmaBurn: c.live.plasmaBurn, suit: suitStateOf(c, library) }
}

export const PLASMA_BURN_TURNS = 2

/** Writes a defender's protection back into the live state after a hit. */
export function withDefender(c: CxCombatant, d: DefenderState): CxCombatant {
  return {
    ...c,
    live: {
      ...c.live,
      armourPoints: d.armour?.points ?? c.live.armourPoints,
      shieldStrength: d.shield?.strength ?? c.live.shieldStrength,
      shieldDownTurns: d.shield ? d.shield.downTurnsLeft : c.live.shieldDownTurns,
      plasmaBurn: d.plasmaBurn,
      // Stacks share one clock: a fresh stack renews it (our simplification of per-stack timers).
      plasmaBurnTurns: d.plasmaBurn > c.live.plasmaBurn ? PLASMA_BURN_TURNS : c.live.plasmaBurnTurns,
      // `000` EVA Suits: the health-damaging hits the suit has taken (SR-CX-103).
      suitHits: d.suit ? d.suit.hits : c.live.suitHits,
    },
  }
}
