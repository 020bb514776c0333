import type { RollRecord } from '../../../src-shared/dice'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { DamageTypeDefinition, EdgeEffects, RulesCombatant } from '../ruleset'
import { beatsDc } from './checks/d100-check'
import type { ContentLibrary } from './content/content-library'
import { DAMAGE_TYPES, type DamageType } from './content/pack-schema'
import { afterDamage } from './cx-edges'
import { onHealth } from './melee/apply-melee-hit'
import { SHOCK_THRESHOLD } from './melee/resolve-melee'
import { applyHit, needsCoverageRoll, type IncomingHit } from './protection/apply-hit'
import type { DefenderState } from './protection/defender'
import { defenderOf, withDefender } from './sheet/cx-derived'
import { cxSheets } from './sheet/cx-sheet'

const D100 = { count: 1, sides: 100, modifier: 0 }

/**
 * SR-CX-1: 'untyped' is damage the GM has already put through the protection rules (what
 * reaches health); SR-CX-3: a fall goes straight to health too. Both pass armour and shields.
 */
const DIRECT = ['untyped', 'fall'] as const
type DirectType = (typeof DIRECT)[number]

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The picker's list: straight-to-health first (the default, as a bare number always was), then CX13's types, then a fall. */
export const CX_DAMAGE_TYPES: readonly DamageTypeDefinition[] = [
  { key: 'untyped', label: 'Untyped' },
  ...DAMAGE_TYPES.map((t) => ({ key: t, label: capitalised(t) })),
  { key: 'fall', label: 'Fall' },
]

const isDirect = (t: string): t is DirectType => (DIRECT as readonly string[]).includes(t)
const isWeaponType = (t: string): t is DamageType => (DAMAGE_TYPES as readonly string[]).includes(t)

interface Through {
  readonly defender: DefenderState
  readonly toHealth: number
  readonly notes: readonly string[]
}

/**
 * SR-CX-2: hand-typed damage of a weapon type is the damage as it arrives, before protection,
 * and goes through shield, armour and body as an attack's does (CX11–CX13). It names no weapon,
 * so it is taken to pierce the armour it strikes (APL equal to the armour's): the armour points
 * drain first and the rest reaches health; a GM whose armour blocked the hit types nothing.
 */
function throughProtection(amount: number, type: DamageType, before: DefenderState, roll: (purpose: string) => number): Through {
  const hit: IncomingHit = {
    amount,
    type,
    apl: before.armour ? before.armour.apl : null,
    alwaysHitsArmour: false,
    // CX13: one stack of plasma burn when plasma reaches the body (a weapon may say more; this names none).
    plasmaBurnStacks: 1,
  }
  const coverage = needsCoverageRoll(hit, before) ? roll('armour') : null
  const r = applyHit(hit, before, coverage)
  return { defender: r.defender, toHealth: r.toHealth, notes: r.notes }
}

/**
 * Compound X damage the GM types by hand: through protection by its type (SR-CX-1…3), then a
 * Shock save for more than 70 on health (CX15, SR-CX-4) and the downing with its death-save
 * track (CX27), by the same `afterDamage` an attack's damage goes through.
 */
export function applyCxDamage(rc: RulesCombatant, amount: number, type: string, library: ContentLibrary, dice: Dice): Result<EdgeEffects> {
  if (!isDirect(type) && !isWeaponType(type)) return fail('damage/unknownType', `Compound X has no damage type "${type}".`)
  const c = cxSheets.of(rc)
  // Without a sheet there is no protection nor dying record: plain damage, as the core would do it.
  if (!c) return ok({ rules: null, hp: rc.hp - amount, lines: [], rolls: [] })
  const rolls: RollRecord[] = []
  const roll = (purpose: string) => {
    const r = dice.roll(D100, purpose)
    rolls.push(r)
    return r.total
  }
  const before = defenderOf(c, rc.hp, library)
  const through: Through = isDirect(type)
    ? {
        // SR-CX-103: a fall or damage already past protection is no hit on an EVA suit.
        defender: onHealth({ ...before, suit: null }, amount),
        toHealth: amount,
        notes: [type === 'fall' ? 'a fall: straight to health (SR-CX-3)' : 'straight to health (SR-CX-1)'],
      }
    : throughProtection(amount, type, before, roll)
  const lines = [...through.notes]
  let knockedOut = false
  // SR-CX-4: the typed amount is one hit (CX15); only a combatant still up has a knockout to lose.
  if (through.toHealth > SHOCK_THRESHOLD && c.live.dying.condition.kind === 'up') {
    const face = roll('shock save')
    const total = face + before.shockSave
    knockedOut = !beatsDc(total, through.toHealth)
    lines.push(
      `Shock save d100 ${face} + ${before.shockSave} = ${total} vs ${through.toHealth}: ${knockedOut ? 'fails' : 'stays up'} (CX15)`,
    )
  }
  const damaged = afterDamage(withDefender(c, through.defender), rc.hp, through.defender.health, knockedOut)
  lines.push(...damaged.notes)
  const after = damaged.combatant.live.dying.condition
  if (knockedOut && after.kind === 'unconscious') lines.push(`${rc.name} is knocked out (CX15)`)
  return ok({ rules: cxSheets.store(damaged.combatant), hp: through.defender.health, lines, rolls })
}
