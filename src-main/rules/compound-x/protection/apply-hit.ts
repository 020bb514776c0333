import type { DamageType } from '../content/pack-schema'
import type { DefenderState, ShieldState } from './defender'
import { suitAfterHit } from './suit-integrity'

/** One hit's damage on its way in. */
export interface IncomingHit {
  readonly amount: number
  readonly type: DamageType
  /** The weapon's armour-piercing level (null for weapons without one). */
  readonly apl: number | null
  /** Medium/heavy suppression hits always strike armour: no coverage roll (CX26). */
  readonly alwaysHitsArmour: boolean
  /** Plasma burn stacks the weapon adds when it reaches the body (CX13; default 1 for plasma). */
  readonly plasmaBurnStacks: number
}

export type HitRoute = 'ignores-protection' | 'shield-absorbed' | 'armour-blocked' | 'armour-pierced' | 'body-full' | 'body-half'

export interface HitResult {
  readonly defender: DefenderState
  readonly route: HitRoute
  readonly toShield: number
  readonly toArmour: number
  readonly toHealth: number
  /** This hit took the defender from 1+ health to 0 or below (CX27). */
  readonly downed: boolean
  readonly notes: readonly string[]
}

/** Whether the d100 armour roll matters for this hit (so callers only roll it when it does). */
export function needsCoverageRoll(hit: IncomingHit, d: DefenderState): boolean {
  if (hit.type === 'explosive' || hit.type === 'internal') return false
  const reaching = afterShield(hit, d.shield).passing
  if (reaching <= 0) return false
  if (hit.alwaysHitsArmour && d.armour && hit.type !== 'laser') return false
  return true
}

interface ShieldOutcome {
  readonly shield: ShieldState | null
  readonly absorbed: number
  readonly passing: number
}

/** CX13/CX14: lasers are all the shield's; plasma half of it; others pass unless the shield blocks all. */
function afterShield(hit: IncomingHit, shield: ShieldState | null): ShieldOutcome {
  if (!shield) return { shield, absorbed: 0, passing: hit.amount }
  const share = shield.blocksAllDamage || hit.type === 'laser' ? hit.amount : hit.type === 'plasma' ? Math.floor(hit.amount / 2) : 0
  if (share === 0 || shield.strength <= 0) {
    // A hit while the shield is down restarts its count (CX14).
    const restarted = shield.downTurnsLeft !== null ? { ...shield, downTurnsLeft: shield.restartTurns } : shield
    return { shield: restarted, absorbed: 0, passing: hit.amount }
  }
  const absorbed = Math.min(shield.strength, share)
  const strength = shield.strength - absorbed
  return {
    shield: { ...shield, strength, downTurnsLeft: strength === 0 ? shield.restartTurns : null },
    absorbed,
    passing: hit.amount - absorbed,
  }
}

/** CX27: the first drop below 1 sets health to 0; further damage goes negative. */
function healthAfter(health: number, damage: number): number {
  if (damage <= 0) return health
  const next = health - damage
  return health >= 1 && next < 1 ? 0 : next
}

/**
 * Puts one hit through shield, armour and body (CX11–CX13). `coverageRoll` is the d100 armour
 * roll; pass null only when `needsCoverageRoll` said it is not needed.
 */
export function applyHit(hit: IncomingHit, d: DefenderState, coverageRoll: number | null): HitResult {
  const notes: string[] = []
  const finish = (
    route: HitRoute,
    shield: ShieldState | null,
    toShield: number,
    armourPoints: number | null,
    toHealth: number,
    burn: boolean,
  ): HitResult => {
    const armour = d.armour && armourPoints !== null ? { ...d.armour, points: armourPoints } : d.armour
    const health = healthAfter(d.health, toHealth)
    const toArmour = d.armour && armourPoints !== null ? d.armour.points - armourPoints : 0
    const plasmaBurn = d.plasmaBurn + (burn ? hit.plasmaBurnStacks : 0)
    if (burn) notes.push(`+${hit.plasmaBurnStacks} plasma burn (CX13)`)
    // `000` EVA Suits: only a hit that damages health counts against the suit (SR-CX-103).
    const suit = suitAfterHit(d.suit, toHealth, notes)
    return {
      defender: { ...d, shield, armour, health, plasmaBurn, ...(suit ? { suit } : {}) },
      route,
      toShield,
      toArmour,
      toHealth,
      downed: d.health >= 1 && health < 1,
      notes,
    }
  }

  if (hit.type === 'explosive' || hit.type === 'internal') {
    notes.push(`${hit.type} damage ignores armour and shields (CX13)`)
    const s = d.shield && d.shield.blocksAllDamage ? afterShield(hit, d.shield) : { shield: d.shield, absorbed: 0, passing: hit.amount }
    return finish(s.absorbed ? 'shield-absorbed' : 'ignores-protection', s.shield, s.absorbed, null, s.passing, false)
  }

  const s = afterShield(hit, d.shield)
  if (s.absorbed) notes.push(`shield absorbs ${s.absorbed} (CX13)`)
  if (s.passing <= 0) return finish('shield-absorbed', s.shield, s.absorbed, null, 0, false)

  const plasma = hit.type === 'plasma'
  // Lasers ignore armour: they reach the body as if none were worn (CX13).
  const armour = hit.type === 'laser' ? null : d.armour
  const onArmour = armour !== null && (hit.alwaysHitsArmour || (coverageRoll ?? 101) <= armour.coverage)
  if (armour && onArmour) {
    const armourApl = armour.apl - (plasma ? 1 : 0)
    const weaponApl = hit.apl ?? 0
    if (weaponApl < armourApl) {
      notes.push(`armour hit: APL ${weaponApl} < armour APL ${armourApl}${plasma ? ' (plasma −1)' : ''}: blocked (CX12)`)
      return finish('armour-blocked', s.shield, s.absorbed, armour.points, 0, false)
    }
    const toArmour = Math.min(armour.points, s.passing)
    notes.push(`armour hit and pierced: ${toArmour} to armour points, ${s.passing - toArmour} to health (CX12)`)
    return finish('armour-pierced', s.shield, s.absorbed, armour.points - toArmour, s.passing - toArmour, plasma)
  }
  const roll = coverageRoll ?? 0
  const half = roll >= 50
  const toHealth = half ? Math.floor(s.passing / 2) : s.passing
  notes.push(`${armour ? 'armour missed' : 'no armour'}: d100 ${roll} → ${half ? 'half' : 'full'} damage (CX11)`)
  return finish(half ? 'body-half' : 'body-full', s.shield, s.absorbed, null, toHealth, plasma)
}
