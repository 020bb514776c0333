import type { FormField, AttackPreview, AttackRequest, ExplanationSection } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { AttackResolution, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import type { MeleeWeapon } from './content/pack-schema'
import { blockedPreview, isOpportunity, landedHitPreview, OPPORTUNITY, type Armament, type Sides } from './cx-attack-shared'
import { optionBool } from '../kit/options'
import { persistentDamageRemoval } from './dying/persistent-damage'
import { explainSteps } from './explain'
import { guardWeaponOfGun, type GuardWeapon } from './melee/guard-weapon'
import { meleeOdds } from './melee/melee-odds'
import type { MeleeSetup, MeleeStrikeWith } from './melee/melee-setup'
import { resolveMelee } from './melee/resolve-melee'
import { stealthDoubling } from './melee/stealth-attack'
import { afterDamage } from './cx-edges'
import { priced } from './cx-costs'
import { drawnWeapon } from './cx-draw'
import { defenderOf, withDefender } from './sheet/cx-derived'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { applyCxDamage } from './cx-damage'
import { FLAW_SOURCE, meleeRecoil } from './stats/stat-flaws'
import type { JsonValue } from '../../../src-shared/json'
import type { RollRecord } from '../../../src-shared/dice'

type Melee = Extract<Armament, { kind: 'melee' }>

/**
 * The `000` list does not price a melee strike; we take it at 1 action, like the firing of a
 * semi-automatic gun, and `000` Grappling's "each effort takes one Action" agrees.
 */
const MELEE_STRIKE = priced({ kind: 'other', label: 'melee strike', actions: 1 })

/** Proficiency comes from the class's melee sizes (`000` Melee Weapons). */
function proficient(c: CxCombatant, weapon: MeleeWeapon, library: ContentLibrary): boolean {
  const cls = c.classId ? library.get('classes', c.classId) : undefined
  return cls?.meleeProficiencies.includes(weapon.size) ?? false
}

/** What the defender guards with: the weapon in its hand, or bare hands (`000` Guard table). */
function guardWeaponOf(c: CxCombatant, library: ContentLibrary): GuardWeapon {
  const first = drawnWeapon(c)?.carried
  if (!first) return { kind: 'unarmed' }
  if (first.kind === 'ranged') {
    const gun = library.get('ranged-weapons', first.itemId)
    return gun ? guardWeaponOfGun(gun) : { kind: 'unarmed' }
  }
  const weapon = library.get('melee-weapons', first.itemId)
  return weapon ? { kind: 'melee', weapon, proficient: proficient(c, weapon, library) } : { kind: 'unarmed' }
}

function prepare(request: AttackRequest, sides: Sides, arm: Melee, library: ContentLibrary): { setup: MeleeSetup; options: FormField[] } {
  const { attacker, target } = sides
  const o = request.options
  const flanking = optionBool(o, 'flanking') ?? false
  const stealth = optionBool(o, 'stealth') ?? false
  const nonlethal = optionBool(o, 'nonlethal') ?? false
  const prone = optionBool(o, 'targetProne') ?? target.live.stance === 'prone'
  const strikeWith: MeleeStrikeWith = arm.carried
    ? {
        kind: 'weapon',
        weapon: arm.item,
        proficient: proficient(attacker, arm.item, library),
        twoHandedGrip: request.mode === 'two-handed',
      }
    : { kind: 'unarmed', strike: arm.item }
  const setup: MeleeSetup = {
    attacker: {
      stats: attacker.stats,
      strikeWith,
      flanking,
      stealth,
      // `001` Stealth Attacks: a weapon (not bare hands) at Weapons - Melee ≥ 10 doubles its base (SR-CX-53).
      stealthDoubling: stealthDoubling(attacker, stealth, arm.carried !== null),
      nonlethal,
      otherModifiers: [],
      criticalsBlocked: attacker.live.blackCat.noCriticals,
    },
    target: { stats: target.stats, guardWeapon: guardWeaponOf(target, library), prone },
  }
  const options: FormField[] = [
    { key: 'flanking', label: 'Flanking (+2)', kind: 'toggle', value: flanking },
    { key: 'stealth', label: 'Stealth attack (unseen: Guard 0, SR-CX-52)', kind: 'toggle', value: stealth },
    { key: 'nonlethal', label: 'Nonlethal (−2)', kind: 'toggle', value: nonlethal },
    { key: 'targetProne', label: 'Target prone (−2 Guard)', kind: 'toggle', value: prone },
    ...(isOpportunity(o) ? [{ key: OPPORTUNITY, label: 'Opportunity attack (000)', kind: 'toggle', value: true } satisfies FormField] : []),
  ]
  return { setup, options }
}

export function previewMelee(request: AttackRequest, sides: Sides, arm: Melee, t: RulesCombatant, library: ContentLibrary): AttackPreview {
  const { setup, options } = prepare(request, sides, arm, library)
  const base = { weapons: sides.weaponList, options, cost: MELEE_STRIKE.text }
  const odds = meleeOdds(setup, defenderOf(sides.target, t.hp, library))
  if (odds.kind === 'impossible') return blockedPreview(base, explainSteps(odds.steps), odds.reason)
  return {
    ...base,
    ...landedHitPreview(odds, { pastArmour: 'Past armour (3+ over Guard, CX16)', knockedOut: 'Knocked out (CX15 / nonlethal)' }),
    explanation: [...explainSteps(odds.steps), ...recoilNote(sides.attacker)],
    blocked: null,
    diceHint:
      'd10 accuracy, d10 Guard (not on a stealth attack), d10 critical in the Luck band, d100 armour on a hit; d100 Shock save over 70 damage',
  }
}

export function resolveMeleeAttack(
  request: AttackRequest,
  sides: Sides,
  arm: Melee,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
  dice: Dice,
): Result<AttackResolution> {
  const { setup } = prepare(request, sides, arm, library)
  const r = resolveMelee(setup, defenderOf(sides.target, t.hp, library), dice)
  if (r.kind === 'impossible') return fail('attack/impossible', r.reason)
  const hit = r.quality !== 'miss'
  const notes: string[] = []
  if (r.armourIgnored && hit) notes.push('past the armour (CX16)')
  if (r.unconscious) notes.push(`${t.name} is knocked out`)
  if (r.defender.health < 1 && t.hp >= 1) notes.push(`${t.name} is downed (CX27)`)
  const toHealth = r.hitResult?.toHealth ?? 0
  const verb = isOpportunity(request.options) ? 'makes an opportunity attack (000) on' : 'strikes'
  const summary = `${a.name} ${verb} ${t.name} with the ${arm.item.name}: ${hit ? `${r.critical === 'normal' ? 'hit' : r.critical}, ${toHealth} damage to health` : 'miss'} (accuracy ${r.accuracy.total} vs Guard ${r.guard.total})${notes.length ? `; ${notes.join('; ')}` : ''}`
  const damaged = afterDamage(withDefender(sides.target, r.defender), t.hp, r.defender.health, r.unconscious)
  const recoil = frailRecoil(a, sides.attacker, t.hp - r.defender.health, library, dice)
  if (!recoil.ok) return recoil
  const back = recoil.value
  return ok({
    attackerRules: back ? back.rules : null,
    ...(back ? { attackerHp: back.hp } : {}),
    targetRules: cxSheets.store(damaged.combatant),
    targetHp: r.defender.health,
    summary: back ? `${summary}; ${back.line}` : summary,
    detail: explainSteps(r.steps),
    rolls: [...r.rolls, ...(back?.rolls ?? [])],
    cost: MELEE_STRIKE.cost,
    // `000` Stabilize: the downed target's bleeds and burns fall off (SR-CX-10).
    ...(damaged.persistentDamageFallsOff ? { conditions: [persistentDamageRemoval(t.id)] } : {}),
  })
}

/** The odds say before the roll that a FORT 1 striker pays for its blow (SR-CX-174). */
function recoilNote(attacker: CxCombatant): ExplanationSection[] {
  if (meleeRecoil(attacker.stats, 2) === 0) return []
  const line = { label: 'FORT 1: half the health dealt comes back on the striker', value: '½', source: `${FLAW_SOURCE}, SR-CX-174` }
  return [{ title: 'FORT 1', lines: [line] }]
}

/**
 * `001` FORT 1: "when you deal melee damage, you inflict half of the damage on yourself". SR-CX-174:
 * half the health the target lost, rounded down, put on the striker through the ruleset's own
 * damage path as untyped damage (straight to health, its Shock save and downing as any damage's).
 */
function frailRecoil(
  a: RulesCombatant,
  sheet: CxCombatant,
  dealt: number,
  library: ContentLibrary,
  dice: Dice,
): Result<{ rules: JsonValue | null; hp: number; line: string; rolls: readonly RollRecord[] } | null> {
  const amount = meleeRecoil(sheet.stats, dealt)
  if (amount <= 0) return ok(null)
  const hurt = applyCxDamage({ ...a, rules: cxSheets.store(sheet) }, amount, 'untyped', library, dice)
  if (!hurt.ok) return hurt
  const after = hurt.value.lines.filter((l) => !l.startsWith('straight to health'))
  const line = `FORT 1: ${a.name} takes ${amount} of it (${FLAW_SOURCE}, SR-CX-174)${after.length ? `, ${after.join('; ')}` : ''}`
  return ok({ rules: hurt.value.rules, hp: hurt.value.hp, line, rolls: hurt.value.rolls })
}
