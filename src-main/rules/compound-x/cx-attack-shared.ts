import type { AttackPreview, AttackRequest } from '../../../src-shared/attack'
import { optionBool, optionNumber } from '../kit/options'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import type { MeleeWeapon, RangedWeapon, ThrownWeapon } from './content/pack-schema'
import type { FireMode } from './ranged/ranged-setup'
import type { ThrownOdds } from './ranged/resolve-thrown'
import { cxSheets, type CarriedWeapon, type CxCombatant } from './sheet/cx-sheet'

/** The attack request option that marks an opportunity attack (`000` Opportunity Attack), set by its prompt. */
export const OPPORTUNITY = 'opportunity'
export const isOpportunity = (o: AttackRequest['options']): boolean => optionBool(o, OPPORTUNITY) === true

/** `000` Melee Combat: "melee range (1m)", measured base to base on the map (SR-CX-111, `cx-reach.ts`). */
export const MELEE_RANGE = 1

/**
 * The metres a ranged request shoots across. The ruleset's entry points have already set it to
 * the distance judged (`cx-reach.ts` `withJudgedDistance`, SR-CX-113); a direct caller (a prompt's
 * odds) falls back to melee range for an opportunity attack, else the panel's 10 m.
 */
export const shotDistance = (o: AttackRequest['options']): number =>
  Math.max(0, optionNumber(o, 'distance') ?? (isOpportunity(o) ? MELEE_RANGE : 10))

export const modesOf = (w: RangedWeapon): FireMode[] => [
  ...(w.semi ? ['semi' as const] : []),
  ...(w.burst ? ['burst' as const] : []),
  ...(w.auto ? ['auto' as const] : []),
]

export const UNARMED_ID = 'unarmed-strike'

/** What the attacker swings, fires or throws: a carried item, the Unarmed Strike everyone has, or a carried thrown weapon. */
export type Armament =
  | { readonly kind: 'ranged'; readonly carried: CarriedWeapon; readonly item: RangedWeapon }
  | { readonly kind: 'melee'; readonly carried: CarriedWeapon | null; readonly item: MeleeWeapon }
  /** SR-CX-50: a line of the sheet's `thrown` list (its index and how many are left). */
  | { readonly kind: 'thrown'; readonly line: number; readonly count: number; readonly item: ThrownWeapon }

export interface Sides {
  readonly attacker: CxCombatant
  readonly target: CxCombatant
  readonly armament: Armament
  readonly weaponList: AttackPreview['weapons']
}

/** Both sheets, the chosen armament, and every armament the attacker could choose. */
export function sidesOf(request: AttackRequest, a: RulesCombatant, t: RulesCombatant, library: ContentLibrary): Result<Sides> {
  const sheets = cxSheets.requireBoth(a, t, 'attack/noSheet')
  if (!sheets.ok) return sheets
  const { a: attacker, b: target } = sheets.value
  const armaments: (Armament | null)[] = attacker.weapons.map((carried) => {
    if (carried.kind === 'ranged') {
      const item = library.get('ranged-weapons', carried.itemId)
      return item ? { kind: 'ranged', carried, item } : null
    }
    const item = library.get('melee-weapons', carried.itemId)
    return item ? { kind: 'melee', carried, item } : null
  })
  const unarmed = library.get('melee-weapons', UNARMED_ID)
  if (unarmed) armaments.push({ kind: 'melee', carried: null, item: unarmed })
  // After the weapon slots and bare hands, so the slots keep their numbers (SR-CX-50).
  attacker.thrown.forEach((line, i) => {
    const item = library.get('thrown-weapons', line.itemId)
    armaments.push(item?.kind === 'thrown' ? { kind: 'thrown', line: i, count: line.count, item } : null)
  })
  const weaponList = armaments.flatMap((arm, index) => (arm ? [listed(arm, index)] : []))
  const armament = armaments[request.weapon]
  if (!armament) return fail('attack/noWeapon', `${a.name} has no weapon in slot ${request.weapon + 1}.`)
  return ok({ attacker, target, armament, weaponList })
}

/** A preview that cannot go ahead: the options still show, with the reason and the working so far. */
export function blockedPreview(
  base: Pick<AttackPreview, 'weapons' | 'options' | 'cost'>,
  explanation: AttackPreview['explanation'],
  reason: string | null,
): AttackPreview {
  return { ...base, outcomes: [], risks: [], expectedDamage: 0, downChance: 0, damage: [], explanation, blocked: reason, diceHint: '' }
}

/** How the Attack panel lists an armament: its name and modes. */
function listed(arm: Armament, index: number): AttackPreview['weapons'][number] {
  if (arm.kind === 'thrown') return { index, name: `${arm.item.name} (thrown, ${arm.count} left)`, modes: ['throw'] }
  return { index, name: arm.item.name, modes: arm.kind === 'ranged' ? modesOf(arm.item) : meleeModes(arm.item) }
}

export const meleeModes = (w: MeleeWeapon): string[] => (w.hybrid ? ['one-handed', 'two-handed'] : ['strike'])

/**
 * The preview's numbers for an attack that lands past armour the melee way (a strike, a throw):
 * miss, hit and the two criticals (CX10), the risks named by the caller, and the health damage.
 */
export function landedHitPreview(
  odds: ThrownOdds,
  risks: { readonly pastArmour: string; readonly knockedOut: string },
): Pick<AttackPreview, 'outcomes' | 'risks' | 'expectedDamage' | 'downChance' | 'damage'> {
  return {
    outcomes: [
      { label: 'Miss', probability: 1 - odds.hit },
      { label: 'Hit', probability: odds.hit - odds.critical - odds.extraCritical },
      { label: 'Critical (+20)', probability: odds.critical },
      { label: 'Extra-critical (+30)', probability: odds.extraCritical },
    ],
    risks: [
      { label: risks.pastArmour, probability: odds.ignoresArmour },
      { label: risks.knockedOut, probability: odds.unconscious },
    ],
    expectedDamage: odds.expectedHealthDamage,
    downChance: odds.down,
    damage: odds.healthDamage.map(([amount, probability]) => ({ amount, probability })),
  }
}
