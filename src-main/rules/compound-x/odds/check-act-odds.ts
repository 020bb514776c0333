import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../ruleset'
import { actOdds } from '../../kit/act-odds'
import { optionBool, optionNumber } from '../../kit/options'
import type { ContentLibrary } from '../content/content-library'
import { cxCheckChance } from '../cx-checks'
import { cloakOf, SEARCH_CLOAKED } from '../cx-cloak'
import { CAST_SPELL, casterSkill } from '../cx-spell'
import { spellCoverOf } from '../cx-spell-cover'
import { FALL, freeFall } from '../cx-fall'
import { cxSheets } from '../sheet/cx-sheet'
import { detectDc } from '../turns/cloak'

/*
 * Compound X acts that are one ordinary CX1 check against a DC, priced by the ruleset's own exact
 * check chance with the DC the act itself sets: searching for the cloaked (`001 Cloaking
 * Detection`) and casting a spell (`001 Casting Spells`, SR-CX-95).
 */

function checkBands(p: number, pass: string, failed: string, title: string, source: string): ActionOdds {
  return actOdds(
    [
      { label: pass, probability: p },
      { label: failed, probability: 1 - p },
    ],
    [{ title, lines: [{ label: 'CX1 check beats the DC', value: `${Math.round(p * 1000) / 10}%`, source }] }],
  )
}

/** `001 Cloaking Detection`: a PER check against the module's Detect DC, its level bonus and the wearer's Stealth. */
function searchOdds(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
): Result<ActionOdds> | null {
  const wearer = target ? cxSheets.of(target) : null
  const on = wearer ? cloakOf(wearer).on : null
  const module = on ? library.get('cloaking-modules', on.moduleId) : undefined
  if (!target || !wearer || !module) return null
  const dc = detectDc(module, wearer.level, wearer.skills['Stealth'] ?? 0, optionBool(request.options, 'moving') ?? false)
  const p = cxCheckChance({ check: 'stat:per', dc: dc.dc, mode: 'normal', bonus: 0 }, actor, library)
  if (!p.ok) return p
  return ok(
    checkBands(p.value, `spots ${target.name}`, `does not see ${target.name}`, `PER against Detect DC ${dc.dc}`, '001 Cloaking Detection'),
  )
}

/** `001 Casting Spells`: the caster's skill against the nanites spent plus the target's cover. */
function spellOdds(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
): Result<ActionOdds> | null {
  const c = cxSheets.of(actor)
  const skill = c ? casterSkill(c, library) : null
  const spend = optionNumber(request.options, 'nanites')
  if (!skill || spend === undefined) return null
  // SR-CX-182: the cover the cast will meet, with where it came from.
  const cover = spellCoverOf(request.options['cover'], actor, target)
  if (!cover.ok) return cover
  const dc = spend + cover.value.bonus
  const p = cxCheckChance({ check: `skill:${skill}`, dc, mode: 'normal', bonus: 0 }, actor, library)
  if (!p.ok) return p
  const odds = checkBands(
    p.value,
    'the spell takes',
    'the spell fails (the nanites are spent)',
    `${skill} against DC ${dc} (${spend} nanites + cover ${cover.value.bonus})`,
    '001 Casting Spells, SR-CX-95',
  )
  const coverLine = { label: cover.value.words, value: `+${cover.value.bonus}`, source: 'CX6, SR-CX-182' }
  return ok({
    ...odds,
    explanation: odds.explanation.map((x, i) => (i === 0 ? { ...x, lines: [coverLine, ...x.lines] } : x)),
  })
}

/**
 * `001 Protection Types`: past DEX / 2 metres (or a fouled landing) an Acrobatics check against the
 * GM's DC (SR-CX-101); failed, the faller takes 2 × the height as fall damage (SR-CX-3).
 */
function fallOdds(request: ActionRequest, actor: RulesCombatant, library: ContentLibrary): Result<ActionOdds> | null {
  const c = cxSheets.of(actor)
  const height = optionNumber(request.options, 'height')
  if (!c || height === undefined) return null
  // Within DEX / 2 and not fouled it needs no check: the core says it rolls no dice.
  if (height <= freeFall(c) && !(optionBool(request.options, 'fouled') ?? false)) return null
  const dc = optionNumber(request.options, 'dc') ?? 50
  const p = cxCheckChance({ check: 'skill:Acrobatics', dc, mode: 'normal', bonus: 0 }, actor, library)
  if (!p.ok) return p
  return ok(
    checkBands(
      p.value,
      'lands it unharmed',
      `lands badly: ${2 * height} fall damage`,
      `Acrobatics against DC ${dc}`,
      '001 Protection Types, SR-CX-101',
    ),
  )
}

export function cxCheckActOdds(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
): Result<ActionOdds> | null {
  if (request.action === SEARCH_CLOAKED) return searchOdds(request, actor, target, library)
  if (request.action === CAST_SPELL) return spellOdds(request, actor, target, library)
  if (request.action === FALL) return fallOdds(request, actor, library)
  return null
}
