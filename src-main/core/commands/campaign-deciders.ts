import type { FormField } from '../../../src-shared/attack'
import { fail, ok } from '../../../src-shared/result'
import type { Decider } from './decide-context'

/**
 * Renaming is an ordinary command (journaled, undoable) rather than a file operation: the
 * name lives in the campaign record, so the list, the title and exports all follow it.
 */
export const renameCampaign: Decider<'campaign/rename'> = (ctx, p) => {
  const campaign = ctx.state.get('campaign')
  if (campaign?.typeName !== 'campaign') return fail('campaign/missing', 'This campaign has no campaign record to rename.')
  // An empty undo step would make Ctrl+Z appear to do nothing.
  if (campaign.name === p.name) return fail('campaign/sameName', `The campaign is already called "${p.name}".`)
  return ok({ label: 'Rename campaign', events: [{ type: 'campaign/renamed', name: p.name }] })
}

/** The ruleset's own options, checked against the kind and range it declares; an unknown key names the known ones. */
export const setRulesetSetting: Decider<'campaign/setRulesetSetting'> = (ctx, p) => {
  const campaign = ctx.state.get('campaign')
  if (campaign?.typeName !== 'campaign') return fail('campaign/missing', 'This campaign has no campaign record.')
  const defaults = ctx.ruleset.settings?.defaults ?? []
  const option = defaults.find((o) => o.key === p.key)
  if (!option) {
    const known = defaults.map((o) => `"${o.key}"`).join(', ')
    return fail('settings/unknown', `${ctx.ruleset.name} has no setting "${p.key}"${known ? `; its settings are ${known}` : ''}.`)
  }
  const problem = settingProblem(option, p.value)
  if (problem) return fail('settings/invalid', `${option.label}: ${problem}`)
  const current = campaign.rulesetSettings?.[p.key] ?? option.value
  if (current === p.value) return fail('settings/noChange', `${option.label} is already ${describe(option, p.value)}.`)
  return ok({
    label: `${option.label}: ${describe(option, p.value)}`,
    events: [
      { type: 'campaign/rulesetSettingChanged', key: p.key, value: p.value },
      ctx.log(`Setting changed: ${option.label} — ${describe(option, p.value)}`, { visibility: 'gm' }),
    ],
  })
}

function settingProblem(option: FormField, value: string | number | boolean): string | null {
  switch (option.kind) {
    case 'toggle':
      return typeof value === 'boolean' ? null : 'must be on or off'
    case 'number':
      if (typeof value !== 'number') return 'must be a number'
      if (option.min !== undefined && value < option.min) return `must be at least ${option.min}`
      if (option.max !== undefined && value > option.max) return `must be at most ${option.max}`
      return null
    case 'choice':
      return typeof value === 'string' && option.choices.some((c) => c.value === value)
        ? null
        : `must be one of ${option.choices.map((c) => `"${c.label}"`).join(', ')}`
  }
}

function describe(option: FormField, value: string | number | boolean): string {
  if (option.kind === 'choice') return option.choices.find((c) => c.value === value)?.label ?? String(value)
  if (option.kind === 'toggle') return value ? 'on' : 'off'
  return String(value)
}
