import type { Page } from '@playwright/test'

export interface Reply {
  readonly ok: boolean
  readonly value?: unknown
  readonly error?: { readonly code: string; readonly message: string }
}

/**
 * One request over a second WebSocket from the GM page's own origin (the server's Origin check
 * lets it in) with the key of the GM's link (the page's fragment), exactly as ws-api sends it:
 * for what a test must set up that no control does.
 */
export function gmRequest(page: Page, name: string, input: unknown): Promise<Reply> {
  return page.evaluate(
    ({ name, input }) =>
      new Promise<Reply>((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/gm?${location.hash.slice(1)}`)
        ws.onerror = () => reject(new Error('socket failed'))
        ws.onopen = () => ws.send(JSON.stringify({ id: 1, name, input }))
        ws.onmessage = (e) => {
          const m = JSON.parse(String(e.data)) as { kind: string; id?: number; result?: Reply }
          if (m.kind === 'reply' && m.id === 1) {
            ws.close()
            resolve(m.result!)
          }
        }
      }),
    { name, input },
  )
}
