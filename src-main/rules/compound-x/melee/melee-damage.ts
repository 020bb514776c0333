import type { DamageType, MeleeWeapon } from '../content/pack-schema'
import { modifier } from '../../kit/modifier'
import type { Step } from '../statistic'
import { CRITICAL_DAMAGE, type CriticalKind } from '../stats/derived-stats'
import { statBonus, type StatBlock } from '../stats/stat-block'
import { weaponDamage } from '../stats/weapon-damage'
import type { MeleeHitQuality } from './melee-accuracy'
import { frailStrike, isTwoHandedStrike, strikeWeapon, type MeleeSetup } from './melee-setup'
import { FLAW_SOURCE, halvedUnarmed } from '../stats/stat-flaws'
import { withStealthDoubling } from './stealth-attack'

/**
 * How a hit treats the target's armour:
 * - 'normal': the CX11 armour roll, then CX12 with blunt force (CX17) if the armour holds;
 * - 'weapon-ignores': the weapon skips armour, so the target counts as unarmoured (CX11's d100
 *   still decides full or half damage, as for anyone without armour);
 * - 'precise': 3+ over Guard (CX16) or a critical — full damage straight to health.
 */
export type ArmourTreatment = 'normal' | 'weapon-ignores' | 'precise'

/** One melee hit on its way in: what `applyMeleeHit` needs. */
export interface MeleeHit {
  readonly amount: number
  readonly type: DamageType
  readonly apl: number
  readonly plasmaBurnStacks: number
  readonly armour: ArmourTreatment
  /** The STR-bonus part of the damage that blunt force puts on health past unpierced armour (CX17). */
  readonly bluntForce: number
  readonly nonlethal: boolean
}

/**
 * `000` Thrown Weapons: "Like melee attacks, if you roll a critical hit or 3+ above …, you
 * ignore the target's armor and deal full damage." We read that as the newer combat rules
 * saying melee criticals ignore armour too; set to false to follow CX16's list alone.
 */
export const CRITICAL_IGNORES_ARMOUR = true

/**
 * CX13 lists melee as its own damage type, treated as ballistic. The item list writes plain
 * physical blades as 'ballistic'; those strike as 'melee'. Other types (a plasma sword, a
 * welding torch) keep their own type so shields and armour treat them by it.
 */
export const meleeDamageType = (t: DamageType): DamageType => (t === 'ballistic' ? 'melee' : t)

/** CX17: the STR-bonus part of the weapon's damage (×1.5 when positive on a two-handed strike), never below 0. */
export function bluntForcePart(weapon: Pick<MeleeWeapon, 'damage'>, stats: StatBlock, twoHanded: boolean): number {
  const multiplier = weapon.damage.perStatBonus?.str ?? 0
  const bonus = statBonus(stats.str)
  const scaled = twoHanded && bonus > 0 ? bonus * 1.5 : bonus
  // Floored as weaponDamage floors each stat term; a negative STR term pushes nothing through.
  return Math.max(0, Math.floor(multiplier * scaled))
}

/**
 * The strike's damage: the weapon (two-handed STR per `000`), doubled base on a stealth attack
 * (`001` Stealth Attacks, SR-CX-53), plus any critical bonus (CX10), which is not doubled.
 */
export function strikeDamage(setup: MeleeSetup, critical: CriticalKind): { readonly steps: readonly Step[]; readonly total: number } {
  const a = setup.attacker
  const weapon = strikeWeapon(a.strikeWith)
  const plain = weaponDamage(weapon.damage, a.stats, { twoHanded: isTwoHandedStrike(a.strikeWith) })
  const base = withStealthDoubling(plain, weapon.damage.base, a.stealthDoubling)
  const steps: Step[] = [base]
  if (critical !== 'normal') {
    const bonus = modifier(critical === 'critical' ? 'Critical hit' : 'Extra-critical hit', CRITICAL_DAMAGE[critical], 'CX10')
    steps.push({ title: 'Critical', modifiers: [bonus], total: base.total + bonus.value })
  }
  const before = steps.at(-1)!.total
  if (!frailStrike(a)) return { steps, total: before }
  // SR-CX-174: the whole blow, critical included, is halved and rounded down.
  const halved = halvedUnarmed(before)
  const cut = modifier('FORT 1: unarmed damage halved', halved - before, `${FLAW_SOURCE}, SR-CX-174`)
  return { steps: [...steps, { title: 'FORT 1', modifiers: [cut], rule: 'half, rounded down', total: halved }], total: halved }
}

/** Puts the strike together: damage, type, APL (0 unless the item says otherwise) and armour treatment. */
export function meleeHitFor(setup: MeleeSetup, quality: Exclude<MeleeHitQuality, 'miss'>, critical: CriticalKind): MeleeHit {
  const a = setup.attacker
  const weapon = strikeWeapon(a.strikeWith)
  const precise = quality === 'precise-hit' || (CRITICAL_IGNORES_ARMOUR && critical !== 'normal')
  return {
    amount: strikeDamage(setup, critical).total,
    type: meleeDamageType(weapon.damage.type),
    // `000` Blunt Force: "Unless otherwise specified, melee weapons have an APL of 0".
    apl: weapon.apl ?? 0,
    plasmaBurnStacks: weapon.damage.effects?.find((e) => e.kind === 'plasma-burn')?.stacks ?? 1,
    armour: precise ? 'precise' : weapon.ignoresArmour ? 'weapon-ignores' : 'normal',
    bluntForce: bluntForcePart(weapon, a.stats, isTwoHandedStrike(a.strikeWith)),
    // SR-CX-174: a FORT 1 striker's bare hands are nonlethal whether declared or not.
    nonlethal: a.nonlethal || frailStrike(a),
  }
}
