import type { StatScaling } from '../content/pack-schema'
import { modifier, type Modifier, sumModifiers } from '../../kit/modifier'
import { truncate, type Step } from '../statistic'
import { combatModifierOf, type StatBlock } from '../stats/stat-block'
import { attachmentValue, magnificationFor, totalAttachmentValue, usableAttachments } from './attachment-effects'
import type { AimMode, RangedSetup } from './ranged-setup'

export type MissChance =
  | {
      readonly canHit: true
      /** Hit iff the natural d10 is strictly greater (CX7). */
      readonly missChance: number
      readonly bracketIndex: number
      /** Hip fire may be forced inside a scope's minimum range. */
      readonly aim: AimMode
      readonly steps: readonly Step[]
    }
  | { readonly canHit: false; readonly reason: string; readonly steps: readonly Step[] }

/** How much a stat-scaled fire-mode penalty shrinks ("−1 for every 6 STR", "−1 @ 8 STR"). */
export function scalingReduction(scaling: StatScaling, stats: StatBlock): number {
  const value = stats[scaling.stat]
  if ('at' in scaling) return value >= scaling.at ? scaling.reduction : 0
  if (scaling.startingAt !== undefined) {
    return value >= scaling.startingAt ? Math.floor((value - scaling.startingAt) / scaling.every) + 1 : 0
  }
  return Math.floor(value / scaling.every)
}

/** Effective bracket ranges after range attachments. */
function bracketRanges(setup: RangedSetup, usable: RangedSetup['attachments']): number[] {
  const all = totalAttachmentValue(usable, setup.weapon, 'all-bracket-range')
  const last = totalAttachmentValue(usable, setup.weapon, 'last-bracket-range')
  const b = setup.weapon.brackets
  return b.map((x, i) => x.maxRange + all + (i === b.length - 1 ? last : 0))
}

/**
 * The final miss chance of one ranged attack, step by step:
 * bracket base + trunc(fractional modifiers) (CX5) → + fire-mode modifier, at least +1 (CX6)
 * → weapon floor −2 (CX6) → situational modifiers (CX6) → range limits (CX7).
 */
export function rangedMissChance(setup: RangedSetup): MissChance {
  const { weapon, shooter, target } = setup
  const minimumRange = (weapon.minimumRange ?? 0) + totalAttachmentValue(setup.attachments, weapon, 'minimum-range')
  // `000` Hip Firing: inside a scope's minimum distance the shooter must hip fire.
  const aim: AimMode = setup.aim === 'aimed' && setup.distance < minimumRange ? 'hip' : setup.aim
  const usable = usableAttachments(setup.attachments, aim)
  const steps: Step[] = []

  const ranges = bracketRanges(setup, usable)
  const bracketIndex = ranges.findIndex((r) => setup.distance <= r)
  if (bracketIndex === -1) {
    return { canHit: false, reason: `${setup.distance} m is beyond the ${weapon.name}'s longest range (${ranges.at(-1)} m) (CX7)`, steps }
  }
  const magnification = magnificationFor(weapon, usable, aim)
  if (setup.distance > 150 && magnification < 2) {
    return { canHit: false, reason: `Over 150 m needs 2× or more magnification (CX7)`, steps }
  }
  if (setup.distance > 100 && magnification <= 1) {
    return { canHit: false, reason: `Over 100 m needs magnifying sights (CX7)`, steps }
  }

  const base = weapon.brackets[bracketIndex]!.missChance
  const fractional: Modifier[] = [combatModifierOf(shooter.stats, 'per', -1, 'CX5')]
  if (aim === 'blind') fractional.push(combatModifierOf(shooter.stats, 'luck', -1, 'CX6 blind fire'))
  for (const a of usable) {
    const v = attachmentValue(a, weapon, 'bracket-miss')
    if (v !== 0) fractional.push(modifier(a.name, v, 'CX5'))
  }
  fractional.push(...(shooter.bracketModifiers ?? []))
  const bracketTotal = base + truncate(sumModifiers(fractional))
  steps.push({
    title: `Bracket ${bracketIndex + 1} (≤ ${ranges[bracketIndex]} m) base ${base}`,
    modifiers: fractional,
    rule: 'fractions summed, then truncated toward zero (CX5)',
    total: bracketTotal,
  })

  let weaponTotal = bracketTotal
  if (setup.mode !== 'semi') {
    const fireMode = weapon[setup.mode]
    if (!fireMode) return { canHit: false, reason: `The ${weapon.name} has no ${setup.mode} mode`, steps }
    const modeMods: Modifier[] = [modifier(`${setup.mode} fire`, fireMode.missChance, `${weapon.name} list`)]
    if (fireMode.scaling) {
      const r = scalingReduction(fireMode.scaling, shooter.stats)
      if (r)
        modeMods.push(
          modifier(
            `${fireMode.scaling.stat.toUpperCase()} ${shooter.stats[fireMode.scaling.stat]} recoil control`,
            -r,
            `${weapon.name} list`,
          ),
        )
    }
    for (const a of usable) {
      const v = attachmentValue(a, weapon, setup.mode === 'burst' ? 'burst-miss' : 'auto-miss')
      if (v !== 0) modeMods.push(modifier(a.name, v, 'CX6'))
    }
    const modeTotal = Math.max(1, truncate(sumModifiers(modeMods)))
    steps.push({ title: 'Fire mode', modifiers: modeMods, rule: 'truncated, at least +1 (CX6)', total: modeTotal })
    weaponTotal += modeTotal
  }
  const floored = Math.max(-2, weaponTotal)
  if (floored !== weaponTotal)
    steps.push({ title: 'Weapon miss chance floor', modifiers: [], rule: 'never below −2 (CX6)', total: floored })

  const situational: Modifier[] = []
  const coverValue = target.cover === 'full' ? 4 : target.cover === 'partial' ? 2 : 0
  // SR-CX-151: the line names where the cover came from, so the GM sees which one was used.
  if (coverValue || target.coverFromMap)
    situational.push(modifier(target.coverWords ?? `Target in ${target.cover} cover`, coverValue, 'CX6'))
  if (target.stance === 'crouching') situational.push(modifier('Target crouching', 1, 'CX6'))
  if (target.stance === 'prone') {
    // Prone does not help within 5 m of a shooter the target has no cover from.
    const helps = !(setup.distance <= 5 && target.cover === 'none')
    situational.push(modifier(helps ? 'Target prone' : 'Target prone (within 5 m, no cover: no bonus)', 2, 'CX6', helps))
  }
  if (target.stance === 'hunkering') situational.push(modifier('Target hunkering', 2, 'CX6'))
  if (aim === 'hip') situational.push(modifier(setup.aim === 'aimed' ? 'Hip fire (inside minimum range)' : 'Hip fire', 3, 'CX6'))
  if (aim === 'blind') situational.push(modifier('Blind fire', 6, 'CX6'))
  if (shooter.suppressed) situational.push(modifier('Shooter suppressed', 1, 'CX6, CX25'))
  if (shooter.sprinted) situational.push(modifier('Shooter sprinted', 1, 'CX6'))
  if (shooter.prone) situational.push(modifier('Shooter prone', -1, 'CX6'))
  if (shooter.stealth && aim === 'aimed') situational.push(modifier('Aimed stealth attack', -1, 'CX6'))
  const missChance = floored + sumModifiers(situational)
  steps.push({ title: 'Situation', modifiers: situational, total: missChance })
  return { canHit: true, missChance, bracketIndex, aim, steps }
}
