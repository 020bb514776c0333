import type { FormField, AttackPreview, AttackRequest, ExplanationSection } from '../../../src-shared/attack'
import type { RollRecord } from '../../../src-shared/dice'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { AttackResolution, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { blockedPreview, isOpportunity, OPPORTUNITY, shotDistance, type Armament, type Sides } from './cx-attack-shared'
import { optionBool, optionString } from '../kit/options'
import { percent } from '../kit/format'
import { defaultAim } from './cx-aim'
import { strayDefault } from './cx-engagement'
import { explainSteps } from './explain'
import { rangedOdds } from './odds/ranged-odds'
import type { AimMode, Cover, FireMode, RangedSetup, Stance } from './ranged/ranged-setup'
import { resolveRanged, roundsFor, type RangedResolution } from './ranged/resolve-ranged'
import { actionsCost, actionsText } from './cx-costs'
import { levelRank, parseLevel, REACTION, reactionFiring, SUPPRESSED } from './cx-suppression'
import { actionCost, fireAction } from './turns/action-costs'
import { hitTheDirt } from './turns/hit-the-dirt'
import { weaponSuppressionLevel, type SuppressionLevel } from './turns/suppression'
import { rollStray, strayCheck, type StrayRisk } from './ranged/stray-shot'
import { afterDamage } from './cx-edges'
import { defenderOf, withDefender } from './sheet/cx-derived'
import { cxSheets } from './sheet/cx-sheet'

type Ranged = Extract<Armament, { kind: 'ranged' }>

interface Prepared {
  readonly setup: RangedSetup
  readonly options: FormField[]
  readonly stray: StrayRisk
  /** CX26: this firing is a suppressor's answer to its target breaking cover. */
  readonly reaction: SuppressionLevel | null
  /** `000` Opportunity Attack: an engaged opponent's answer, prepared by a prompt. */
  readonly opportunity: boolean
}

/** The ranged set-up, with defaults from both combatants' live state and conditions, and the options it offers. */
function prepare(
  request: AttackRequest,
  sides: Sides,
  arm: Ranged,
  library: ContentLibrary,
  a: RulesCombatant,
  t: RulesCombatant,
): Prepared {
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
  const cover = (optionString(o, 'cover') ?? target.live.cover) as Cover
  const stance = (optionString(o, 'stance') ?? target.live.stance) as Stance
  const distance = shotDistance(o)
  const suppressed = optionBool(o, 'suppressed') ?? (attacker.live.suppressed || a.conditions.some((x) => x.conditionId === SUPPRESSED))
  const sprinted = optionBool(o, 'sprinted') ?? attacker.live.sprinted
  const shooterProne = optionBool(o, 'shooterProne') ?? attacker.live.stance === 'prone'
  const stealth = optionBool(o, 'stealth') ?? false
  const stray =
    (['into-melee', 'grappled', 'none'] as const).find((s) => s === optionString(o, 'stray')) ?? (opportunity ? 'none' : strayDefault(a, t))
  const attachments = arm.carried.attachmentIds.map((id) => library.get('attachments', id)).filter((x) => x !== undefined)
  const setup: RangedSetup = {
    weapon: arm.item,
    attachments,
    mode,
    aim,
    distance,
    shooter: { stats: attacker.stats, suppressed, sprinted, prone: shooterProne, stealth },
    target: { cover, stance },
  }
  const options: FormField[] = [
    { key: 'distance', label: 'Distance', kind: 'number', value: distance, unit: 'm', min: 0, max: 2000 },
    {
      key: 'aim',
      label: 'Aim',
      kind: 'choice',
      value: aim,
      choices: [
        { value: 'aimed', label: 'Aimed' },
        { value: 'hip', label: 'Hip fire (+3)' },
        { value: 'blind', label: 'Blind fire (+6)' },
      ],
    },
    {
      key: 'cover',
      label: 'Target cover',
      kind: 'choice',
      value: cover,
      choices: [
        { value: 'none', label: 'None' },
        { value: 'partial', label: 'Partial (+2)' },
        { value: 'full', label: 'Full (+4)' },
      ],
    },
    {
      key: 'stance',
      label: 'Target stance',
      kind: 'choice',
      value: stance,
      choices: [
        { value: 'standing', label: 'Standing' },
        { value: 'crouching', label: 'Crouching (+1)' },
        { value: 'prone', label: 'Prone (+2)' },
        { value: 'hunkering', label: 'Hunkering (+2)' },
      ],
    },
    { key: 'suppressed', label: 'Shooter suppressed (+1)', kind: 'toggle', value: suppressed },
    { key: 'sprinted', label: 'Shooter sprinted (+1)', kind: 'toggle', value: sprinted },
    { key: 'shooterProne', label: 'Shooter prone (−1)', kind: 'toggle', value: shooterProne },
    { key: 'stealth', label: 'Stealth attack (−1, +20 dmg)', kind: 'toggle', value: stealth },
    {
      key: 'stray',
      label: 'Target tangled up',
      kind: 'choice',
      value: stray,
      choices: [
        { value: 'none', label: 'No' },
        { value: 'into-melee', label: 'Engaged in melee (Luck check)' },
        { value: 'grappled', label: 'Grappled (50% + LUCK)' },
      ],
    },
    ...(opportunity ? [{ key: OPPORTUNITY, label: 'Opportunity attack (000)', kind: 'toggle', value: true } satisfies FormField] : []),
    // CX26 reaction fire is prepared by a move's prompt; the GM's own attacks don't offer it.
    ...(reaction === null
      ? []
      : [
          {
            key: 'suppressionReaction',
            label: 'Suppression reaction (CX26)',
            kind: 'choice',
            value: reaction ?? 'none',
            choices: [
              { value: 'none', label: 'No' },
              { value: 'light', label: 'Light: one accuracy roll' },
              { value: 'medium', label: 'Medium: one automatic hit' },
              { value: 'heavy', label: 'Heavy: two automatic hits' },
            ],
          } satisfies FormField,
        ]),
  ]
  return { setup, options, stray, reaction, opportunity }
}

/** `000` Opportunity Attack: only "a drawn CQB weapon or a melee weapon" answers. */
const opportunityRefusal = (arm: Ranged): string | null =>
  arm.item.cqb
    ? null
    : `Only a CQB gun or a melee weapon makes an opportunity attack, and the ${arm.item.name} is not CQB (000 Opportunity Attack).`

const opportunityAim = (aim: AimMode): ExplanationSection => ({
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
function reactionRefusal(arm: Ranged, level: SuppressionLevel, library: ContentLibrary): string | null {
  const attachments = arm.carried.attachmentIds.map((id) => library.get('attachments', id)).filter((x) => x !== undefined)
  const allowed = weaponSuppressionLevel(arm.item, attachments)
  return levelRank(allowed) < levelRank(level)
    ? `The ${arm.item.name} suppresses at most at ${allowed} level, so it cannot answer at ${level} (CX24, CX26).`
    : null
}

/** What one firing costs: `000` Fire Rates for a turn's shot, nothing for a suppression reaction (CX26). */
function firingCost(
  arm: Ranged,
  mode: FireMode,
  reaction: SuppressionLevel | null,
): Pick<AttackResolution, 'cost' | 'outOfTurn'> & { text: string } {
  if (reaction) return { cost: [], outOfTurn: 'free', text: 'free (suppression reaction, CX26)' }
  const action = fireAction(arm.item, mode)
  const n = action.ok ? actionCost(action.value) : 1
  return { cost: actionsCost(n), text: actionsText(n) }
}

export function previewRanged(
  request: AttackRequest,
  sides: Sides,
  arm: Ranged,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
): AttackPreview {
  const prepared = prepare(request, sides, arm, library, a, t)
  if (prepared.reaction) return previewReaction(prepared, prepared.reaction, sides, arm, t, library)
  const { setup, options, stray } = prepared
  // The chance the shot goes to the intended target at all; the rest strays to someone else.
  const reach = stray === 'none' ? null : strayCheck(stray, sides.attacker.stats, setup.aim)
  const p = reach?.chance ?? 1
  const base = { weapons: sides.weaponList, options, cost: firingCost(arm, setup.mode, null).text }
  const blockedBy = arm.carried.jammed
    ? `The ${arm.item.name} is jammed: clear it with a Weapon check, DC 60 (CX9).`
    : arm.carried.ammo === 0
      ? 'The magazine is empty: reload first.'
      : prepared.opportunity
        ? opportunityRefusal(arm)
        : null
  const odds = rangedOdds(setup, defenderOf(sides.target, t.hp, library), { ammoInMagazine: arm.carried.ammo || 1 })
  if (odds.kind === 'impossible' || blockedBy) {
    return blockedPreview(base, explainSteps(odds.steps), blockedBy ?? (odds.kind === 'impossible' ? odds.reason : null))
  }
  const f = odds.firstRound
  const brackets = arm.item.brackets
  const band = brackets.findIndex((b) => setup.distance <= b.maxRange)
  // CX5–CX7: the bracket read off the weapon (attachments may stretch it; the working has the exact figure).
  const headline = `${setup.distance} m · ${band === -1 ? 'beyond the listed brackets' : `bracket ${band + 1} of ${brackets.length} (to ${brackets[band]!.maxRange} m)`} · miss chance ${odds.missChance} (${setup.mode})`
  const aimed =
    odds.rounds === 1
      ? [
          { label: 'Miss', probability: f.miss },
          { label: 'Hit', probability: f.hit },
          { label: 'Critical (+20)', probability: f.critical },
          { label: 'Extra-critical (+30)', probability: f.extraCritical },
        ]
      : odds.hits.map((ph, k) => ({ label: `${k} of ${odds.rounds} hit`, probability: ph }))
  const outcomes = [
    ...(reach ? [{ label: 'Strays to someone else', probability: 1 - p }] : []),
    ...aimed.map((o) => ({ ...o, probability: o.probability * p })),
  ]
  const damage = odds.healthDamage.map(([amount, probability]) => ({ amount, probability: probability * p + (amount === 0 ? 1 - p : 0) }))
  const explanation: ExplanationSection[] = [
    ...(prepared.opportunity ? [opportunityAim(setup.aim)] : []),
    ...(reach
      ? explainSteps([{ title: 'Who the shot reaches', modifiers: reach.modifiers, rule: reach.rule, total: Math.round(p * 100) }])
      : []),
    ...explainSteps(odds.steps),
    {
      title: 'Odds',
      lines: [
        {
          label: `Hit iff the d10 beats ${odds.missChance}`,
          value: percent(Math.max(0, Math.min(1, (10 - odds.missChance) / 10))),
          source: 'CX7',
        },
      ],
    },
  ]
  return {
    ...base,
    headline,
    outcomes,
    risks: [
      { label: 'Jam (CX9)', probability: odds.jam },
      { label: 'Knocked out by shock (CX15)', probability: odds.unconscious },
    ],
    expectedDamage: odds.expectedHealthDamage * p,
    downChance: odds.down * p,
    damage: damage.some((d) => d.amount === 0) || !reach ? damage : [{ amount: 0, probability: 1 - p }, ...damage],
    explanation,
    blocked: null,
    diceHint: `per round: d10 accuracy (d10 jam check on a 1${setup.mode === 'semi' ? ', d10 critical in the Luck band' : ''}), d100 armour on a hit; d100 Shock save over 70 damage`,
  }
}

/** CX26's reaction odds: light is one aimed single shot; medium and heavy are certain hits on the armour. */
function previewReaction(
  prepared: Prepared,
  level: SuppressionLevel,
  sides: Sides,
  arm: Ranged,
  t: RulesCombatant,
  library: ContentLibrary,
): AttackPreview {
  const { setup, options } = prepared
  const base = { weapons: sides.weaponList, options, cost: firingCost(arm, 'semi', level).text }
  const { hits, automatic, words } = REACTION[level]
  const odds = rangedOdds(setup, defenderOf(sides.target, t.hp, library), reactionFiring(level))
  const blockedBy = arm.carried.jammed
    ? `The ${arm.item.name} is jammed: clear it with a Weapon check, DC 60 (CX9).`
    : reactionRefusal(arm, level, library)
  const head: ExplanationSection = {
    title: 'Suppression reaction',
    lines: [{ label: `${level} suppression`, value: words, source: 'CX26' }],
  }
  if (odds.kind === 'impossible' || blockedBy) {
    return blockedPreview(base, [head, ...explainSteps(odds.steps)], blockedBy ?? (odds.kind === 'impossible' ? odds.reason : null))
  }
  const f = odds.firstRound
  return {
    ...base,
    outcomes: automatic
      ? [{ label: hits === 1 ? 'Automatic hit (CX26)' : '2 automatic hits (CX26)', probability: 1 }]
      : [
          { label: 'Miss', probability: f.miss },
          { label: 'Hit', probability: f.hit },
          { label: 'Critical (+20)', probability: f.critical },
          { label: 'Extra-critical (+30)', probability: f.extraCritical },
        ],
    risks: [
      ...(automatic ? [] : [{ label: 'Jam (CX9)', probability: odds.jam }]),
      { label: 'Knocked out by shock (CX15)', probability: odds.unconscious },
    ],
    expectedDamage: odds.expectedHealthDamage,
    downChance: odds.down,
    damage: odds.healthDamage.map(([amount, probability]) => ({ amount, probability })),
    explanation: [head, ...(automatic ? [] : explainSteps(odds.steps))],
    blocked: null,
    diceHint: automatic
      ? 'no accuracy roll; d100 armour only if the target wears none (or for a laser); d100 Shock save over 70 damage'
      : 'd10 accuracy (d10 jam check on a 1, d10 critical in the Luck band), d100 armour on a hit; d100 Shock save over 70 damage',
  }
}

function roundLines(r: RangedResolution): ExplanationSection {
  return {
    title: 'Rounds',
    lines: r.rounds.map((x, i) => ({
      label: `Round ${i + 1}: d10 ${x.natural}${x.jammed ? ' (jammed)' : ''}`,
      value: !x.hit
        ? 'miss'
        : `${x.critical === 'normal' ? 'hit' : x.critical} → ${x.hitResult?.toHealth ?? 0} to health${x.hitResult?.notes.length ? ` (${x.hitResult.notes.join('; ')})` : ''}${x.shockSave ? `; Shock save ${x.shockSave.total} vs ${x.shockSave.dc}: ${x.shockSave.passed ? 'stays up' : 'knocked out'}` : ''}`,
      source: 'CX7–CX15',
    })),
  }
}

export function resolveRangedAttack(
  request: AttackRequest,
  sides: Sides,
  arm: Ranged,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
  dice: Dice,
): Result<AttackResolution> {
  const { attacker, target } = sides
  const { setup, stray, reaction, opportunity } = prepare(request, sides, arm, library, a, t)
  if (arm.carried.jammed) return fail('attack/jammed', `The ${arm.item.name} is jammed: clear it with a Weapon check, DC 60 (CX9).`)
  const notCqb = opportunity ? opportunityRefusal(arm) : null
  if (notCqb) return fail('attack/opportunityWeapon', notCqb)
  if (reaction) {
    const refused = reactionRefusal(arm, reaction, library)
    if (refused) return fail('attack/reactionLevel', refused)
  }
  const price = firingCost(arm, setup.mode, reaction)
  const consequences = { cost: price.cost, ...(price.outOfTurn ? { outOfTurn: price.outOfTurn } : {}) }
  const reached: { rolls: RollRecord[]; detail: ExplanationSection[] } = { rolls: [], detail: [] }
  if (stray !== 'none' && !reaction) {
    const s = rollStray(stray, attacker.stats, setup.aim, dice)
    reached.rolls.push(s.roll)
    reached.detail.push(
      ...explainSteps([{ title: 'Who the shot reaches', modifiers: s.check.modifiers, rule: s.check.rule, total: s.total }]),
    )
    if (!s.reaches) {
      // The rounds are fired; the GM resolves them against whoever else is in the tangle.
      const spent = Math.min(roundsFor(setup), arm.carried.ammo)
      const weapons = attacker.weapons.map((w) => (w === arm.carried ? { ...w, ammo: w.ammo - spent } : w))
      const why =
        stray === 'grappled' ? `d100 ${s.total} over ${50 + (s.check.modifiers[1]?.value ?? 0)}` : `Luck check ${s.total} vs DC 50`
      return ok({
        attackerRules: cxSheets.store({ ...attacker, weapons }),
        targetRules: null,
        targetHp: t.hp,
        summary: `${a.name} fires the ${arm.item.name} at ${t.name}, but the shot strays (${why}): resolve it against ${stray === 'grappled' ? 'the other grappler' : 'another combatant in the melee'} (000 ${stray === 'grappled' ? 'Grappling' : 'Firing into Melee'})`,
        detail: explainSteps([{ title: 'Who the shot reaches', modifiers: s.check.modifiers, rule: s.check.rule, total: s.total }]),
        rolls: [s.roll],
        ...consequences,
      })
    }
  }
  const firing = reaction ? reactionFiring(reaction) : { ammoInMagazine: arm.carried.ammo }
  const r = resolveRanged(setup, defenderOf(target, t.hp, library), dice, firing)
  if (r.kind === 'impossible') return fail('attack/impossible', r.reason)
  // A reaction's rounds left the magazine with the Suppress action (CX24); a jam still counts.
  const spent = reaction ? 0 : r.ammoSpent
  const weapons = attacker.weapons.map((w) => (w === arm.carried ? { ...w, ammo: w.ammo - spent, jammed: r.jammed } : w))
  const damaged = afterDamage(withDefender(target, r.defender), t.hp, r.defender.health, r.unconscious)
  let nextTarget = damaged.combatant
  const hits = r.rounds.filter((x) => x.hit).length
  const toHealth = r.rounds.reduce((sum, x) => sum + (x.hitResult?.toHealth ?? 0), 0)
  const notes: string[] = []
  // CX21: a standing combatant outside cover who is shot at and stays up hits the dirt; the
  // lost action is spent when its next turn starts (cx-edges).
  const dive = hitTheDirt({ stance: target.live.stance, cover: setup.target.cover, up: r.defender.health >= 1 && !r.unconscious })
  if (dive.kind === 'hits-the-dirt') {
    nextTarget = { ...nextTarget, live: { ...nextTarget.live, stance: dive.stance, loseFirstAction: true } }
    notes.push(`${t.name} hits the dirt: prone, and loses the first action of its next turn (CX21)`)
  }
  if (r.unconscious) notes.push(`${t.name} is knocked out (CX15)`)
  if (r.defender.health < 1 && t.hp >= 1) notes.push(`${t.name} is downed (CX27)`)
  if (r.jammed) notes.push(`the ${arm.item.name} jams (CX9)`)
  const modeText = setup.mode === 'semi' ? '' : ` (${setup.mode})`
  const outcome =
    reaction && REACTION[reaction].automatic
      ? `${hits} automatic hit${hits === 1 ? '' : 's'}`
      : r.rounds.length > 1
        ? `${hits} of ${r.rounds.length} hit`
        : hits
          ? 'hit'
          : 'miss'
  const verb = reaction
    ? `answers ${t.name} breaking cover (${reaction} suppression, CX26) with the ${arm.item.name}`
    : `${opportunity ? `makes an opportunity attack (000) with the ${arm.item.name}${setup.aim === 'hip' ? ', from the hip,' : ''} at` : `fires the ${arm.item.name}${modeText} at`} ${t.name}`
  const summary = `${a.name} ${verb}: ${outcome}${hits ? `, ${toHealth} damage to health` : ''}${notes.length ? `; ${notes.join('; ')}` : ''}`
  return ok({
    attackerRules: cxSheets.store({ ...attacker, weapons }),
    targetRules: cxSheets.store(nextTarget),
    targetHp: r.defender.health,
    summary,
    detail: [...reached.detail, ...explainSteps(r.steps), roundLines(r)],
    rolls: [...reached.rolls, ...r.rolls],
    ...consequences,
  })
}
