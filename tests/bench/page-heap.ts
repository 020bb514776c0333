import type { Page } from '@playwright/test'

/** A page's memory after a full garbage collection: what it keeps, not what it has not freed yet. */
export interface PageMemory {
  /** Bytes of the page's JavaScript heap in use (V8, via the DevTools protocol). */
  readonly heapBytes: number
  /** Elements in the page's document. */
  readonly elements: number
}

export async function pageMemory(page: Page): Promise<PageMemory> {
  const cdp = await page.context().newCDPSession(page)
  try {
    // Twice: the first collection can leave objects only a second one finds unreachable (weak maps, finalizers).
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length)
    return { heapBytes: usedSize, elements }
  } finally {
    await cdp.detach()
  }
}

export const mib = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MiB`
