import type { Locator } from '@playwright/test'

/* Measured in the browser: what a card or a ribbon entry draws outside its box, and how many lines a text takes. */

/** Everything inside `root` that is drawn outside its box, and whether it scrolls sideways: [] when nothing. */
export async function overflowProblems(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const outer = el.getBoundingClientRect()
    const problems: string[] = []
    const outside = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      (r.left < outer.left - 0.5 || r.right > outer.right + 0.5 || r.top < outer.top - 0.5 || r.bottom > outer.bottom + 0.5)
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[${e.getAttribute('data-testid')}]` : ''}${
        typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/)[0]}` : ''
      }`
    // What an element inside the box clips (an ellipsis) is not drawn, so it cannot overflow.
    const clipped = (e: Element | null) => {
      for (let x = e; x && x !== el; x = x.parentElement) {
        const s = getComputedStyle(x)
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') return true
      }
      return false
    }
    const at = (r: DOMRect) => `${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)}`
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n instanceof Element) {
        if (!n.checkVisibility() || clipped(n.parentElement)) continue
        const r = n.getBoundingClientRect()
        if (outside(r)) problems.push(`${name(n)} at ${at(r)}`)
      } else if (n.textContent?.trim() && n.parentElement?.checkVisibility() && !clipped(n.parentElement)) {
        const range = document.createRange()
        range.selectNodeContents(n)
        for (const r of range.getClientRects())
          if (outside(r)) problems.push(`text "${n.textContent.trim().slice(0, 40)}" in ${name(n.parentElement)} at ${at(r)}`)
      }
    }
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth}`)
    if (problems.length) problems.unshift(`box ${at(outer)}`)
    return problems
  })
}

/** How many lines `l`'s text takes: its pieces' boxes, a new line where one starts below the last line's. */
export async function lines(l: Locator): Promise<number> {
  return l.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    const rects = [...range.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top)
    let count = 0
    let bottom = -Infinity
    for (const r of rects) {
      if (r.top >= bottom - 1) count++
      bottom = Math.max(r.top >= bottom - 1 ? r.bottom : bottom, r.bottom)
    }
    return count
  })
}
