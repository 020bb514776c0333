import { untrack } from 'svelte'
import { createVirtualizer, type SvelteVirtualizer, type VirtualItem } from '@tanstack/svelte-virtual'

export interface VirtualWindowOptions {
  /** How many items the list has now (read in an effect, so the window follows it). */
  readonly count: () => number
  /** A stable key per item, so a measured size stays with its item when others come or go. */
  readonly key: (index: number) => string | number
  /** The size to assume before an item has been measured (px). */
  readonly estimate: number
  readonly horizontal?: boolean
  /** Items kept rendered beyond each edge, so a short scroll or a Tab finds them ready. */
  readonly overscan?: number
  /** Space between items (px). */
  readonly gap?: number
}

/**
 * The slice of a long list that is in (or near) view, from @tanstack/virtual-core: the desk
 * renders those items only, so an item out of view costs nothing per command however many
 * there are. This adapts the library's store to runes: `items` and `size` are state, the
 * scroll element is bound with `bind:this={list.element}`, and each rendered item calls
 * `measure` so items of any height lay out exactly.
 */
export class VirtualWindow {
  items = $state.raw<VirtualItem[]>([])
  /** The whole list's length along the scroll axis (px), for the spacer. */
  size = $state(0)
  element = $state<HTMLElement | null>(null)
  #instance: SvelteVirtualizer<HTMLElement, Element> | null = null

  constructor(options: VirtualWindowOptions) {
    const store = createVirtualizer<HTMLElement, Element>({
      count: 0,
      getScrollElement: () => this.element,
      estimateSize: () => options.estimate,
      getItemKey: (i) => options.key(i),
      overscan: options.overscan ?? 2,
      horizontal: options.horizontal ?? false,
      gap: options.gap ?? 0,
      // Sizes come from the ResizeObserver the library keeps on each item, which reports them
      // after the browser's own layout. Reading them on mount instead forced a layout of the
      // whole page per item as a long list first rendered.
      measureElement: (element, entry, instance) => {
        const box = entry?.borderBoxSize?.[0]
        if (box) return Math.round(options.horizontal ? box.inlineSize : box.blockSize)
        const key = instance.options.getItemKey(instance.indexFromElement(element))
        return instance.itemSizeCache.get(key) ?? options.estimate
      },
    })
    // Subscribing mounts the virtualizer; it must happen after the scroll element is bound.
    $effect(() => {
      if (!this.element) return
      return store.subscribe((v) => {
        this.#instance = v
        this.#show(v.getVirtualItems())
        this.size = v.getTotalSize()
      })
    })
    $effect(() => {
      const count = options.count()
      if (!this.element) return
      const v = this.#instance
      if (!v) return
      // The keys as of this count: read live, they ran ahead of the count the library knew
      // between a list changing and this effect, and a log filtered then cleared got one line
      // under two places (Svelte refused the duplicate key and the list stopped updating).
      const keys = Array.from({ length: count }, (_, i) => options.key(i))
      v.setOptions({ count, getItemKey: (i) => keys[i] ?? i })
      // A new count alone does not make the library tell its subscribers (a scroll or a
      // resize does): a filtered log cleared back to its whole length kept the filtered few.
      this.#show(v.getVirtualItems())
      this.size = v.getTotalSize()
      this.#forgetGone(count, options.key)
    })
  }

  /**
   * The library tells its subscribers on every scroll event and again when a scroll settles, with
   * the same items as new objects: a log kept at the bottom after each line re-ran every shown
   * line's row twice per command. Items equal to those shown are not handed on.
   */
  #show(next: VirtualItem[]): void {
    // Not a dependency of the effect that calls this: only its own inputs should re-run it.
    const shown = untrack(() => this.items)
    const same =
      next.length === shown.length &&
      next.every((item, i) => {
        const was = shown[i]!
        return item.key === was.key && item.index === was.index && item.start === was.start && item.size === was.size
      })
    if (!same) this.items = next
  }

  /**
   * The library keeps every measured size by key and never lets one go: a log that keeps its
   * latest lines while thousands pass through grew the page by a size per line ever shown. Once
   * the sizes held outnumber the items twice over, those of keys no longer listed are dropped
   * (each pass costs the list's length, so per change it costs about nothing).
   */
  #forgetGone(count: number, key: (index: number) => string | number): void {
    const sizes = this.#instance?.itemSizeCache
    if (!sizes || sizes.size <= 2 * count + 64) return
    // A throwaway lookup, not state: nothing reads it reactively.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const listed = new Set(Array.from({ length: count }, (_, i): VirtualItem['key'] => key(i)))
    for (const k of [...sizes.keys()]) if (!listed.has(k)) sizes.delete(k)
  }

  /**
   * Keeps `overscan` items rendered beyond each edge from now on (a list that mounts with few
   * and grows its margin once the page is idle). The library's store tells the list itself.
   */
  setOverscan(overscan: number): void {
    const v = this.#instance
    if (v && v.options.overscan !== overscan) v.setOptions({ overscan })
  }

  /**
   * An attachment for each rendered item (`{@attach list.measure}`; the item needs `data-index`).
   * Its cleanup has the library let go of items that left the page: it lets go only when its
   * ResizeObserver reports one gone, which Chromium does not do for every removed item, so a log
   * scrolling by kept each line it had shown (and its DOM) alive.
   */
  readonly measure = (node: Element): (() => void) => {
    this.#instance?.measureElement(node)
    return () => this.#sweepSoon()
  }

  #sweepPending = false
  /** Once the removals of this update are done (the library sweeps every item it holds per call). */
  #sweepSoon(): void {
    if (this.#sweepPending) return
    this.#sweepPending = true
    queueMicrotask(() => {
      this.#sweepPending = false
      this.#instance?.measureElement(null)
    })
  }

  /**
   * Whether item `index` lies wholly inside the scrolled viewport now. It reads the element's own
   * scroll position: the library's copy follows scroll events, so just after a scroll it is stale.
   */
  inView(index: number): boolean {
    const v = this.#instance
    const item = v?.measurementsCache[index]
    const el = this.element
    if (!v || !item || !el) return false
    const horizontal = v.options.horizontal
    const from = horizontal ? el.scrollLeft : el.scrollTop
    return item.start >= from && item.end <= from + (horizontal ? el.clientWidth : el.clientHeight)
  }

  /**
   * In the next frame, scrolls item `index` to `align` unless `settled()` (asked then) says the
   * view already shows what it should. An effect that runs as a command's diff lands must not
   * read the scroll position itself: the DOM has just changed, and the read would force a layout
   * of the whole page there and again in the frame. Read in the frame, the layout is one.
   */
  settleInFrame(settled: () => boolean, index: number, align: 'start' | 'end'): void {
    requestAnimationFrame(() => {
      if (!settled()) this.#instance?.scrollToIndex(index, { align })
    })
  }

  /**
   * Brings item `index` into view in the next frame (a scroll asked for mid-render would force
   * a layout of the whole page); resolves once the frame after it, which shows the item, is laid out.
   * `auto` scrolls only as far as needed and not at all when the item is in view; `start` and
   * `end` put it first or last.
   */
  reveal(index: number, align: 'auto' | 'start' | 'end' = 'auto'): Promise<void> {
    if (align === 'auto' && this.inView(index)) return Promise.resolve()
    return new Promise((done) =>
      requestAnimationFrame(() => {
        this.#instance?.scrollToIndex(index, { align })
        requestAnimationFrame(() => done())
      }),
    )
  }
}
