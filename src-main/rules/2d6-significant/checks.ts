import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { CheckOutcome, CheckRequest, RulesCombatant } from '../ruleset'
import { CHARACTERISTIC_LABELS, CHARACTERISTICS, characteristicDm, DM_SOURCE, type Characteristic } from './characteristics'
import { checkChance, rollCheck, TARGET } from './check'
import type { KeepMode } from './keep-two'
import { modifier, type Modifier, modifierSection } from '../kit/modifier'
import { twoD6Sheets } from './sheet/sheet-access'
import type { Sheet } from './sheet/sheet-schema'
import { characteristicFor, SKILL_CHARACTERISTIC, skillDm } from './sheet/skills'
import { reactedDm } from './turns/conditions'

/** The checks a combatant can make: each characteristic alone, and each skill with its usual characteristic. */
export function checkList(c: RulesCombatant): { key: string; label: string }[] {
  const s = twoD6Sheets.of(c)
  const skills = new Set([...Object.keys(SKILL_CHARACTERISTIC), ...Object.keys(s?.skills ?? {})])
  return [
    ...[...skills].sort().map((k) => ({
      key: `skill:${k}`,
      label: `${k} + ${CHARACTERISTIC_LABELS[characteristicFor(k)]} DM${s && s.skills[k] === undefined ? ' (untrained)' : ''}`,
    })),
    ...CHARACTERISTICS.map((k) => ({ key: `char:${k}`, label: `${CHARACTERISTIC_LABELS[k]} check` })),
  ]
}

/** T1: 2d6 + skill + characteristic DM + the GM's DM, less the combatant's reaction DMs (T3). */
function checkDms(request: CheckRequest, c: RulesCombatant, s: Sheet): Result<{ label: string; dms: Modifier[] }> {
  const [kind, name = ''] = request.check.split(/:(.*)/s)
  const extra = [...reactedDm(c.conditions), ...(request.bonus ? [modifier('GM DM', request.bonus, 'GM')] : [])]
  const charDm = (k: Characteristic) => modifier(`${CHARACTERISTIC_LABELS[k]} DM`, characteristicDm(s.characteristics[k]), DM_SOURCE)
  if (kind === 'char' && (CHARACTERISTICS as readonly string[]).includes(name)) {
    const k = name as Characteristic
    return ok({ label: `${CHARACTERISTIC_LABELS[k]} check`, dms: [charDm(k), ...extra] })
  }
  if (kind === 'skill' && name) {
    const k = characteristicFor(name)
    return ok({ label: `${name} check`, dms: [modifier(`${name} skill`, skillDm(s.skills, name), 'T1'), charDm(k), ...extra] })
  }
  return fail('check/unknown', `"${request.check}" is not a check of this ruleset (skill:… or char:…).`)
}

/** Advantage and disadvantage become a boon or bane: three dice, the best or worst two kept. */
const keepMode = (mode: CheckRequest['mode']): KeepMode => (mode === 'advantage' ? 'boon' : mode === 'disadvantage' ? 'bane' : 'normal')

function prepared(request: CheckRequest, c: RulesCombatant): Result<{ label: string; dms: Modifier[] }> {
  const s = twoD6Sheets.of(c)
  if (!s) return fail('check/noSheet', `${c.name} has no character sheet yet.`)
  return checkDms(request, c, s)
}

/**
 * T1 fixes the target at 8: difficulty is a DM, so the GM's "DC" is not the target here (the
 * detail says so when it differs); put a hard task's difficulty in the bonus.
 */
export function rollTwoD6Check(request: CheckRequest, c: RulesCombatant, dice: Dice): Result<CheckOutcome> {
  const p = prepared(request, c)
  if (!p.ok) return p
  const mode = keepMode(request.mode)
  const r = rollCheck(p.value.dms, mode, `${c.name}: ${p.value.label}`, dice)
  const dcNote =
    request.dc !== TARGET
      ? [
          {
            label: `the DC field (${request.dc}) does not apply: every check is against 8; difficulty goes in as a DM`,
            value: '',
            source: 'T1',
          },
        ]
      : []
  const section = modifierSection(
    p.value.label,
    p.value.dms,
    [{ label: `2d6${mode === 'normal' ? '' : ` (${mode})`} + DMs ≥ 8; effect = total − 8`, value: '', source: 'T1' }],
    String(r.total),
  )
  return ok({
    success: r.success,
    summary: `${c.name}: ${p.value.label} ${r.total} vs 8, ${r.success ? 'success' : 'failure'}, effect ${r.effect} (T1)`,
    detail: [{ ...section, lines: [...section.lines, ...dcNote] }],
    rolls: r.rolls,
  })
}

export function twoD6CheckChance(request: CheckRequest, c: RulesCombatant): Result<number> {
  const p = prepared(request, c)
  return p.ok ? ok(checkChance(p.value.dms, keepMode(request.mode))) : p
}
