import { ownResolution, type ActPerformer } from './cx-act'
import type { ActionDefinition, ActionRequest } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import { optionNumber, optionString } from '../kit/options'
import type { ActionResolution, RulesCombatant } from '../ruleset'
import { CX_CHECK_MODES, cxCheckList, rollCxCheck } from './cx-checks'
import { hasGranted, LUCKY, WILL_TO_SURVIVE } from './feats/feat-rules'
import { luckyRollMode, luckyScale, luckyShifts } from './feats/lucky'
import { rollWillToSurvive, willToSurviveRefusal, willToSurviveScale } from './feats/will-to-survive'
import type { CxCombatant } from './sheet/cx-sheet'
import type { ContentLibrary } from './content/content-library'

export const WILL_TO_SURVIVE_ACTION = 'will-to-survive'
export const LUCKY_ACTION = 'lucky'
export const LONG_REST = 'long-rest'
const ATTACK = 'attack'
const MAX_WOUND = 1000
/** 01_05's conditions that hurt every turn: what "damage-over-time debuff" names at CHA 14. */
const DAMAGE_OVER_TIME: readonly string[] = ['plasma-burn', 'burning', 'bleeding', 'poisoned', 'necrosis', 'frozen']

const up = (c: CxCombatant) => c.live.dying.condition.kind === 'up'

/** The feats' own acts on the Action panel: Will to Survive, Lucky, and the long rest that gives Lucky back. */
export function featDefinitions(actor: RulesCombatant, c: CxCombatant, library: ContentLibrary): ActionDefinition[] {
  const out: ActionDefinition[] = []
  if (hasGranted(c.stats, c.feats, WILL_TO_SURVIVE)) {
    const s = willToSurviveScale(c.stats.cha)
    out.push({
      key: WILL_TO_SURVIVE_ACTION,
      label: `Will to Survive (d10: heal a wound up to ${s.healLow} / ${s.healHigh})`,
      target: 'none',
      options: [{ key: 'wound', label: 'The wound’s damage', kind: 'number', value: s.healHigh, min: 1, max: MAX_WOUND }],
      cost: 'free in its turn; a reaction out of it',
      unavailable: willToSurviveRefusal(actor.hp, actor.maxHp, up(c), c.stats.cha, c.live.willToSurvive),
    })
  }
  const lucky = hasGranted(c.stats, c.feats, LUCKY) ? luckyScale(c.stats.luck) : null
  if (lucky) {
    const checks = cxCheckList(actor, library)
    const left = lucky.usesPerLongRest - c.live.luckyUsed
    out.push({
      key: LUCKY_ACTION,
      label: `Lucky: ${lucky.kind === 'advantage' ? 'roll with advantage' : 'reroll'} (${left}/${lucky.usesPerLongRest} left)`,
      target: 'none',
      options: [
        {
          key: 'check',
          label: 'Check, save or attack',
          kind: 'choice',
          value: checks[0]?.key ?? ATTACK,
          choices: [
            ...checks.map((x) => ({ value: x.key, label: x.label })),
            { value: ATTACK, label: 'An attack (undo it, then resolve it again)' },
          ],
        },
        { key: 'dc', label: 'DC', kind: 'number', value: 50, min: -1000, max: 1000 },
        { key: 'bonus', label: 'Bonus', kind: 'number', value: 0, min: -1000, max: 1000 },
        ...(lucky.maxShift
          ? [
              {
                key: 'shift',
                label: `Reroll shift (±${lucky.maxShift})`,
                kind: 'choice' as const,
                value: '0',
                choices: luckyShifts(lucky).map((n) => ({ value: String(n), label: n > 0 ? `+${n}` : String(n) })),
              },
            ]
          : []),
      ],
      cost: 'free (a use of the feat)',
      unavailable: left > 0 ? null : 'No Lucky uses left until a long rest (03_Feats Lucky).',
    })
  }
  if (c.live.luckyUsed > 0)
    out.push({
      key: LONG_REST,
      label: 'Long rest (Lucky uses back)',
      target: 'none',
      options: [],
      cost: 'free (between fights)',
      unavailable: null,
    })
  return out
}

export const isFeatAction = (key: string): boolean => [WILL_TO_SURVIVE_ACTION, LUCKY_ACTION, LONG_REST].includes(key)

const resolution = ownResolution

export const performFeatAction: ActPerformer = (request, actor, c, _target, library, dice) => {
  if (request.action === WILL_TO_SURVIVE_ACTION) return performWillToSurvive(request, actor, c, dice)
  if (request.action === LUCKY_ACTION) return performLucky(request, actor, c, library, dice)
  const live = { ...c.live, luckyUsed: 0 }
  return ok(
    resolution(actor, { ...c, live }, `${actor.name} takes a long rest: Lucky's uses are back (03_Feats Lucky, SR-CX-84)`, {
      outOfTurn: 'free',
    }),
  )
}

/**
 * 03_Feats Will to Survive, an immediate reaction at or below half health (SR-CX-83): d10, one
 * wound healed up to the scaled figure; at CHA 14 one damage-over-time debuff is purged too.
 */
function performWillToSurvive(request: ActionRequest, actor: RulesCombatant, c: CxCombatant, dice: Dice): Result<ActionResolution> {
  const wound = optionNumber(request.options, 'wound')
  if (wound === undefined || !Number.isInteger(wound) || wound < 1 || wound > MAX_WOUND)
    return fail('action/badOption', `The wound's damage must be a whole number from 1 to ${MAX_WOUND}.`)
  const r = rollWillToSurvive(c.stats.cha, wound, actor.hp, actor.maxHp, dice)
  const purge = willToSurviveScale(c.stats.cha).purgesDebuff
  const dot = purge ? actor.conditions.find((x) => DAMAGE_OVER_TIME.includes(x.conditionId)) : undefined
  const burnPurged = purge && !dot && c.live.plasmaBurn > 0
  const used = { used: c.live.willToSurvive.used + 1, sinceTurnStart: true }
  const live = { ...c.live, willToSurvive: used, ...(burnPurged ? { plasmaBurn: 0, plasmaBurnTurns: 0 } : {}) }
  const purged = dot ? `; purges ${dot.label}` : burnPurged ? '; purges the plasma burn' : ''
  return ok(
    resolution(
      actor,
      { ...c, live },
      `${actor.name} refuses to go down: Will to Survive d10 ${r.face}, heals ${r.healed} (up to ${r.cap})${purged} (03_Feats Will to Survive)`,
      {
        actorHp: actor.hp + r.healed,
        rolls: [r.roll],
        ...(dot ? { conditions: [{ combatantId: actor.id, remove: [dot.conditionId] }] } : {}),
      },
    ),
  )
}

/**
 * 03_Feats Lucky (SR-CX-84): a use rerolls the check or save now (kept, or at LUCK 10+ the
 * better of the two kept as the GM likes), or at LUCK 8–9 rolls it with advantage. For an
 * attack the use is counted here and the GM undoes the attack and resolves it again.
 */
function performLucky(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  library: ContentLibrary,
  dice: Dice,
): Result<ActionResolution> {
  const scale = luckyScale(c.stats.luck)!
  const check = optionString(request.options, 'check') ?? ''
  const dc = optionNumber(request.options, 'dc') ?? 50
  const bonus = optionNumber(request.options, 'bonus') ?? 0
  const shift = Number(optionString(request.options, 'shift') ?? '0')
  if (!luckyShifts(scale).includes(shift))
    return fail('action/badOption', `At LUCK ${c.stats.luck} a Lucky reroll may shift by ${luckyShifts(scale).join(', ')} only.`)
  if (![dc, bonus].every((n) => Number.isInteger(n) && Math.abs(n) <= 1000))
    return fail('action/badOption', 'DC and bonus must be whole numbers from −1000 to 1000.')
  const spent = { ...c, live: { ...c.live, luckyUsed: c.live.luckyUsed + 1 } }
  const uses = `${scale.usesPerLongRest - spent.live.luckyUsed}/${scale.usesPerLongRest} left`
  if (check === ATTACK)
    return ok(
      resolution(actor, spent, `${actor.name} calls on Lucky for an attack: resolve it again (${uses}; 03_Feats Lucky)`, {
        outOfTurn: 'free',
      }),
    )
  const mode = luckyRollMode(scale)
  if (!CX_CHECK_MODES.includes(mode)) return fail('action/badOption', `Compound X does not roll "${mode}".`)
  const r = rollCxCheck({ check, dc, mode, bonus: bonus + shift }, actor, dice, library)
  if (!r.ok) return fail('action/badOption', r.error.message)
  const keep = scale.kind === 'advantage' ? '' : scale.keepEither ? '; keep either roll' : '; this result stands'
  return ok(
    resolution(actor, spent, `Lucky ${scale.kind}: ${r.value.summary}${keep} (${uses}; 03_Feats Lucky)`, {
      detail: r.value.detail,
      rolls: r.value.rolls,
      outOfTurn: 'free',
    }),
  )
}
