import type { ExplanationSection } from '../../../../src-shared/attack'
import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import type { AttackResolution, RulesCombatant } from '../../ruleset'
import { effectOf, rollCheck, succeeds } from '../check'
import { modifierSection, sumModifiers } from '../../kit/modifier'
import { signed } from '../../kit/format'
import { twoD6Sheets } from '../sheet/sheet-access'
import type { Sheet } from '../sheet/sheet-schema'
import { costOf, reactionCosts, REACTIONS } from '../turns/economy'
import { workAfterDamage } from '../actions/work-disruption'
import type { AttackSetup } from './attack-setup'

interface RollResult {
  readonly raw: number
  readonly final: number
  readonly hit: boolean
  readonly parry: number | null
  readonly damage: number
}

/** The reaction's words for the log and the shift. */
const reactionName = (setup: AttackSetup) =>
  setup.defence.kind === 'dodge' ? `dodges (${signed(setup.defence.dm)} DM on the attack)` : 'parries'

/**
 * Resolves an attack (T1, T4, T6): each roll 2d6 + DMs; if any passes, the target's chosen
 * reaction is taken (paid for at once, T3); hits deal their d6s + bonuses (+ effect) − armour.
 * The dice fall in this order: attack rolls, the parry, each hit's damage, then the worker's
 * forced check (T7).
 */
export function resolveAttack(setup: AttackSetup, attacker: RulesCombatant, target: RulesCombatant, dice: Dice): AttackResolution {
  const a = twoD6Sheets.of(attacker)!
  const rolls: RollRecord[] = []
  const modifier = sumModifiers(setup.dms)
  const raws = Array.from({ length: setup.attacks }, (_, i) => {
    const r = dice.roll(
      { count: 2, sides: 6, modifier },
      `${attacker.name} attacks ${target.name}${setup.attacks > 1 ? ` (roll ${i + 1} of ${setup.attacks})` : ''} (T1)`,
    )
    rolls.push(r)
    return r.total
  })
  const reacted = setup.defence.kind !== 'none' && raws.some(succeeds)
  const results: RollResult[] = raws.map((raw) => {
    const final = reacted && setup.defence.kind === 'dodge' ? raw + setup.defence.dm : raw
    let parry: number | null = null
    if (reacted && setup.defence.kind === 'parry' && succeeds(raw)) {
      // The parry's own −1 DM (T3) starts after it: only earlier reactions weigh on it.
      const p = rollCheck(setup.defence.dms, 'normal', `${target.name} parries`, dice)
      rolls.push(...p.rolls)
      parry = p.total
    }
    const hit = succeeds(final) && (parry === null || parry <= raw)
    return { raw, final, hit, parry, damage: 0 }
  })
  const dealt = results.map((r) => {
    if (!r.hit) return r
    const bonus = sumModifiers(setup.damageDms) + (setup.effectAdds ? effectOf(r.final) : 0)
    let before = bonus
    if (setup.damageDice > 0) {
      const d = dice.roll({ count: setup.damageDice, sides: 6, modifier: bonus }, `damage to ${target.name}`)
      rolls.push(d)
      before = d.total
    }
    return { ...r, damage: Math.max(0, before - setup.armour) }
  })
  const damage = dealt.reduce((t, r) => t + r.damage, 0)
  const hits = dealt.filter((r) => r.hit).length
  const t = twoD6Sheets.of(target)
  const work = workAfterDamage(target, t, setup.workCheck?.dms ?? null, damage, dice)
  rolls.push(...work.rolls)
  const targetLive = t ? { ...t.live, reactionsThisRound: t.live.reactionsThisRound + (reacted ? 1 : 0), extended: work.extended } : null
  const attackerSheet: Sheet = {
    ...a,
    weapons: a.weapons.map((w, i) => (i === setup.slot ? { ...w, ammo: w.ammo - setup.ammoUse } : w)),
    // T5: the aim is spent on this attack (at its target or, wasted, at another); T6: heft owed.
    live: { ...a.live, aim: null, pendingInitiative: a.live.pendingInitiative + setup.heft.penalty },
  }
  const costs = reacted ? reactionCosts(target.id, setup.defence.kind === 'dodge' ? 'dodged' : 'parried') : null
  const verdict = hits === 0 ? 'misses' : setup.attacks > 1 ? `hits ${hits} of ${setup.attacks}` : 'hits'
  const reactionText = reacted ? `; ${target.name} ${reactionName(setup)}` : ''
  const damageText = hits > 0 ? `: ${damage} damage after armour ${setup.armour}` : ''
  return {
    attackerRules: twoD6Sheets.store(attackerSheet),
    targetRules: t && targetLive ? twoD6Sheets.store({ ...t, live: targetLive }) : null,
    targetHp: target.hp - damage,
    summary: `${attacker.name} ${verdict} ${target.name} with the ${setup.weapon.name} (${dealt.map((r) => r.final).join(', ')} vs 8)${reactionText}${damageText}${work.text}`,
    detail: explain(setup, dealt, reacted, work.detail),
    rolls,
    cost: costOf('significant', attacker),
    ...(costs ?? {}),
    // T3: the defender's dodge or parry is one of its reactions: off its own pips at once.
    ...(reacted ? { othersSpend: [{ combatantId: target.id, pool: REACTIONS, amount: 1 }] } : {}),
  }
}

function explain(
  setup: AttackSetup,
  results: readonly RollResult[],
  reacted: boolean,
  work: readonly ExplanationSection[],
): ExplanationSection[] {
  const rule = { label: '2d6 + DMs ≥ 8 hits; effect = total − 8', value: '', source: 'T1' }
  const sections: ExplanationSection[] = [modifierSection('Attack roll', setup.dms, [rule], results.map((r) => r.raw).join(', '))]
  if (setup.defence.kind !== 'none') {
    const how =
      setup.defence.kind === 'dodge'
        ? `dodge: ${signed(setup.defence.dm)} DM on the attack`
        : `parry: ${results.map((r) => r.parry ?? '—').join(', ')} must beat ${results.map((r) => r.raw).join(', ')}`
    sections.push({
      title: 'Reaction',
      lines: [
        { label: reacted ? how : 'the attack did not pass: no reaction needed', value: '', source: 'T4' },
        ...(reacted ? [{ label: 'initiative −2 now; −1 DM on its checks until its next turn', value: '', source: 'T3' }] : []),
      ],
    })
  }
  const hits = results.filter((r) => r.hit)
  if (hits.length) {
    sections.push({
      title: 'Damage',
      lines: [
        { label: `${setup.damageDice}d6`, value: '', source: 'weapon' },
        ...setup.damageDms.map((d) => ({ label: d.label, value: signed(d.value), source: d.source })),
        ...(setup.effectAdds
          ? [{ label: 'attack effect', value: hits.map((r) => signed(effectOf(r.final))).join(', '), source: 'classic 2d6 (setting)' }]
          : []),
        { label: 'armour', value: signed(-setup.armour), source: 'damage dice minus armour' },
      ],
      total: hits.map((r) => String(r.damage)).join(' + '),
    })
  }
  sections.push({ title: 'Heft / recoil', lines: [{ label: setup.heft.text, value: '', source: 'T6' }] })
  return [...sections, ...work]
}
