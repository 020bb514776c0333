import type { ExplanationSection } from '../../../src-shared/attack'
import type { RollRecord } from '../../../src-shared/dice'
import type { CombatantId } from '../../../src-shared/records'
import { fail, ok } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { AimAt, Everyone, RulesCombatant } from '../ruleset'
import { opponentsOf } from './cx-engagement'
import { grapplePartner } from './cx-grapple'
import type { StrayRisk } from './ranged/stray-shot'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'

/*
 * Whom a stray shot can reach instead of its target. `000` Firing into Melee: "On failure, you
 * hit a randomly chosen character engaged in Melee Combat with your intended target"; `000`
 * Grappling: otherwise "the other" grappler. SR-CX-180: only those the shooter has a line of
 * fire to are drawn among; SR-CX-181: with none, the shot hits no one.
 */

/** One who could be hit, placed as a shot at it would be (its own distance and cover). */
export interface StrayVictim {
  readonly combatant: RulesCombatant
  readonly sheet: CxCombatant
}

export interface StrayPool {
  /** In the order the target's melee lists them: the die's faces read down this list. */
  readonly hittable: readonly StrayVictim[]
  /** Engaged with the target but out of the draw, and why ("a wall stands between them"). */
  readonly passedOver: readonly { readonly name: string; readonly why: string }[]
}

/** How the ruleset turns the shooter on another: the core's placement, else the campaign's list as it stands. */
export function strayAimOf(aimAt: AimAt | undefined, everyone: Everyone | undefined): AimAt | undefined {
  if (aimAt) return aimAt
  if (!everyone) return undefined
  return (id) => {
    const c = everyone().find((x) => x.id === id)
    return c ? ok(c) : fail('combatant/notFound', 'not in this campaign')
  }
}

/** Who is in the tangle with `target`, besides the shooter and the target itself. */
function tangledWith(
  shooter: RulesCombatant,
  target: RulesCombatant,
  risk: Exclude<StrayRisk, 'none'>,
): { id: CombatantId; name: string }[] {
  if (risk === 'grappled') {
    const partner = grapplePartner(target)
    const named = opponentsOf(target).find((o) => o.id === partner)
    return partner && partner !== shooter.id ? [{ id: partner, name: named?.name ?? 'the other grappler' }] : []
  }
  return opponentsOf(target).filter((o) => o.id !== shooter.id && o.id !== target.id)
}

/**
 * Everyone the stray could reach (SR-CX-180): engaged with the target (or its grapple partner),
 * not the shooter, still up, with a Compound X sheet, and with a line of fire from the shooter
 * as `aim` judges it.
 */
export function strayPool(shooter: RulesCombatant, target: RulesCombatant, risk: Exclude<StrayRisk, 'none'>, aim: AimAt): StrayPool {
  const hittable: StrayVictim[] = []
  const passedOver: { name: string; why: string }[] = []
  for (const o of tangledWith(shooter, target, risk)) {
    const placed = aim(o.id)
    if (!placed.ok) {
      passedOver.push({ name: o.name, why: placed.error.message })
      continue
    }
    const c = placed.value
    const sheet = cxSheets.of(c)
    if (c.hp < 1) passedOver.push({ name: c.name, why: `${c.name} is down, out of the melee (000 Melee Combat)` })
    else if (!sheet) passedOver.push({ name: c.name, why: `${c.name} has no Compound X sheet to judge a hit on` })
    else hittable.push({ combatant: c, sheet })
  }
  return { hittable, passedOver }
}

export interface StrayDraw {
  readonly victim: StrayVictim
  /** The die that chose, or null when only one could be hit. */
  readonly roll: RollRecord | null
  /** The log's words: "stray: d3 → 2, Raider 2 is hit". */
  readonly words: string
}

/** `000` Firing into Melee's random character, with the seeded dice: a die with a face per one who can be hit. */
export function drawVictim(pool: StrayPool, dice: Dice): StrayDraw | null {
  const n = pool.hittable.length
  if (n === 0) return null
  if (n === 1) {
    const victim = pool.hittable[0]!
    return { victim, roll: null, words: `stray: only ${victim.combatant.name} can be hit, and is` }
  }
  const roll = dice.roll({ count: 1, sides: n, modifier: 0 }, 'stray shot: who is hit')
  const victim = pool.hittable[Math.min(n, Math.max(1, roll.total)) - 1]!
  return { victim, roll, words: `stray: d${n} → ${roll.total}, ${victim.combatant.name} is hit` }
}

/** The working's section: who could be hit, each's share of the die, and who was passed over and why. */
export function poolSection(pool: StrayPool, drawn: StrayVictim | null): ExplanationSection {
  const n = pool.hittable.length
  return {
    title: 'Whom a stray can hit',
    lines: [
      ...pool.hittable.map((v, i) => ({
        label: `${n > 1 ? `${i + 1}: ` : ''}${v.combatant.name}${drawn && drawn.combatant.id === v.combatant.id ? ' (drawn)' : ''}`,
        value: n > 1 ? `1 in ${n}` : 'the only one',
        source: '000 Firing into Melee, SR-CX-180',
      })),
      ...pool.passedOver.map((p) => ({ label: `${p.name}: cannot be hit`, value: p.why, source: 'SR-CX-180' })),
      ...(n === 0 ? [{ label: 'No one else in the melee can be hit', value: 'the shot is lost', source: 'SR-CX-181' }] : []),
    ],
  }
}
