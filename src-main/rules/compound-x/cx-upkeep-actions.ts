import { handsOnReach } from './cx-reach'
import type { ActionDefinition, ActionRequest, ExplanationSection } from '../../../src-shared/attack'
import { fail, ok } from '../../../src-shared/result'
import { percent } from '../kit/format'
import { modifier } from '../kit/modifier'
import type { ActionResolution, RulesCombatant } from '../ruleset'
import { beatsDc, rollD100 } from './checks/d100-check'
import type { ContentLibrary } from './content/content-library'
import type { ActPerformer } from './cx-act'
import { withStance } from './cx-aim'
import { ACTIONS_POOL, actionsText, priced, stanceChange } from './cx-costs'
import { isDowned } from './dying/dying-state'
import { stabiliseOdds, type StabiliseOdds } from './dying/dying-odds'
import { attemptStabilise } from './dying/stabilise'
import { explainSteps } from './explain'
import { shieldOf } from './sheet/cx-derived'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { statBonus } from './stats/stat-block'
import { rollReload } from './turns/reload'
import { reloadSpareRefusal, startReload } from './cx-reload'
import { sparesHeld } from './sheet/cx-loadout'
import { ACTIONS_PER_TURN } from './turns/action-costs'

/** CX9: a jam is cleared with a Weapon skill check, DC 60. */
export const JAM_CLEAR_DC = 60

const weaponSkill = (c: CxCombatant) => c.skills['Weapons'] ?? 0

const STANCES = ['standing', 'crouching', 'prone', 'hunkering'] as const
const COVERS = ['none', 'partial', 'full'] as const

/**
 * `000` Shields: "at the start of your turn you can pay the Fast Recharge Nanites cost". In its
 * own turn that is before it spends anything; out of its turn it waits; outside turns (no round
 * running) the GM's bookkeeping may pay it at any time.
 */
function fastRechargeMoment(actor: RulesCombatant): string | null {
  if (actor.acting === false) return 'Only at the start of its own turn (000 Shields).'
  if (actor.acting === true && (actor.spent?.[ACTIONS_POOL] ?? 0) > 0)
    return 'Only at the start of its turn, before it spends an action (000 Shields).'
  return null
}

/** The acts that tend a combatant's gear, body and footing: reload, clear a jam, stabilise, fast-recharge, position. */
export function upkeepDefinitions(c: CxCombatant, library: ContentLibrary, actor: RulesCombatant): ActionDefinition[] {
  const ranged = c.weapons.flatMap((w, i) => (w.kind === 'ranged' ? [{ w, i, item: library.get('ranged-weapons', w.itemId) }] : []))
  const weaponChoice = {
    key: 'weapon',
    label: 'Weapon',
    kind: 'choice' as const,
    value: String(ranged[0]?.i ?? 0),
    choices: ranged.map(({ i, item }) => ({ value: String(i), label: item?.name ?? `slot ${i + 1}` })),
  }
  const shield = shieldOf(c, library)
  return [
    {
      key: 'reload',
      label: 'Reload (Weapons check vs reload DC)',
      target: 'none',
      options: [weaponChoice],
      cost: reloadCostText(ranged[0]?.item?.reloadActions ?? 2),
      unavailable:
        ranged.length === 0
          ? 'No ranged weapon.'
          : c.live.reloading
            ? `Still reloading: ${actionsText(c.live.reloading.actionsLeft)} owed at the start of its next turn (SR-CX-74).`
            : ranged.every(({ i }) => sparesHeld(c, i, library) === 0)
              ? 'No spare magazines (in the Mag Space, SR-CX-190).'
              : null,
    },
    {
      key: 'clear-jam',
      label: 'Clear a jam (Weapons, DC 60)',
      target: 'none',
      options: [weaponChoice],
      cost: CLEAR_JAM.text,
      unavailable: ranged.some(({ w }) => w.jammed) ? null : 'Nothing is jammed.',
    },
    {
      key: 'stabilise',
      label: 'Stabilise a downed combatant (DC 80)',
      target: 'any',
      options: [{ key: 'kit', label: 'Use a kit (+20)', kind: 'toggle', value: true }],
      cost: STABILISE.text,
      unavailable: null,
    },
    {
      key: 'fast-recharge',
      label: `Fast-recharge the shield${shield?.fastRechargeNanites ? ` (${shield.fastRechargeNanites} nanites)` : ''}`,
      target: 'none',
      options: [],
      cost: 'free (nanites)',
      unavailable: !shield
        ? 'No shield.'
        : shield.fastRechargeNanites === null
          ? 'This shield cannot fast-recharge.'
          : c.live.nanites < shield.fastRechargeNanites
            ? `Needs ${shield.fastRechargeNanites} nanites (has ${c.live.nanites}).`
            : fastRechargeMoment(actor),
    },
    {
      key: 'position',
      label: 'Change stance / cover',
      target: 'none',
      options: [
        { key: 'stance', label: 'Stance', kind: 'choice', value: c.live.stance, choices: STANCES.map((s) => ({ value: s, label: s })) },
        { key: 'cover', label: 'Cover', kind: 'choice', value: c.live.cover, choices: COVERS.map((s) => ({ value: s, label: s })) },
      ],
      cost: 'go prone, stand up or hunker 1 action; crouch and un-hunker free',
      unavailable: null,
    },
  ]
}

/** `000` Reloading: the weapon's actions on a pass; a failure doubles them and may run into the next turn. */
const reloadCostText = (normal: number) => `${actionsText(normal)} (${normal * 2} on a failed check, may run into the next turn)`
/** `000` Actions: "Performing a Skill Check: 1 Action" — clearing a jam is a Weapons check (CX9). */
const CLEAR_JAM = priced({ kind: 'skill-check' })
/** CX29: stabilising is one action. */
const STABILISE = priced({ kind: 'other', label: 'stabilise', actions: 1 })

/** CX29: the odds of a stabilisation attempt, before its roll. */
const oddsSection = (odds: StabiliseOdds): ExplanationSection => ({
  title: 'Odds before the roll',
  lines: [
    { label: 'Stabilised', value: percent(odds.stabilised), source: 'CX29' },
    { label: '  of which critical', value: percent(odds.critical), source: 'CX29' },
    { label: 'Critical failure (extra DST)', value: percent(odds.criticalFailure), source: 'CX29' },
    { label: 'Dies of the extra DST', value: percent(odds.died), source: 'CX27, CX29' },
  ],
})

export const weaponSlot = (request: ActionRequest) => Number(request.options['weapon'] ?? 0)

function done(actor: RulesCombatant, c: CxCombatant, summary: string, rest: Partial<ActionResolution> = {}): ActionResolution {
  return { actorRules: cxSheets.store(c), actorHp: actor.hp, targetRules: null, targetHp: null, summary, detail: [], rolls: [], ...rest }
}

export const performUpkeep: ActPerformer = (request, actor, c, target, library, dice) => {
  const slot = weaponSlot(request)
  const carried = c.weapons[slot]
  const item = carried?.kind === 'ranged' ? library.get('ranged-weapons', carried.itemId) : undefined

  switch (request.action) {
    case 'reload': {
      if (!carried || !item) return fail('action/noWeapon', `No ranged weapon in slot ${slot + 1}.`)
      const noSpare = reloadSpareRefusal(c, slot, library)
      if (noSpare) return fail('action/unavailable', noSpare)
      if (actor.acting === true && (actor.spent?.[ACTIONS_POOL] ?? 0) >= ACTIONS_PER_TURN)
        return fail('action/unavailable', `${actor.name} has no actions left this turn to start a reload.`)
      const modifiers = [modifier('DEX bonus', statBonus(c.stats.dex), 'CX2'), modifier('Weapons ranks', weaponSkill(c), 'CX1')]
      const r = rollReload({ weapon: item, modifiers, mode: 'normal', criticalsAllowed: !c.live.blackCat.noCriticals }, dice)
      // SR-CX-74: a reload longer than the turn's actions left runs into the next turn.
      const start = startReload(actor, c, slot, r, library)
      const ends = start.note === 'loaded' ? '' : `; ${start.note}`
      return ok(
        done(actor, start.combatant, `${actor.name} reloads the ${item.name}: ${r.explanation}${ends}`, {
          rolls: r.check?.rolls ?? [],
          detail: r.check
            ? explainSteps([{ title: 'Reload check', modifiers, rule: `beats DC ${r.dc} (000 Reloading)`, total: r.check.total }])
            : [],
          cost: start.cost,
          ...(start.overrun ? { overrun: true } : {}),
        }),
      )
    }
    case 'clear-jam': {
      if (!carried || !item || !carried.jammed) return fail('action/unavailable', `The weapon in slot ${slot + 1} is not jammed.`)
      const modifiers = [modifier('INT bonus', statBonus(c.stats.int), 'CX2'), modifier('Weapons ranks', weaponSkill(c), 'CX1')]
      const r = rollD100({ modifiers, mode: 'normal', purpose: `clear the ${item.name}'s jam (DC ${JAM_CLEAR_DC})` }, dice)
      const cleared = beatsDc(r.total, JAM_CLEAR_DC)
      const weapons = c.weapons.map((w, i) => (i === slot && cleared ? { ...w, jammed: false } : w))
      const summary = `${actor.name} works the ${item.name}'s jam: ${r.total} vs DC ${JAM_CLEAR_DC}, ${cleared ? 'cleared' : 'still jammed'} (CX9)`
      return ok(
        done(actor, { ...c, weapons }, summary, {
          rolls: r.rolls,
          detail: explainSteps([{ title: 'Clear jam', modifiers, total: r.total }]),
          cost: CLEAR_JAM.cost,
        }),
      )
    }
    case 'stabilise': {
      const patient = target ? cxSheets.of(target) : null
      if (!target || !patient) return fail('action/noTarget', 'Pick the downed combatant to stabilise.')
      const record = patient.live.dying
      if (!isDowned(record)) return fail('action/unavailable', `${target.name} is not downed.`)
      // CX29 "adjacent": within 1 m base to base on the map (SR-CX-114).
      const near = handsOnReach(actor, target, `Stabilising ${target.name} (CX29, adjacent)`)
      if (!near.ok) return near
      const kind = patient.speciesId && library.get('species', patient.speciesId)?.type === 'mechanical' ? 'mechanical' : 'organic'
      const skillRanks = c.skills[kind === 'organic' ? 'Medicine' : 'Repair'] ?? 0
      const kit = request.options['kit'] !== false ? 'healer-spends' : 'none'
      const attempt = {
        healer: { stats: c.stats, skillRanks, critsBlocked: c.live.blackCat.noCriticals },
        patient: { kind, fort: patient.stats.fort, record },
        support: { assistant: false, kit },
      } as const
      // CX29: the exact odds of this attempt, as the GM would want them before the dice.
      const odds = stabiliseOdds(attempt)
      const r = attemptStabilise(attempt, dice)
      const o = r.outcome
      const revival =
        o.kind === 'stabilised' ? o.revival : o.kind === 'critical-failure' && o.then.kind === 'stabilised' ? o.then.revival : null
      const nextPatient = { ...patient, live: { ...patient.live, dying: revival ? revival.record : r.record } }
      const what = revival
        ? `stabilised at 1 health${revival.unconscious ? ', but unconscious (past the revival limit)' : ''}`
        : o.kind === 'critical-failure' && o.then.kind === 'died'
          ? 'the extra death save fails: dies'
          : 'not yet'
      return ok({
        actorRules: null,
        actorHp: actor.hp,
        targetRules: cxSheets.store(nextPatient),
        targetHp: revival ? 1 : target.hp,
        summary: `${actor.name} stabilises ${target.name}: ${r.total} vs DC ${r.dc}, ${what} (CX29); the odds were ${percent(odds.stabilised)}`,
        detail: explainSteps([r.step]).concat([
          oddsSection(odds),
          { title: 'Notes', lines: r.notes.map((n) => ({ label: n, value: '' })) },
        ]),
        rolls: r.rolls,
        cost: STABILISE.cost,
      })
    }
    case 'fast-recharge': {
      const shield = shieldOf(c, library)!
      const cost = shield.fastRechargeNanites!
      // CX14: paying restarts a broken shield, or doubles this turn's recharge on a dented one.
      const strength =
        c.live.shieldDownTurns !== null
          ? Math.min(shield.strength, shield.rechargePerTurn)
          : Math.min(shield.strength, c.live.shieldStrength + shield.rechargePerTurn)
      const live = { ...c.live, nanites: c.live.nanites - cost, shieldStrength: strength, shieldDownTurns: null }
      // CX14 prices it in nanites, not actions: a free act, at the start of its turn (fastRechargeMoment).
      return ok(
        done(actor, { ...c, live }, `${actor.name} pays ${cost} nanites: shield ${c.live.shieldStrength} → ${strength} (CX14)`, {
          cost: [],
          outOfTurn: 'free',
        }),
      )
    }
    case 'position': {
      const stance = STANCES.find((s) => s === request.options['stance']) ?? c.live.stance
      const cover = COVERS.find((s) => s === request.options['cover']) ?? c.live.cover
      // Only the stance is priced (000 Using Cover/Stances); cover is where the GM says it stands.
      const change = stanceChange(c.live.stance, stance)
      const price = priced(change)
      const how = change.kind === 'free' ? '' : ` (${change.kind.replace('-', ' ')}: ${price.text})`
      const moved = withStance(c.live, stance)
      return ok(
        done(
          actor,
          { ...c, live: { ...moved.live, cover } },
          `${actor.name}: ${stance}, ${cover === 'none' ? 'no' : cover} cover${how}${moved.note ? `; ${moved.note}` : ''}`,
          {
            cost: price.cost,
            ...(price.cost.length === 0 ? { outOfTurn: 'free' as const } : {}),
          },
        ),
      )
    }
  }
  return fail('action/unknown', `"${request.action}" is not a Compound X action.`)
}
