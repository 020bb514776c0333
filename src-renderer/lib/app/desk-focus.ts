import type { CombatantId } from '../../../src-shared/records'

/*
 * Shortcuts reach into panels other people own through their test ids, the same contract
 * the end-to-end tests use, instead of threading callbacks through every component.
 */

const cardSelector = (id: CombatantId) => `[data-testid="combatant-card"][data-combatant-id="${CSS.escape(id)}"]`

/** Sets a field the way typing would, so Svelte's `bind:value` (which listens to input/change) sees it. */
function setFieldValue(el: HTMLInputElement | HTMLSelectElement, value: string, event: 'input' | 'change'): void {
  el.value = value
  el.dispatchEvent(new Event(event, { bubbles: true }))
}

/** The HP field D or H last filled in, so Esc can take the lone sign back out. */
let prefilled: { readonly input: HTMLInputElement; readonly sign: string } | null = null

/** Focuses a card's HP field holding just the sign, so the GM types the amount and Enter. */
export function focusHpField(combatantId: CombatantId, sign: '-' | '+'): boolean {
  const input = document.querySelector<HTMLInputElement>(`${cardSelector(combatantId)} [data-testid="hp-input"]`)
  if (!input) return false
  input.scrollIntoView({ block: 'nearest' })
  input.focus()
  setFieldValue(input, sign, 'input')
  input.setSelectionRange(sign.length, sign.length)
  prefilled = { input, sign }
  return true
}

/** Esc after D or H with nothing typed: leave the field as it was, not holding a stray "-". */
export function abandonPrefill(field: EventTarget | null): void {
  if (prefilled && prefilled.input === field && prefilled.input.value === prefilled.sign) setFieldValue(prefilled.input, '', 'input')
  prefilled = null
}

/**
 * Puts the attacker in the attack panel (when given and listed) and focuses the target
 * select, the next thing the GM has to choose; with no attacker it focuses the attacker.
 */
export function focusAttack(attackerId: CombatantId | null): boolean {
  const attacker = document.querySelector<HTMLSelectElement>('[data-testid="attack-attacker"]')
  if (!attacker) return false
  attacker.closest('[data-testid="attack-panel"]')?.scrollIntoView({ block: 'nearest' })
  const listed = attackerId !== null && [...attacker.options].some((o) => o.value === attackerId)
  if (!listed) {
    attacker.focus()
    return true
  }
  if (attacker.value !== attackerId) setFieldValue(attacker, attackerId, 'change')
  const target = document.querySelector<HTMLSelectElement>('[data-testid="attack-target"]')
  ;(target ?? attacker).focus()
  return true
}

export function focusRosterSearch(): boolean {
  const search = document.querySelector<HTMLInputElement>('[data-testid="roster-search"]')
  if (!search) return false
  search.scrollIntoView({ block: 'nearest' })
  search.focus()
  search.select()
  return true
}
