import type { ActionDefinition, FormField, ExplanationSection } from '../../../src-shared/attack'
import { fail, ok } from '../../../src-shared/result'
import type { ConditionChange, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { evaCheckModifiers } from './sheet/eva-suit'
import type { ActPerformer } from './cx-act'
import { GUN_PROFICIENCY } from './sheet/cx-loadout'
import { optionNumber, optionString } from '../kit/options'
import { percent } from '../kit/format'
import { mergeChanges } from './cx-changes'
import { actionsLeftNote, priced } from './cx-costs'
import { engageChanges, leaveMeleeChanges } from './cx-engagement'
import { grappleChanges, grappleStateFrom, grappleStatesOf } from './cx-grapple'
import { STILL_GRAPPLED, subdueOutcome, subdueSetup, toolField } from './cx-subdue'
import { cxStanding } from './cx-standing'
import { explainSteps } from './explain'
import { choiceField } from './cx-form-fields'
import { bestManeuverSkill, type ManeuverParticipant, type ManeuverSkill } from './melee/maneuver-checks'
import { allowedActions, type Maneuver, type ManeuverKind } from './melee/maneuvers'
import type { GrappleState } from './melee/grapple-state'
import { maneuverOdds, resolveManeuver, type ManeuverAttempt, type RolledCheck } from './melee/resolve-maneuver'
import { cxSheets, type CarriedWeapon, type CxCombatant } from './sheet/cx-sheet'
import { modifier } from '../kit/modifier'
import { withinReachOf } from '../kit/positions'
import { atMeleeRange, maneuverReach } from './cx-reach'

/**
 * `000` Grappling: "Each effort takes one Action"; a maneuver is an opposed skill check, and
 * `000` Actions prices a skill check at 1 Action too.
 */
const MANEUVER = priced({ kind: 'other', label: 'maneuver', actions: 1 })

export const MANEUVERS: Readonly<Record<ManeuverKind, { readonly label: string; readonly verb: string; readonly rule: string }>> = {
  grapple: { label: 'Grapple', verb: 'grapple', rule: '000 Grappling' },
  pin: { label: 'Pin the grappled target', verb: 'pin', rule: '000 Pin' },
  disengage: { label: 'Break free of / let go of a grapple', verb: 'break free of', rule: '000 Disengage' },
  'gain-control': { label: 'Gain control of the grapple', verb: 'take control of the grapple with', rule: '000 Gain Control' },
  shove: { label: 'Shove (both move half STR in m)', verb: 'shove', rule: '000 Shoving' },
  kick: { label: 'Kick (the target flies half STR in m)', verb: 'kick', rule: '000 Kicking' },
  trip: { label: 'Trip (the target falls prone)', verb: 'trip', rule: '000 Trip' },
  disarm: { label: 'Disarm', verb: 'disarm', rule: '000 Disarm' },
  restrain: { label: 'Restrain the pinned target (zip cuffs)', verb: 'restrain', rule: '000 Grappling' },
  knockout: { label: 'Knock out the pinned target (2 wins in a row)', verb: 'knock out', rule: '000 Grappling' },
  kill: { label: 'Kill the pinned target (2 wins in a row)', verb: 'kill', rule: '000 Grappling' },
}

export const isManeuver = (key: string): key is ManeuverKind => Object.hasOwn(MANEUVERS, key)
export const MANEUVER_KEYS = Object.keys(MANEUVERS).filter(isManeuver)

/** The maneuvers that start a fight at arm's length, and so put both in melee (`000` Melee Combat). */
const OPENERS: readonly ManeuverKind[] = ['grapple', 'shove', 'kick', 'trip', 'disarm']

export const SKILL_LABEL: Readonly<Record<ManeuverSkill, string>> = { 'str-athletics': 'STR-Athletics', 'dex-acrobatics': 'DEX-Acrobatics' }
const skillChoice = (key: string, label: string): FormField =>
  choiceField(key, label, 'best', [
    ['best', 'the better of the two'],
    ['str-athletics', SKILL_LABEL['str-athletics']],
    ['dex-acrobatics', SKILL_LABEL['dex-acrobatics']],
  ])

/** Why this maneuver is out of reach from where the actor stands in a grapple (`000` Grappling), or null. */
function grappleReason(state: GrappleState, kind: ManeuverKind): string | null {
  if (allowedActions(state).includes(kind)) return null
  if (state.kind === 'pinned') return 'Pinned: only Disengage (000 Grappling).'
  if (state.kind === 'grappled')
    return state.control
      ? 'Already in control of a grapple (000 Grappling).'
      : 'Grappled without control: only Unarmed Strikes, Disengage or Gain Control (000 Grappling).'
  return 'Not in a grapple.'
}

export function maneuverDefinitions(actor: RulesCombatant): ActionDefinition[] {
  const state = grappleStateFrom(actor.conditions)
  // The actor's skill counts only where both sides choose (CX18 makes the actor roll STR-Athletics otherwise).
  const actorChooses = (kind: ManeuverKind) => kind === 'disarm' || (kind === 'disengage' && !(state.kind === 'grappled' && state.control))
  return MANEUVER_KEYS.map((kind) => ({
    key: kind,
    label: `${MANEUVERS[kind].label} (CX18)`,
    target: 'any',
    aimsAt: 'foe',
    options: [
      ...(actorChooses(kind) ? [skillChoice('actorSkill', 'Rolls')] : []),
      skillChoice('defenderSkill', 'The defender rolls'),
      ...(kind === 'restrain' ? [toolField()] : []),
      ...(kind === 'kick' ? [{ key: 'directlyAway', label: 'Directly away (×1.5)', kind: 'toggle', value: true } satisfies FormField] : []),
      ...(kind === 'disarm'
        ? [
            { key: 'slot', label: 'Item (slot on the target’s card)', kind: 'number', value: 1, min: 1, max: 8 } satisfies FormField,
            choiceField('proficient', 'Defender proficient with it', 'auto', [
              ['auto', 'from its class'],
              ['yes', 'yes'],
              ['no', 'no (disadvantage)'],
            ]),
          ]
        : []),
    ],
    cost: MANEUVER.text,
    unavailable: grappleReason(state, kind),
  }))
}

export const participant = (c: CxCombatant, library: ContentLibrary): ManeuverParticipant => ({
  stats: c.stats,
  athletics: c.skills['Athletics'] ?? 0,
  acrobatics: c.skills['Acrobatics'] ?? 0,
  // `000` EVA Suits: DEX-Acrobatics is a DEX skill check (SR-CX-102).
  dexModifiers: evaCheckModifiers(c, 'dex', library),
})

export const pickSkill = (v: string | undefined, p: ManeuverParticipant): ManeuverSkill =>
  v === 'str-athletics' || v === 'dex-acrobatics' ? v : bestManeuverSkill(p)

/** `000` Disarm: is the defender proficient with the item it holds (melee by size, guns by category)? */
export function proficientWith(c: CxCombatant, w: CarriedWeapon, library: ContentLibrary): boolean {
  const cls = c.classId ? library.get('classes', c.classId) : undefined
  if (!cls) return false
  if (w.kind === 'melee') {
    const item = library.get('melee-weapons', w.itemId)
    return item ? cls.meleeProficiencies.includes(item.size) : false
  }
  const gun = library.get('ranged-weapons', w.itemId)
  return gun ? cls.weaponProficiencies.includes(GUN_PROFICIENCY[gun.category]) : false
}

export const itemName = (w: CarriedWeapon, library: ContentLibrary) =>
  library.get(w.kind === 'melee' ? 'melee-weapons' : 'ranged-weapons', w.itemId)?.name ?? w.itemId

function checkSection(who: string, r: RolledCheck): ExplanationSection {
  const dice = r.result.rolls.map((x) => x.total).join(', ')
  const [section] = explainSteps([
    {
      title: `${who}: ${r.check.purpose}`,
      modifiers: [
        modifier(`d100${r.check.mode === 'normal' ? '' : ` (${r.check.mode}: ${dice})`}`, r.result.natural, 'CX1'),
        ...r.check.modifiers,
      ],
      total: r.result.total,
    },
  ])
  return section!
}

/**
 * CX18 maneuvers as actions: the opposed check (the actor's STR-Athletics against the
 * defender's pick, the defender winning ties), then its effects on both sides — grapple
 * states as conditions, a trip's prone stance and a disarm's dropped item on the target's
 * sheet, and the melee the attempt opens. On the map the target must be within the maneuver's
 * reach, base to base (SR-CX-110); off it, whether the two are adjacent is the GM's call.
 */
export const performManeuver: ActPerformer = (request, actor, c, target, library, dice) => {
  const kind = request.action
  // The dispatcher only sends maneuvers here; the guard is what tells the compiler so.
  if (!isManeuver(kind)) return fail('action/unknown', `"${kind}" is not a Compound X action.`)
  const m = MANEUVERS[kind]
  const o = request.options
  if (!target) return fail('action/noTarget', `Pick whom ${actor.name} tries to ${m.verb}.`)
  const targetSheet = cxSheets.require(target, 'maneuver/noSheet')
  if (!targetSheet.ok) return targetSheet
  const t = targetSheet.value
  // Letting go of a body is still an Action (000 Grappling: "must spend an Action to disengage").
  if (target.id !== actor.id && kind !== 'disengage' && cxStanding(target).state === 'dead')
    return fail('maneuver/dead', `${target.name} is dead.`)
  // SR-CX-110: `000` Combat Maneuvers are made "in melee combat"; the whip's note carries some to 3 m.
  const reach = maneuverReach(kind, c, library)
  const near = reach === null ? ok(null) : withinReachOf(actor, target, reach, `An attempt to ${m.verb} ${target.name} (SR-CX-110)`)
  if (!near.ok) return near
  let maneuver: Maneuver
  let dropped: { slot: number; name: string } | null = null
  if (kind === 'disarm') {
    const slot = Math.trunc(optionNumber(o, 'slot') ?? 1)
    const held = t.weapons[slot - 1]
    if (!held)
      return fail(
        'maneuver/noItem',
        `${target.name} carries nothing in slot ${slot} (its card lists ${t.weapons.length} weapon${t.weapons.length === 1 ? '' : 's'}).`,
      )
    const said = optionString(o, 'proficient')
    const defenderProficient = said === 'yes' ? true : said === 'no' ? false : proficientWith(t, held, library)
    dropped = { slot: slot - 1, name: itemName(held, library) }
    maneuver = { kind, item: dropped.name, defenderProficient }
  } else if (kind === 'kick') {
    maneuver = { kind, directlyAway: o['directlyAway'] !== false }
  } else {
    maneuver = { kind }
  }
  const sub = subdueSetup(kind, o, actor, target, t)
  if (!sub.ok) return sub
  const states = grappleStatesOf(actor, target)
  const actorP = participant(c, library)
  // `000` Grappling: the Shock modifier defends against a Kill.
  const defenderP = { ...participant(t, library), modifiers: sub.value.defence }
  const attempt: ManeuverAttempt = {
    maneuver,
    actor: { ...actorP, id: actor.id },
    defender: { ...defenderP, id: target.id },
    choices: { actor: pickSkill(optionString(o, 'actorSkill'), actorP), defender: pickSkill(optionString(o, 'defenderSkill'), defenderP) },
    streak: sub.value.streak,
  }
  const odds = maneuverOdds(attempt, states)
  const outcome = resolveManeuver(attempt, states, dice)
  if (outcome.kind === 'not-allowed')
    return fail('maneuver/notAllowed', `${actor.name} cannot ${m.verb} ${target.name}: ${outcome.reason}.`)
  const e = outcome.effects
  const won = outcome.actorWins

  let nextTarget = t
  const notes = [...e.notes]
  if (e.targetProne) nextTarget = { ...nextTarget, live: { ...nextTarget.live, stance: 'prone' } }
  if (kind === 'kick' && won && nextTarget.live.aim) {
    // `000` Aiming: aim ceases when the aiming character is thrown; a kick sends it flying.
    nextTarget = { ...nextTarget, live: { ...nextTarget.live, aim: null } }
    notes.push(`${target.name}'s aim ends (000 Aiming)`)
  }
  if (e.targetDrops !== null && dropped) {
    // The later slots move up one: a reload under way follows its gun, or ends with the dropped one (SR-CX-74).
    const r = nextTarget.live.reloading
    const reloading = r === null || r.slot === dropped.slot ? null : { ...r, slot: r.slot > dropped.slot ? r.slot - 1 : r.slot }
    nextTarget = {
      ...nextTarget,
      weapons: nextTarget.weapons.filter((_, i) => i !== dropped.slot),
      live: { ...nextTarget.live, reloading },
    }
    notes.push(`it lies at ${target.name}'s feet: picking it up is 1 action (000 Actions); put it back on the sheet then`)
  }
  if (kind === 'shove' && won)
    notes.push(
      `the GM moves both the way ${actor.name} declared; a shoved target draws no opportunity attack, but ${actor.name} may if it leaves another opponent (000 Shoving)`,
    )
  if (kind === 'grapple' && won) notes.push('while grappled each may use only one Action per round (000 Grappling)')
  if (e.actionsLeftThisRound !== null && actor.acting !== false) notes.push(actionsLeftNote(actor, e.actionsLeftThisRound, MANEUVER.cost))
  const ended = subdueOutcome(kind, e, sub.value, actor, target, nextTarget, dice)
  nextTarget = ended.target
  notes.push(...ended.notes)
  if (e.targetRestrained || e.subdued) notes.push(STILL_GRAPPLED)

  const targetRules = nextTarget === t ? null : cxSheets.store(nextTarget)
  const targetAfter: RulesCombatant = { ...target, rules: targetRules ?? target.rules }
  const changes: ConditionChange[] = [...grappleChanges(states, e.states), ...ended.changes]
  if (kind === 'kick' && won) {
    // Kicked clear of everyone it was fighting; kicked targets do not provoke (000 Kicking).
    changes.push(...leaveMeleeChanges(targetAfter, [actor]))
    notes.push(`${target.name} is kicked out of the melee, drawing no opportunity attack (000 Kicking)`)
  } else if (OPENERS.includes(kind) && atMeleeRange(actor, target, 0)) {
    // SR-CX-111: a whip's grapple, shove or disarm from beyond 1 m opens no melee.
    changes.push(...engageChanges(actor, targetAfter))
  }

  const checks = outcome.checks
  // CX18: under the opposed maneuver check the actor always rolls STR-Athletics.
  const actorSkill = outcome.rule.kind === 'opposed-maneuver' ? 'str-athletics' : attempt.choices.actor!
  const summary = checks
    ? `${actor.name} tries to ${m.verb} ${target.name}: ${SKILL_LABEL[actorSkill]} ${checks.actor.result.total} vs ${SKILL_LABEL[attempt.choices.defender]} ${checks.defender.result.total}, ${won ? 'wins' : `${target.name} wins`} — ${notes.join('; ')} (CX18, ${m.rule})`
    : `${actor.name} lets go of ${target.name}: ${notes.join('; ')}`
  const detail: ExplanationSection[] = checks
    ? [
        checkSection(actor.name, checks.actor),
        checkSection(target.name, checks.defender),
        {
          title: 'Opposed maneuver check',
          lines: [
            {
              label: 'Higher total wins; the defender wins ties',
              value: won ? `${actor.name} wins` : `${target.name} wins`,
              source: 'CX1, CX18',
            },
            ...(odds.kind === 'odds' ? [{ label: `Chance ${actor.name} had`, value: percent(odds.actorWins), source: 'CX18' }] : []),
          ],
        },
      ]
    : []
  const merged = mergeChanges(changes)
  return ok({
    actorRules: null,
    actorHp: actor.hp,
    targetRules,
    targetHp: ended.targetHp,
    summary,
    detail,
    rolls: [...outcome.rolls, ...ended.rolls],
    cost: MANEUVER.cost,
    ...(merged.length ? { conditions: merged } : {}),
  })
}
