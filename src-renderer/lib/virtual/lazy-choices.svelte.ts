import { flushSync } from 'svelte'

/** Up to this many entries a picker always holds them all; past it, only while it is in use. */
export const ALWAYS_LISTED = 200

/**
 * The entries of a native `<select>` over a long list (everyone in a fight of thousands). While
 * the picker is not in use it holds only the chosen entry, so the page carries a few options
 * instead of thousands and paints no faster for having them; the moment it is focused or
 * pressed, every entry is there before the browser opens its list, for the mouse, the arrow
 * keys and type-to-find alike.
 */
export class LazyChoices<T extends { readonly id: string }> {
  #inUse = $state(false)

  readonly list: readonly T[] = $derived.by(() => {
    const all = this.all()
    if (this.#inUse || all.length <= ALWAYS_LISTED) return this.order ? this.order(all) : all
    const chosen = this.chosen()
    return all.filter((c) => c.id === chosen)
  })

  /**
   * `order` puts the entries in the order the picker lists them (by name, say) and runs only
   * when they are all listed: sorting 5,000 names was a sixth of the log panel's first mount.
   */
  constructor(
    private readonly all: () => readonly T[],
    private readonly chosen: () => string,
    private readonly order?: (all: readonly T[]) => readonly T[],
  ) {}

  /** `{@attach choices.attach}` on the `<select>`. */
  readonly attach = (select: HTMLSelectElement) => {
    // flushSync: the options must be on the page before the browser builds its drop-down.
    const use = () => flushSync(() => (this.#inUse = true))
    const done = () => (this.#inUse = false)
    select.addEventListener('focus', use)
    select.addEventListener('pointerdown', use)
    select.addEventListener('blur', done)
    return () => {
      select.removeEventListener('focus', use)
      select.removeEventListener('pointerdown', use)
      select.removeEventListener('blur', done)
    }
  }
}
