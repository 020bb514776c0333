import type { ActionDefinition } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { optionNumber, optionOneOf } from '../../kit/options'
import { checkList, rollTwoD6Check } from '../checks'
import { plainName } from '../../../../src-shared/story-words'
import { costOf, COST_TEXT, whyNot } from '../turns/economy'
import { offer } from './resolution'
import { withinTouch } from '../attack/reach'

/*
 * `004 Significant Action`, Miscellaneous: "Any skill check that a player wants to make · Apply
 * a bandage to a wounded character · Try to bypass a security system · Use Psionic power · Etc.
 * (Note: It is GM's discretion as to what skill checks are significant and minor)". A skill act
 * rolls the ordinary 2d6 check (T1) and costs the action the GM picks, significant by default as
 * the document lists these acts under the significant action (SR-2D6-12).
 */

export const SKILL_ACT = 'skill-act'
const SOURCE = '004 Significant Action (Miscellaneous)'

/** The acts the document names, with the skill each usually takes (SR-2D6-12: the document names none). */
export const SKILL_ACTS = {
  check: { label: 'A skill check', words: 'makes a skill check', usual: null },
  bandage: { label: 'Apply a bandage to a wounded character', words: 'applies a bandage', usual: 'Medic' },
  bypass: { label: 'Try to bypass a security system', words: 'tries to bypass a security system', usual: 'Electronics' },
  psionics: { label: 'Use a psionic power', words: 'uses a psionic power', usual: 'Psionics' },
} as const
type SkillAct = keyof typeof SKILL_ACTS
const ACTS = Object.keys(SKILL_ACTS) as SkillAct[]
const USUAL = 'usual'
const SIZES = ['significant', 'minor'] as const

export function skillActDefinition(actor: RulesCombatant): ActionDefinition {
  // Listed at the cheaper price so a minor act stays open; the chosen size is checked when it is made.
  const def = offer(
    actor,
    'minor',
    {
      key: SKILL_ACT,
      label: 'Skill act (bandage, bypass security, psionics, any skill check)',
      target: 'any',
      options: [
        { key: 'act', label: 'What', kind: 'choice', value: 'check', choices: ACTS.map((a) => ({ value: a, label: SKILL_ACTS[a].label })) },
        {
          key: 'skill',
          label: 'Skill',
          kind: 'choice',
          value: USUAL,
          choices: [
            { value: USUAL, label: 'the act’s usual skill (bandage: Medic, bypass: Electronics, psionics: Psionics)' },
            ...checkList(actor).map((c) => ({ value: c.key, label: c.label })),
          ],
        },
        {
          key: 'size',
          label: 'Takes (GM’s call, 004)',
          kind: 'choice',
          value: 'significant',
          choices: SIZES.map((x) => ({ value: x, label: COST_TEXT[x] })),
        },
        { key: 'dm', label: 'Difficulty DM', kind: 'number', value: 0, min: -6, max: 6 },
      ],
    },
    null,
  )
  return { ...def, cost: 'significant or minor action (GM’s call)' }
}

/** Rolls the chosen check (T1) and pays the chosen action (T3). */
export function performSkillAct(
  actor: RulesCombatant,
  target: RulesCombatant | null,
  options: Readonly<Record<string, string | number | boolean>>,
  dice: Dice,
): Result<ActionResolution> {
  const act = optionOneOf(options, 'act', ACTS, 'check')
  const size = optionOneOf(options, 'size', SIZES, 'significant')
  const a = SKILL_ACTS[act]
  const picked = String(options['skill'] ?? USUAL)
  const check = picked === USUAL ? (a.usual ? `skill:${a.usual}` : null) : picked
  if (!check) return fail('action/badOption', `Pick the skill for ${a.label.toLowerCase()}.`)
  // Issue 31: a bandage is put on by hand, so on the map its wearer must be within reach (SR-2D6-20).
  if (act === 'bandage' && target && target.id !== actor.id) {
    const reach = withinTouch(actor, target, 'Applying a bandage')
    if (!reach.ok) return reach
  }
  const turn = whyNot(size, actor)
  if (turn) return fail('action/unavailable', `${actor.name} cannot ${a.label.toLowerCase()} as a ${COST_TEXT[size]}: ${turn}.`)
  const rolled = rollTwoD6Check({ check, dc: 8, mode: 'normal', bonus: optionNumber(options, 'dm') ?? 0 }, actor, dice)
  if (!rolled.ok) return rolled
  const r = rolled.value
  const on = target && target.id !== actor.id ? ` on ${target.name}` : ''
  return ok({
    actorRules: actor.rules,
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} ${a.words}${on} (${COST_TEXT[size]}, ${SOURCE}): ${r.summary.replace(`${actor.name}: `, '')}`,
    detail: r.detail,
    rolls: r.rolls,
    cost: costOf(size, actor),
    // The table reads "Jonas's Medic check succeeds", not the menu's "Skill act (bandage, …)".
    outcome: { who: 'actor', words: `${checkName(actor, check)} ${r.success ? 'succeeds' : 'fails'}`, possessive: true },
  })
}

/** The check as the table hears it ("Medic check", "STR check"), without the menu's DMs. */
function checkName(actor: RulesCombatant, check: string): string {
  const listed = checkList(actor).find((c) => c.key === check)?.label
  const name = listed ? plainName(listed) : (check.split(':')[1] ?? 'Skill')
  return /\bcheck$/.test(name) ? name : `${name} check`
}
