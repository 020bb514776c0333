const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab inside a panel: from its last control to its first and back. A modal dialog already
 * makes the page behind it inert, but the browser would still step out to its own chrome.
 */
export function trapTab(e: KeyboardEvent, root: HTMLElement): void {
  const all = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement)
  const first = all[0]
  const last = all.at(-1)
  if (!first || !last) return
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault()
    first.focus()
  }
}
