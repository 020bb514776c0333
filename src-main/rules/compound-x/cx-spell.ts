import type { ActionDefinition } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import { optionNumber } from '../kit/options'
import type { RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import type { ActPerformer } from './cx-act'
import { rollCxCheck } from './cx-checks'
import { priced } from './cx-costs'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { spellCoverField, spellCoverOf } from './cx-spell-cover'

/**
 * `001` Casting Spells: "There are a few classes which are able to cast spells, Paladins, Mages
 * and Sorcerers ... a spell takes one action to cast" (`000`/`001` Actions: "Cast a Spell: 1
 * Action"). The DC is "the number of Nanites used to cast the spell, plus any bonuses the target
 * gains from cover"; Mages and Sorcerers roll Spellcast adding their Sorcery ranks, Paladins
 * Knowledge [Nanites]. What the spell does is the GM's to narrate (SR-CX-95).
 */

export const CAST_SPELL = 'cast-spell'
const CAST = priced({ kind: 'cast-spell' })
/** SR-CX-94: the caster classes are known by the names the document gives them; the skill each rolls. */
const CASTER_SKILLS: Readonly<Record<string, string>> = {
  paladin: 'Knowledge - Nanites',
  mage: 'Sorcery',
  sorcerer: 'Sorcery',
}

/** The skill a combatant's class casts with, or null when its class casts no spells. */
export function casterSkill(c: CxCombatant, library: ContentLibrary): string | null {
  const cls = c.classId ? library.get('classes', c.classId) : undefined
  return cls ? (CASTER_SKILLS[cls.name.trim().toLowerCase()] ?? null) : null
}

/** Offered to Paladins, Mages and Sorcerers only; the nanites spent are bounded by what it has. */
export function spellDefinitions(c: CxCombatant, library: ContentLibrary): ActionDefinition[] {
  const skill = casterSkill(c, library)
  if (!skill) return []
  const nanites = c.live.nanites
  return [
    {
      key: CAST_SPELL,
      label: `Cast a spell (${skill} vs nanites spent + cover)`,
      // Aimed at someone, so the map can say how much of the target hides (SR-CX-182).
      target: 'any',
      options: [
        {
          key: 'nanites',
          label: 'Nanites spent on the spell',
          kind: 'number',
          value: Math.min(10, Math.max(1, nanites)),
          min: 1,
          max: Math.max(1, nanites),
        },
        spellCoverField(),
      ],
      cost: CAST.text,
      unavailable: nanites < 1 ? 'No nanites left to cast with (001 Casting Spells).' : null,
    },
  ]
}

/** A refusal by name for anyone the list does not offer the spell to (the dispatcher asks it first). */
export function notACaster(actor: RulesCombatant, c: CxCombatant, library: ContentLibrary): Result<never> | null {
  if (casterSkill(c, library)) return null
  const cls = c.classId ? library.get('classes', c.classId)?.name : undefined
  return fail(
    'action/notCaster',
    `${actor.name} (${cls ?? 'no class'}) cannot cast spells: only Paladins, Mages and Sorcerers do (001 Casting Spells).`,
  )
}

export const performSpell: ActPerformer = (request, actor, c, target, library, dice) => {
  const refused = notACaster(actor, c, library)
  if (refused) return refused
  const skill = casterSkill(c, library)!
  const spend = optionNumber(request.options, 'nanites')
  const have = c.live.nanites
  if (spend === undefined || !Number.isInteger(spend) || spend < 1)
    return fail('action/badOption', 'The nanites spent on a spell must be a whole number, at least 1.')
  if (spend > have) return fail('action/notEnoughNanites', `${actor.name} has ${have} nanites: it cannot spend ${spend} on a spell.`)
  const found = spellCoverOf(request.options['cover'], actor, target)
  if (!found.ok) return found
  const cover = found.value.bonus
  const dc = spend + cover
  const check = rollCxCheck({ check: `skill:${skill}`, dc, mode: 'normal', bonus: 0 }, actor, dice, library)
  if (!check.ok) return check
  // SR-CX-95: the nanites go into the casting, whether it takes or not.
  const left = have - spend
  const next: CxCombatant = { ...c, live: { ...c.live, nanites: left } }
  const at = target ? ` at ${target.name}` : ''
  return ok({
    actorRules: cxSheets.store(next),
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} casts a spell${at} with ${spend} nanites (→ ${left}): DC ${spend} + cover ${cover} = ${dc}; ${
      check.value.summary
    } → the spell ${check.value.success ? 'takes: its effect is the GM’s to narrate' : 'fails'} (001 Casting Spells)`,
    detail: [
      {
        title: 'The target’s cover (001 Casting Spells, SR-CX-182)',
        lines: [{ label: found.value.words, value: `+${cover}`, source: 'CX6' }],
      },
      ...check.value.detail,
    ],
    rolls: check.value.rolls,
    cost: CAST.cost,
  })
}
