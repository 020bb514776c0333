import { applyHit, needsCoverageRoll, type HitResult, type HitRoute, type IncomingHit } from '../protection/apply-hit'
import type { DefenderState } from '../protection/defender'
import type { MeleeHit } from './melee-damage'

/** The ways a melee hit can land: apply-hit's routes plus the two melee-only ones. */
export type MeleeHitRoute = HitRoute | 'armour-ignored' | 'blunt-force'

export interface MeleeHitResult {
  readonly defender: DefenderState
  readonly route: MeleeHitRoute
  readonly toShield: number
  readonly toArmour: number
  /** Damage that reached health (before a nonlethal strike's floor of 1). */
  readonly toHealth: number
  /** This hit took the defender from 1+ health to 0 or below (CX27). */
  readonly downed: boolean
  /** A nonlethal strike that would have downed the target: left at 1 health, unconscious. */
  readonly knockedOut: boolean
  readonly notes: readonly string[]
}

const incoming = (hit: MeleeHit): IncomingHit => ({
  amount: hit.amount,
  type: hit.type,
  apl: hit.apl,
  alwaysHitsArmour: false,
  plasmaBurnStacks: hit.plasmaBurnStacks,
})

const unarmoured = (d: DefenderState): DefenderState => ({ ...d, armour: null })

/** Whether the d100 armour roll matters for this hit (callers roll it only when it does). */
export function needsMeleeCoverageRoll(hit: MeleeHit, d: DefenderState): boolean {
  if (hit.armour === 'precise') return false
  return needsCoverageRoll(incoming(hit), hit.armour === 'weapon-ignores' ? unarmoured(d) : d)
}

/** A d100 face below 50: the body takes the whole hit (CX11), which is what "full damage" means. */
const FULL_DAMAGE_FACE = 1

/** Puts damage straight on health, past shields and armour, with CX27's drop to 0 (apply-hit's rule, reused; hand-typed damage uses it too). */
export function onHealth(d: DefenderState, amount: number): DefenderState {
  const direct: IncomingHit = { amount, type: 'internal', apl: null, alwaysHitsArmour: false, plasmaBurnStacks: 0 }
  // The shield has already had its turn at this hit; set it aside so it cannot absorb twice.
  const r = applyHit(direct, { ...d, shield: null }, null)
  return { ...r.defender, shield: d.shield }
}

function throughProtection(hit: MeleeHit, d: DefenderState, coverageRoll: number | null): Omit<MeleeHitResult, 'knockedOut' | 'downed'> {
  if (hit.armour === 'precise') {
    const r = applyHit(incoming(hit), unarmoured(d), FULL_DAMAGE_FACE)
    const notes = [
      ...(r.toShield ? [`shield absorbs ${r.toShield} (CX13)`] : []),
      `armour ignored: ${r.toHealth} straight to health (CX16)`,
      ...(r.defender.plasmaBurn > d.plasmaBurn ? [`+${r.defender.plasmaBurn - d.plasmaBurn} plasma burn (CX13)`] : []),
    ]
    const route: MeleeHitRoute = r.route === 'shield-absorbed' ? r.route : 'armour-ignored'
    return { ...r, route, defender: { ...r.defender, armour: d.armour }, notes }
  }
  if (hit.armour === 'weapon-ignores') {
    const r = applyHit(incoming(hit), unarmoured(d), coverageRoll)
    return { ...r, defender: { ...r.defender, armour: d.armour }, notes: ['the weapon ignores armour (item list)', ...r.notes] }
  }
  const r: HitResult = applyHit(incoming(hit), d, coverageRoll)
  if (r.route !== 'armour-blocked' || hit.bluntForce <= 0) return r
  // CX17 blunt force: armour that holds still lets the STR part of the blow through to health.
  return {
    ...r,
    route: 'blunt-force',
    toHealth: hit.bluntForce,
    defender: onHealth(r.defender, hit.bluntForce),
    notes: [...r.notes, `blunt force: the STR part, ${hit.bluntForce}, reaches health (CX17)`],
  }
}

/**
 * Puts one melee hit through shield, armour and body: CX11–CX13 as ballistic, except that a
 * precise hit ignores armour (CX16), armour that holds lets blunt force through (CX17), and a
 * nonlethal strike cannot take the target below 1 health (`000` Nonlethal Damage).
 */
export function applyMeleeHit(hit: MeleeHit, d: DefenderState, coverageRoll: number | null): MeleeHitResult {
  const r = throughProtection(hit, d, coverageRoll)
  const wouldDown = d.health >= 1 && r.defender.health < 1
  if (!hit.nonlethal || r.toHealth <= 0) return { ...r, downed: wouldDown, knockedOut: false }
  if (wouldDown) {
    const notes = [...r.notes, 'nonlethal: left at 1 health and unconscious instead of downed (000 Nonlethal Damage)']
    return { ...r, defender: { ...r.defender, health: 1 }, downed: false, knockedOut: true, notes }
  }
  if (d.health < 1) {
    // Our choice: a nonlethal blow neither revives nor worsens a target already at 0 or below.
    const notes = [...r.notes, 'nonlethal: the target is already down; its health does not change (000 Nonlethal Damage)']
    return { ...r, defender: { ...r.defender, health: d.health }, downed: false, knockedOut: false, notes }
  }
  // Exactly 1 left is not 0: conscious (`000`: "1 is not 0").
  return { ...r, downed: false, knockedOut: false }
}
