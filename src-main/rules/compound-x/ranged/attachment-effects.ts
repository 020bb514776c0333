import type { Attachment, RangedWeapon } from '../content/pack-schema'
import type { AimMode } from './ranged-setup'

type Target = Attachment['modifiers'][number]['target']

/**
 * The attachments that work for this shot: none when blind firing (CX6), no optics when hip
 * firing (`000` Hip Firing).
 */
export function usableAttachments(attachments: readonly Attachment[], aim: AimMode): Attachment[] {
  if (aim === 'blind') return []
  if (aim === 'hip') return attachments.filter((a) => a.slot !== 'optic')
  return [...attachments]
}

/**
 * One attachment's modifier of a kind for this weapon. Category-specific values win; a value
 * for "other" applies only to categories not named elsewhere (the Dot Sight: −1 pistols, −0.5 other).
 */
export function attachmentValue(a: Attachment, weapon: RangedWeapon, target: Target): number {
  const mods = a.modifiers.filter((m) => m.target === target)
  const specific = mods.filter((m) => m.categories?.includes(weapon.category))
  if (specific.length) return specific.reduce((t, m) => t + m.value, 0)
  const named = new Set(mods.flatMap((m) => m.categories ?? []))
  return mods
    .filter((m) => !m.categories || (m.categories.includes('other') && !named.has(weapon.category)))
    .reduce((t, m) => t + m.value, 0)
}

export function totalAttachmentValue(attachments: readonly Attachment[], weapon: RangedWeapon, target: Target): number {
  return attachments.reduce((t, a) => t + attachmentValue(a, weapon, target), 0)
}

/** Best magnification available for this shot (built-in sights, or usable optics). */
export function magnificationFor(weapon: RangedWeapon, usable: readonly Attachment[], aim: AimMode): number {
  const optics = aim === 'aimed' ? usable.map((a) => a.magnification ?? 1) : []
  return Math.max(aim === 'aimed' ? (weapon.magnification ?? 1) : 1, ...optics)
}
