import { bothPlaced } from './cx-reach'
import type { AttackPreview, AttackRequest, ExplanationSection, FormField } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import { note } from '../kit/modifier'
import { optionBool } from '../kit/options'
import type { AttackResolution, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { blockedPreview, landedHitPreview, shotDistance, type Armament, type Sides } from './cx-attack-shared'
import { priced } from './cx-costs'
import { afterDamage } from './cx-edges'
import { persistentDamageRemoval } from './dying/persistent-damage'
import { explainSteps } from './explain'
import { stealthDoubling } from './melee/stealth-attack'
import { resolveThrown, thrownOdds, type ThrownSetup } from './ranged/resolve-thrown'
import { thrownWeaponMissChance } from './ranged/throw-accuracy'
import { thrownBrackets } from './ranged/throw-profile'
import { requirementProblem, thrownDamage, thrownProficient } from './ranged/thrown-weapon'
import { defenderOf, withDefender } from './sheet/cx-derived'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'

/** `000` Thrown Weapons: a knife or axe thrown at one target from the Attack panel (issue 14, CX1). */

export type Thrown = Extract<Armament, { kind: 'thrown' }>

/** SR-CX-50: a throw is one action, as a grenade's is (SR-CX-25); taking it from the belt is part of it. */
const THROW_WEAPON = priced({ kind: 'other', label: 'throw a weapon', actions: 1 })

interface Prepared {
  readonly setup: ThrownSetup | null
  readonly problem: string | null
  readonly options: FormField[]
  readonly notes: ExplanationSection
}

/** `onMap`: both stand on the map, which gives the distance; none is asked then (SR-CX-113). */
function prepare(request: AttackRequest, sides: Sides, arm: Thrown, library: ContentLibrary, onMap: boolean): Prepared {
  const { attacker } = sides
  const { item } = arm
  const stealth = optionBool(request.options, 'stealth') ?? false
  const distance = shotDistance(request.options)
  const options: FormField[] = [
    ...(onMap
      ? []
      : [{ key: 'distance', label: 'Distance', kind: 'number', value: distance, unit: 'm', min: 0, max: 2000 } satisfies FormField]),
    { key: 'stealth', label: 'Stealth attack (unseen, SR-CX-52)', kind: 'toggle', value: stealth },
  ]
  const cls = attacker.classId ? library.get('classes', attacker.classId) : undefined
  const proficient = thrownProficient(item, cls?.meleeProficiencies ?? [])
  const doubling = stealthDoubling(attacker, stealth, true)
  const notes: ExplanationSection = {
    title: 'Throw',
    lines: [
      note(`${item.size ?? 'light'} size: ${proficient ? 'proficient' : 'not proficient (no effect on a throw)'}`, '', 'SR-CX-56'),
      note(`leaves the hand: ${arm.count} → ${Math.max(0, arm.count - 1)} left`, '', 'SR-CX-50'),
      ...(stealth && !doubling ? [note('stealth: no doubling below Weapons - Melee 10', '', '001 Stealth Attacks')] : []),
    ],
  }
  const chance = thrownWeaponMissChance({
    brackets: thrownBrackets(item),
    stats: attacker.stats,
    accuracyModifier: item.accuracyModifier ?? 0,
    distance,
  })
  const problem =
    arm.count === 0
      ? `No ${item.name} left to throw (SR-CX-50).`
      : (requirementProblem(item, attacker.stats, attacker.skills) ?? (chance.canHit ? null : chance.reason))
  if (!chance.canHit) return { setup: null, problem, options, notes }
  const setup: ThrownSetup = {
    missChance: chance.step,
    damage: thrownDamage(item, attacker.stats, attacker.feats, doubling),
    luck: attacker.stats.luck,
    // CX30 Black Cat 3–4 (SR-CX-86): no critical hits this encounter, thrown ones included.
    criticalsBlocked: attacker.live.blackCat.noCriticals,
    type: item.damage.type,
    apl: item.apl ?? 0,
    plasmaBurnStacks: item.damage.effects?.find((e) => e.kind === 'plasma-burn')?.stacks ?? 1,
  }
  return { setup, problem, options, notes }
}

export function previewThrown(
  request: AttackRequest,
  sides: Sides,
  arm: Thrown,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
): AttackPreview {
  const { setup, problem, options, notes } = prepare(request, sides, arm, library, bothPlaced(a, t))
  const base = { weapons: sides.weaponList, options, cost: THROW_WEAPON.text }
  const explanation = [...explainSteps(setup ? [setup.missChance, setup.damage] : []), notes]
  if (!setup || problem) return blockedPreview(base, explanation, problem)
  const odds = thrownOdds(setup, defenderOf(sides.target, t.hp, library))
  return {
    ...base,
    ...landedHitPreview(odds, {
      pastArmour: 'Past armour (critical or 3+ over the miss chance, 000 Thrown Weapons)',
      knockedOut: 'Knocked out (CX15)',
    }),
    explanation,
    blocked: null,
    diceHint: 'd10 accuracy, d10 critical in the Luck band, d100 armour on a hit; d100 Shock save over 70 damage',
    headline: `${shotDistance(request.options)} m · misses on 1–${Math.max(0, setup.missChance.total)}`,
  }
}

/** SR-CX-50: the sheet with one of that line thrown. */
const spendOne = (c: CxCombatant, line: number): CxCombatant => ({
  ...c,
  thrown: c.thrown.map((l, i) => (i === line ? { ...l, count: l.count - 1 } : l)),
})

export function resolveThrownAttack(
  request: AttackRequest,
  sides: Sides,
  arm: Thrown,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
  dice: Dice,
): Result<AttackResolution> {
  const { setup, problem, notes } = prepare(request, sides, arm, library, bothPlaced(a, t))
  if (arm.count === 0) return fail('attack/noneLeft', problem ?? `No ${arm.item.name} left.`)
  if (!setup || problem) return fail('attack/impossible', problem ?? 'The throw cannot be made.')
  const r = resolveThrown(setup, defenderOf(sides.target, t.hp, library), dice)
  const toHealth = r.hitResult?.toHealth ?? 0
  const extra: string[] = []
  if (r.hit && r.armourIgnored) extra.push('past the armour (000 Thrown Weapons)')
  if (r.unconscious) extra.push(`${t.name} is knocked out`)
  if (r.defender.health < 1 && t.hp >= 1) extra.push(`${t.name} is downed (CX27)`)
  const outcome = r.hit ? `${r.critical === 'normal' ? 'hit' : r.critical}, ${toHealth} damage to health` : 'miss'
  const summary = `${a.name} throws the ${arm.item.name} at ${t.name}: ${outcome} (d10 ${r.natural} vs miss chance ${setup.missChance.total})${extra.length ? `; ${extra.join('; ')}` : ''}; ${arm.count - 1} left (SR-CX-50)`
  const damaged = afterDamage(withDefender(sides.target, r.defender), t.hp, r.defender.health, r.unconscious)
  return ok({
    attackerRules: cxSheets.store(spendOne(sides.attacker, arm.line)),
    targetRules: cxSheets.store(damaged.combatant),
    targetHp: r.defender.health,
    summary,
    detail: [...explainSteps(r.steps), notes],
    rolls: r.rolls,
    cost: THROW_WEAPON.cost,
    ...(damaged.persistentDamageFallsOff ? { conditions: [persistentDamageRemoval(t.id)] } : {}),
  })
}
