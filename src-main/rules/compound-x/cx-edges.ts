import { HOLD_IDS } from './cx-subdue'
import { BLACK_CAT_FEAR } from './cx-fear'
import type { RollRecord } from '../../../src-shared/dice'
import type { Dice } from '../dice'
import type { ConditionInstance } from '../../../src-shared/records'
import type { EdgeEffects, PoolCost, RulesCombatant } from '../ruleset'
import { ACTIONS_POOL } from './cx-costs'
import { CX_CONDITIONS } from './cx-conditions'
import { fearOfEnemies } from './cx-fear'
import { ENGAGED } from './cx-engagement'
import { cloakAtEncounterEnd } from './cx-cloak-edges'
import { GRAPPLED, PINNED } from './cx-grapple'
import type { ContentLibrary } from './content/content-library'
import { blackCatMarks, rollBlackCat } from './dying/black-cat'
import { rollDeathSave } from './dying/death-save'
import { isDowned, onDowned, onEncounterEnd } from './dying/dying-state'
import { PERSISTENT_DAMAGE, withoutPersistentDamage } from './dying/persistent-damage'
import { isShockUnconscious, onShockFailed, shockWakeAtTurnStart } from './dying/shock-wake'
import { armourSummary, cxNaniteMaximum, shieldOf } from './sheet/cx-derived'
import { cxSheets, type CxCombatant, type CxLive } from './sheet/cx-sheet'
import { shockSave } from './stats/derived-stats'
import { regenerateNanites } from './turns/nanites'
import { ACTIONS_PER_TURN } from './turns/action-costs'
import { afterActions, NO_SPRINT } from './turns/turn-budget'
import { carryAtTurnStart, isUp } from './cx-turn-carry'
import { reloadAtEncounterEnd } from './cx-reload'

const effects = (c: CxCombatant, hp: number, lines: string[], rolls: RollRecord[]): EdgeEffects => ({
  rules: cxSheets.store(c),
  hp,
  lines,
  rolls,
})

/** CX14: a broken shield counts down and restarts at its recharge rate; a working one recharges. */
function shieldAtTurnStart(live: CxLive, c: CxCombatant, library: ContentLibrary, lines: string[]): CxLive {
  const shield = shieldOf(c, library)
  if (!shield) return live
  if (live.shieldDownTurns !== null) {
    if (live.shieldDownTurns <= 1) {
      const strength = Math.min(shield.strength, shield.rechargePerTurn)
      lines.push(`shield restarts at ${strength} (CX14)`)
      return { ...live, shieldDownTurns: null, shieldStrength: strength }
    }
    lines.push(`shield still down, ${live.shieldDownTurns - 1} more turn(s) (CX14)`)
    return { ...live, shieldDownTurns: live.shieldDownTurns - 1 }
  }
  if (live.shieldStrength > 0 && live.shieldStrength < shield.strength) {
    const strength = Math.min(shield.strength, live.shieldStrength + shield.rechargePerTurn)
    lines.push(`shield recharges ${live.shieldStrength} → ${strength} (CX14)`)
    return { ...live, shieldStrength: strength }
  }
  return live
}

/**
 * The start of a Compound X combatant's own turn: a downed one rolls its death save (CX27)
 * and a knocked-out one its wake roll (CX15); plasma burn and the damaging conditions tick
 * (01_05), a dive to the dirt takes its action (CX21); everyone's armour points refill (CX12),
 * shields recharge or count down (CX14) and nanites regenerate (CX22).
 */
export function cxStartOfTurn(rc: RulesCombatant, dice: Dice, library: ContentLibrary): EdgeEffects | null {
  const c = cxSheets.of(rc)
  if (!c) return null
  const lines: string[] = []
  const rolls: RollRecord[] = []
  let live = c.live
  const dying = live.dying
  if (dying.condition.kind === 'dead') return null
  if (isDowned(dying)) {
    const save = rollDeathSave(dying, dice)
    rolls.push(...save.rolls)
    lines.push(...save.notes)
    live = { ...live, dying: save.record }
  } else if (isShockUnconscious(dying)) {
    const wake = shockWakeAtTurnStart(dying, shockSave(c.stats), dice)
    rolls.push(...wake.rolls)
    lines.push(...wake.notes)
    live = { ...live, dying: wake.record }
  }
  let hp = rc.hp
  let fellOff = false
  if (live.plasmaBurn > 0 && live.plasmaBurnTurns > 0) {
    // 01_05 Plasma Burn: d10 + 1 per stack, each turn, for 2 turns; it goes straight to health.
    const burn = dice.roll({ count: live.plasmaBurn, sides: 10, modifier: live.plasmaBurn }, 'plasma burn')
    rolls.push(burn)
    const after = hp >= 1 && hp - burn.total < 1 ? 0 : hp - burn.total
    lines.push(`plasma burn ×${live.plasmaBurn}: ${burn.total} damage (CX13)`)
    const downed = afterDamage({ ...c, live }, hp, after, false)
    lines.push(...downed.notes)
    hp = after
    const turns = live.plasmaBurnTurns - 1
    live = downed.persistentDamageFallsOff
      ? downed.combatant.live
      : { ...downed.combatant.live, plasmaBurnTurns: turns, plasmaBurn: turns > 0 ? live.plasmaBurn : 0 }
    fellOff ||= downed.persistentDamageFallsOff
  }
  for (const condition of rc.conditions) {
    // `000` Stabilize: a bleed or burn that fell off with a downing this turn does not tick.
    if (fellOff && PERSISTENT_DAMAGE.includes(condition.conditionId)) continue
    const tick = conditionTick(condition, dice)
    if (!tick) continue
    rolls.push(tick.roll)
    const after = hp >= 1 && hp - tick.damage < 1 ? 0 : hp - tick.damage
    lines.push(`${condition.conditionId}${condition.stacks > 1 ? ` ×${condition.stacks}` : ''}: ${tick.damage} damage (${tick.rule})`)
    const downed = afterDamage({ ...c, live }, hp, after, false)
    lines.push(...downed.notes)
    live = downed.combatant.live
    hp = after
    fellOff ||= downed.persistentDamageFallsOff
  }
  // `000` Grappling: the one action of the round is counted afresh each own turn (SR-CX-14).
  if (live.grappleActionsUsed > 0) live = { ...live, grappleActionsUsed: 0 }
  // SR-CX-83: Will to Survive is once per turn, counted from the holder's own turn start.
  if (live.willToSurvive.sinceTurnStart) live = { ...live, willToSurvive: { ...live.willToSurvive, sinceTurnStart: false } }
  let lost = 0
  if (live.loseFirstAction) {
    lost += 1
    lines.push('the first action goes to hitting the dirt (CX21)')
    live = { ...live, loseFirstAction: false }
  }
  if (live.blackCat.actionsLost > 0) {
    // SR-CX-87: Black Cat 5–6 takes three actions of the first turn, at its start.
    lines.push(`Black Cat: ${live.blackCat.actionsLost} actions of the first turn lost to the stumble (CX30)`)
    lost += live.blackCat.actionsLost
    live = { ...live, blackCat: { ...live.blackCat, actionsLost: 0 } }
  }
  const spend: PoolCost[] = []
  if (lost > 0) {
    const n = Math.min(ACTIONS_PER_TURN, lost)
    spend.push({ pool: ACTIONS_POOL, amount: n })
    // A lost action is one of the combatant's actions: it breaks a sprint streak and ages the window (SR-CX-31).
    live = { ...live, sprint: afterActions(live.sprint, n, false) }
  }
  let conditions = rc.conditions
  if (live.blackCat.fear) {
    // SR-CX-87: Black Cat 7–8's failed nerve: Fear of its enemies, on from its first turn.
    lines.push("Black Cat: 'Fear' of its enemies takes hold (CX30, 01_05 Fear)")
    conditions = fearOfEnemies(conditions)
    live = { ...live, blackCat: { ...live.blackCat, fear: false } }
  }
  // SR-CX-74: a reload that ran past the last turn takes its owed actions first; SR-CX-73: the aim shift lapses.
  const carried = carryAtTurnStart({ ...c, live }, spend, isUp(live), library, lines)
  live = carried.live
  const weapons = carried.weapons
  const armour = armourSummary(c, library)
  if (armour && live.armourPoints < armour.strength) {
    lines.push(`armour points refill ${live.armourPoints} → ${armour.strength} (CX12)`)
    live = { ...live, armourPoints: armour.strength }
  }
  live = shieldAtTurnStart(live, c, library, lines)
  const naniteMax = cxNaniteMaximum(c, library)
  if (naniteMax !== null) {
    const regen = regenerateNanites(live.nanites, naniteMax)
    if (regen.gained) {
      lines.push(`nanites +${regen.gained} → ${regen.nanites} (CX22)`)
      live = { ...live, nanites: regen.nanites }
    }
  }
  if (!lines.length && live === c.live && weapons === c.weapons) return null
  const out = effects({ ...c, weapons, live }, hp, lines, rolls)
  const after = fellOff ? withoutPersistentDamage(conditions) : conditions
  const withConditions = after !== rc.conditions ? { ...out, conditions: after } : out
  return spend.length ? { ...withConditions, spend } : withConditions
}

/**
 * 01_05 Conditions: the health a damaging condition takes at the start of its bearer's turn.
 * It goes straight to health (a wound, a fire, a poison in the body: armour and shields do not
 * stand in the way). Bleeding rolls per stack; the others do not stack.
 */
export function conditionTick(condition: ConditionInstance, dice: Dice): { damage: number; roll: RollRecord; rule: string } | null {
  const name = CX_CONDITIONS.find((d) => d.id === condition.conditionId)?.label ?? condition.label
  const rule = `01_05 ${name}`
  switch (condition.conditionId) {
    case 'bleeding': {
      const stacks = Math.max(1, condition.stacks)
      const roll = dice.roll({ count: stacks, sides: 10, modifier: 0 }, 'bleeding: floor(d10 / 2) + 1 per stack')
      return { damage: roll.faces.reduce((t, f) => t + Math.floor(f / 2) + 1, 0), roll, rule: `${rule}: floor(d10 / 2) + 1 per stack` }
    }
    case 'burning': {
      const roll = dice.roll({ count: 2, sides: 10, modifier: 0 }, 'burning')
      return { damage: roll.total, roll, rule: `${rule}: 2d10` }
    }
    case 'frozen': {
      const roll = dice.roll({ count: 1, sides: 10, modifier: 0 }, 'frozen')
      return { damage: roll.total, roll, rule: `${rule}: d10` }
    }
    case 'necrosis': {
      const roll = dice.roll({ count: 2, sides: 10, modifier: 5 }, 'necrosis')
      return { damage: roll.total, roll, rule: `${rule}: 2d10 + 5` }
    }
    case 'poisoned': {
      const roll = dice.roll({ count: 1, sides: 10, modifier: 0 }, 'poisoned')
      return { damage: roll.total, roll, rule: `${rule}: d10` }
    }
    default:
      return null
  }
}

/**
 * CX30: a Luck-1 combatant rolls on the Black Cat table when the encounter starts, and what the
 * result leaves for the fight is marked on the sheet (SR-CX-86, SR-CX-87). Will to Survive's
 * uses are counted afresh (SR-CX-83).
 */
export function cxStartOfEncounter(rc: RulesCombatant, dice: Dice): EdgeEffects | null {
  const sheet = cxSheets.of(rc)
  if (!sheet) return null
  const wts = sheet.live.willToSurvive
  const fresh = wts.used > 0 || wts.sinceTurnStart
  const reset = fresh ? { ...sheet, live: { ...sheet.live, willToSurvive: { used: 0, sinceTurnStart: false } } } : sheet
  const cat = rollBlackCat(reset.stats, dice)
  if (!cat) return fresh ? effects(reset, rc.hp, [], []) : null
  const c = { ...reset, live: { ...reset.live, blackCat: blackCatMarks(cat.effect) } }
  const lines = [`Black Cat d10 ${cat.roll}: ${cat.summary} (CX30)`]
  if (cat.effect.kind === 'stumbled') {
    // Self-inflicted: internal damage, past armour and shields (CX13).
    const hp = rc.hp >= 1 && rc.hp - cat.effect.damage < 1 ? 0 : rc.hp - cat.effect.damage
    const after = afterDamage(c, rc.hp, hp, false)
    const out = effects(after.combatant, hp, [...lines, ...after.notes], [...cat.rolls])
    return after.persistentDamageFallsOff ? { ...out, conditions: withoutPersistentDamage(rc.conditions) } : out
  }
  if (cat.effect.kind === 'weapon-broken' && c.weapons[0]) {
    // Out of action until a DC 60 repair: it behaves as jammed until the GM clears it.
    const weapons = c.weapons.map((w, i) => (i === 0 ? { ...w, jammed: true } : w))
    return effects({ ...c, weapons }, rc.hp, lines, [...cat.rolls])
  }
  return effects(c, rc.hp, lines, [...cat.rolls])
}

/** The melee and grapple conditions: they hold "until removed", but no melee outlasts its fight. */
// The Knockout and Kill holds (SR-CX-61) are part of the grapple and end with it.
const MELEE_CONDITIONS: readonly string[] = [ENGAGED, GRAPPLED, PINNED, ...HOLD_IDS]

/**
 * CX28: after an encounter without a failed death save, capacity recovers by one (max 3).
 * Aim, melee and grapples end with the fight (`000` Aiming, Melee Combat, Grappling).
 */
export function cxEndOfEncounter(rc: RulesCombatant, library: ContentLibrary): EdgeEffects | null {
  const read = cxSheets.of(rc)
  if (!read) return null
  // `001` Cloaking: the cloak, its charge and the once-an-encounter count end with the fight.
  const c = cloakAtEncounterEnd(read)
  const end = onEncounterEnd(c.live.dying)
  // The melee and grapple conditions end with the fight, and so does a Black Cat's Fear (SR-CX-86).
  const melee = rc.conditions.filter((x) => MELEE_CONDITIONS.includes(x.conditionId) || x.key === BLACK_CAT_FEAR)
  const aim = c.live.aim
  // SR-CX-31: a sprint is counted in a fight's actions; none carries into the next fight.
  const sprint = c.live.sprint.streak > 0 || c.live.sprint.window > 0
  const uncloaked = c !== read
  // SR-CX-86: Black Cat's marks last the encounter only.
  const cat = c.live.blackCat
  const marked = cat.noCriticals || cat.actionsLost > 0 || cat.fear
  const carry = c.live.reloading !== null || c.live.aimShift !== null
  const unchanged = JSON.stringify(end.record) === JSON.stringify(c.live.dying)
  if (unchanged && !aim && !sprint && !uncloaked && !marked && !carry && melee.length === 0) return null
  const lines = [
    ...end.notes,
    ...(aim ? [`stops aiming at ${aim.name} (000 Aiming)`] : []),
    ...(c.live.reloading ? ['finishes the reload: loaded (SR-CX-74)'] : []),
  ]
  // SR-CX-74: the fight's end leaves time to finish a reload; SR-CX-73: no aim to shift.
  const reloaded = reloadAtEncounterEnd(c, library)
  const blackCat = { noCriticals: false, actionsLost: 0, fear: false }
  const live = { ...reloaded.live, dying: end.record, aim: null, aimShift: null, sprint: NO_SPRINT, blackCat }
  const after = effects({ ...reloaded, live }, rc.hp, lines, [])
  return melee.length ? { ...after, conditions: rc.conditions.filter((x) => !melee.includes(x)) } : after
}

/**
 * After damage: a first drop below 1 health downs (CX27); a failed Shock save knocks out (CX15).
 * The downed fall prone (`000` Downed) and their bleeds and burns fall off (`000` Stabilize):
 * the plasma burn on the sheet is cleared here, and `persistentDamageFallsOff` tells the caller
 * to take the conditions off as well (an attack by a `ConditionChange`, an edge by the
 * conditions it returns; see dying/persistent-damage.ts).
 */
export function afterDamage(
  c: CxCombatant,
  hpBefore: number,
  hpAfter: number,
  knockedOut: boolean,
): { combatant: CxCombatant; notes: string[]; persistentDamageFallsOff: boolean } {
  let live = c.live
  const notes: string[] = []
  let fallsOff = false
  if (hpBefore >= 1 && hpAfter < 1) {
    const t = onDowned(live.dying)
    live = { ...live, dying: t.record }
    notes.push(...t.notes)
    if (t.newlyDowned) live = { ...live, stance: 'prone' }
    if (t.persistentDamageFallsOff) {
      fallsOff = true
      live = { ...live, plasmaBurn: 0, plasmaBurnTurns: 0 }
    }
  } else if (knockedOut) {
    live = { ...live, dying: onShockFailed(live.dying, c.stats.fort) }
  }
  return { combatant: { ...c, live }, notes, persistentDamageFallsOff: fallsOff }
}
