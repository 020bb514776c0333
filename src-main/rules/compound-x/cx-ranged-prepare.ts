import { bothPlaced } from './cx-reach'
import type { AttackRequest, ExplanationSection, FormField } from '../../../src-shared/attack'
import type { CombatantId } from '../../../src-shared/records'
import type { AimAt, AttackResolution, RulesCombatant } from '../ruleset'
import { optionBool, optionString } from '../kit/options'
import type { ContentLibrary } from './content/content-library'
import { defaultAim } from './cx-aim'
import { isOpportunity, OPPORTUNITY, shotDistance, type Armament, type Sides } from './cx-attack-shared'
import { actionsCost, actionsText } from './cx-costs'
import { strayDefault } from './cx-engagement'
import { positionalMastermind } from './feats/positional-mastermind'
import { choiceField } from './cx-form-fields'
import { cxCoverOf } from './cx-map-cover'
import { levelRank, parseLevel, SUPPRESSED } from './cx-suppression'
import type { AimMode, Cover, FireMode, RangedSetup, Stance } from './ranged/ranged-setup'
import { GRAPPLE_WAYS, isWideEffect, parseSharedHits, WIDE_SHARE, type StrayRisk } from './ranged/stray-shot'
import type { CriticalKind } from './stats/derived-stats'
import { grapplePartner } from './cx-grapple'
import type { CxCombatant } from './sheet/cx-sheet'
import { gunProficiencyRefusal } from './sheet/cx-loadout'
import { actionCost, fireAction } from './turns/action-costs'
import { shooterSprinted } from './turns/turn-budget'
import { weaponSuppressionLevel, type SuppressionLevel } from './turns/suppression'

/**
 * What a ranged attack is before any die: the set-up read from the request and both
 * combatants, the options the panel shows, and the rules that refuse or price the firing.
 * Preview and resolution both start here, so they cannot disagree on the set-up.
 */

export type Ranged = Extract<Armament, { kind: 'ranged' }>

/** One ranged attack as the attack flow hands it on: the request, both sheets and the gun, both combatants, the content. */
export interface RangedCall {
  readonly request: AttackRequest
  readonly sides: Sides
  readonly arm: Ranged
  readonly a: RulesCombatant
  readonly t: RulesCombatant
  readonly library: ContentLibrary
  /**
   * The shooter turned on someone else, for a shot that strays (SR-CX-180). Absent (a caller with
   * no campaign behind it), a stray is handed back to the GM.
   */
  readonly strayAim?: AimAt
}

export interface Prepared {
  readonly setup: RangedSetup
  readonly options: FormField[]
  readonly stray: StrayRisk
  /** CX26: this firing is a suppressor's answer to its target breaking cover. */
  readonly reaction: SuppressionLevel | null
  /** `000` Opportunity Attack: an engaged opponent's answer, prepared by a prompt. */
  readonly opportunity: boolean
  /**
   * `000` Grappling, SR-CX-64: a wide-effect shot at a grappled pair reaches the target without a
   * stray roll and divides its damage; the partner named here takes the other share.
   */
  readonly sharedWith: CombatantId | null
  /** This firing is the partner's share of one already resolved: the hits it carries (SR-CX-64). */
  readonly sharedHits: readonly CriticalKind[] | null
}

/** The ranged set-up, with defaults from both combatants' live state and conditions, and the options it offers. */
export function prepare({ request, sides, arm, a, t, library }: RangedCall): Prepared {
  const { attacker, target } = sides
  const o = request.options
  const reaction = parseLevel(optionString(o, 'suppressionReaction'))
  const opportunity = isOpportunity(o)
  const modes = sides.weaponList.find((w) => w.index === request.weapon)?.modes ?? []
  // CX26: the reaction is a single shot whatever modes the gun has (light), or automatic hits.
  const mode = (reaction ? 'semi' : modes.includes(request.mode) ? request.mode : modes[0]) as FireMode
  // Suppressing aims as part of the action (000 Suppression); an opportunity attack with a CQB
  // gun is hip fire unless already aimed at the target, whatever the panel says (000 Opportunity Attack).
  const aim = opportunity
    ? defaultAim(attacker, t.id)
    : ((optionString(o, 'aim') ?? (reaction ? 'aimed' : defaultAim(attacker, t.id))) as AimMode)
  // SR-CX-151: the GM's choice, else the map's (walls, someone between), else the sheet's.
  const chosenCover = cxCoverOf(optionString(o, 'cover'), t, target.live.cover)
  const cover = chosenCover.cover
  const stance = (optionString(o, 'stance') ?? target.live.stance) as Stance
  const distance = shotDistance(o)
  // CX25, SR-CX-35: +1 once, however many suppressors hold the shooter.
  const suppressed = optionBool(o, 'suppressed') ?? (attacker.live.suppressed || a.conditions.some((x) => x.conditionId === SUPPRESSED))
  // CX6 (SR-CX-30): the sprint track says whether the shot falls in a sprint or the 2 actions after; the box is the GM's override.
  const sprinted = optionBool(o, 'sprinted') ?? shooterSprinted(attacker.live.sprint)
  const shooterProne = optionBool(o, 'shooterProne') ?? attacker.live.stance === 'prone'
  const stealth = optionBool(o, 'stealth') ?? false
  const stray =
    (['into-melee', 'grappled', 'none'] as const).find((s) => s === optionString(o, 'stray')) ?? (opportunity ? 'none' : strayDefault(a, t))
  const sharedHits = parseSharedHits(optionString(o, WIDE_SHARE))
  // SR-CX-64: flamethrowers and buckshot divide their damage between the grappled; no stray roll.
  const partner = grapplePartner(t)
  const wide =
    stray === 'grappled' &&
    !reaction &&
    !opportunity &&
    sharedHits === null &&
    isWideEffect(arm.item) &&
    partner !== null &&
    partner !== a.id
  const attachments = arm.carried.attachmentIds.map((id) => library.get('attachments', id)).filter((x) => x !== undefined)
  const mechanical = attacker.speciesId !== null && library.get('species', attacker.speciesId)?.type === 'mechanical'
  const mastermind = positionalMastermind(target, cover, mechanical)
  const setup: RangedSetup = {
    weapon: arm.item,
    attachments,
    mode,
    aim,
    distance,
    shooter: {
      stats: attacker.stats,
      suppressed,
      sprinted,
      prone: shooterProne,
      stealth,
      criticalsBlocked: attacker.live.blackCat.noCriticals,
      // 03_Feats Positional Mastermind (SR-CX-85): the target's feat counts against this shooter while it is in cover.
      bracketModifiers: mastermind ? [mastermind] : [],
    },
    target: {
      cover,
      stance,
      coverWords: chosenCover.words,
      coverFromMap: chosenCover.source === 'map' && (t.mapCover?.hidden ?? 0) > 0,
    },
    ...(wide || sharedHits ? { damageShare: GRAPPLE_WAYS } : {}),
  }
  const onMap = bothPlaced(a, t)
  const options = rangedOptions({
    distance,
    onMap,
    aim,
    cover,
    stance,
    suppressed,
    sprinted,
    shooterProne,
    stealth,
    stray,
    opportunity,
    reaction,
  })
  return {
    setup,
    options,
    stray: wide || sharedHits ? 'none' : stray,
    reaction,
    opportunity,
    sharedWith: wide ? partner : null,
    sharedHits,
  }
}

/** The ranged options the panel offers, each showing the value the set-up went with. */
function rangedOptions(v: {
  distance: number
  /** Both on the map: the tokens give the distance, so none is asked (SR-CX-113). */
  onMap: boolean
  aim: AimMode
  cover: Cover
  stance: Stance
  suppressed: boolean
  sprinted: boolean
  shooterProne: boolean
  stealth: boolean
  stray: StrayRisk
  opportunity: boolean
  reaction: SuppressionLevel | null
}): FormField[] {
  return [
    ...(v.onMap
      ? []
      : [{ key: 'distance', label: 'Distance', kind: 'number', value: v.distance, unit: 'm', min: 0, max: 2000 } satisfies FormField]),
    choiceField('aim', 'Aim', v.aim, [
      ['aimed', 'Aimed'],
      ['hip', 'Hip fire (+3)'],
      ['blind', 'Blind fire (+6)'],
    ]),
    choiceField('cover', 'Target cover', v.cover, [
      ['none', 'None'],
      ['partial', 'Partial (+2)'],
      ['full', 'Full (+4)'],
    ]),
    choiceField('stance', 'Target stance', v.stance, [
      ['standing', 'Standing'],
      ['crouching', 'Crouching (+1)'],
      ['prone', 'Prone (+2)'],
      ['hunkering', 'Hunkering (+2)'],
    ]),
    { key: 'suppressed', label: 'Shooter suppressed (+1)', kind: 'toggle', value: v.suppressed },
    {
      key: 'sprinted',
      label: 'Shooter sprinted (+1)',
      kind: 'toggle',
      value: v.sprinted,
      hint: 'CX6: ticked while the shooter sprints and for the 2 actions after (set by the Move action); untick to override',
    },
    { key: 'shooterProne', label: 'Shooter prone (−1)', kind: 'toggle', value: v.shooterProne },
    { key: 'stealth', label: 'Stealth attack (−1, +20 dmg)', kind: 'toggle', value: v.stealth },
    choiceField('stray', 'Target tangled up', v.stray, [
      ['none', 'No'],
      ['into-melee', 'Engaged in melee (Luck check)'],
      ['grappled', 'Grappled (50% + LUCK)'],
    ]),
    ...(v.opportunity ? [{ key: OPPORTUNITY, label: 'Opportunity attack (000)', kind: 'toggle', value: true } satisfies FormField] : []),
    // CX26 reaction fire is prepared by a move's prompt; the GM's own attacks don't offer it.
    ...(v.reaction === null
      ? []
      : [
          choiceField('suppressionReaction', 'Suppression reaction (CX26)', v.reaction, [
            ['none', 'No'],
            ['light', 'Light: one accuracy roll'],
            ['medium', 'Medium: one automatic hit'],
            ['heavy', 'Heavy: two automatic hits'],
          ]),
        ]),
  ]
}

/**
 * `000` Using Cover/Stances: while hunkering "you cannot fire your weapons except by
 * blind-fire" (and `000` Blind Firing: "You can blind fire while hunkered"). SR-CX-11: every
 * firing counts, the answers too (an opportunity shot is never blind); un-hunkering is free.
 */
export const hunkerRefusal = (shooter: CxCombatant, name: string, aim: AimMode): string | null =>
  shooter.live.stance === 'hunkering' && aim !== 'blind'
    ? `${name} is hunkered: it may only blind-fire until it un-hunkers, a free action (000 Using Cover/Stances).`
    : null

/**
 * `001` Weapon Proficiencies, SR-CX-193: "If your Character lacks proficiency with a weapon, then
 * they can't purchase or use a weapon of that type": a gun of a category the class does not list
 * is refused, every firing alike (shots, answers, opportunity attacks).
 */
export const proficiencyRefusal = ({ sides, arm, library }: Pick<RangedCall, 'sides' | 'arm' | 'library'>): string | null =>
  gunProficiencyRefusal(sides.attacker, arm.item, library)

/** `000` Opportunity Attack: only "a drawn CQB weapon or a melee weapon" answers. */
export const opportunityRefusal = (arm: Ranged): string | null =>
  arm.item.cqb
    ? null
    : `Only a CQB gun or a melee weapon makes an opportunity attack, and the ${arm.item.name} is not CQB (000 Opportunity Attack).`

export const opportunityAim = (aim: AimMode): ExplanationSection => ({
  title: 'Opportunity attack',
  lines: [
    {
      label: 'A CQB gun not already aimed at the target fires from the hip',
      value: aim === 'aimed' ? 'aimed' : 'hip fire',
      source: '000 Opportunity Attack',
    },
  ],
})

/** CX26: the gun must suppress at that level to answer at it. */
export function reactionRefusal(arm: Ranged, level: SuppressionLevel, library: ContentLibrary): string | null {
  const attachments = arm.carried.attachmentIds.map((id) => library.get('attachments', id)).filter((x) => x !== undefined)
  const allowed = weaponSuppressionLevel(arm.item, attachments)
  return levelRank(allowed) < levelRank(level)
    ? `The ${arm.item.name} suppresses at most at ${allowed} level, so it cannot answer at ${level} (CX24, CX26).`
    : null
}

/** What one firing costs: `000` Fire Rates for a turn's shot, nothing for a suppression reaction (CX26). */
export function firingCost(
  arm: Ranged,
  mode: FireMode,
  reaction: SuppressionLevel | null,
): Pick<AttackResolution, 'cost' | 'outOfTurn'> & { text: string } {
  if (reaction) return { cost: [], outOfTurn: 'free', text: 'free (suppression reaction, CX26)' }
  const action = fireAction(arm.item, mode)
  const n = action.ok ? actionCost(action.value) : 1
  return { cost: actionsCost(n), text: actionsText(n) }
}
