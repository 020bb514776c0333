import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWebSocketTransport, type LinkStatus } from '../../../src-renderer/lib/transport/ws-api'
import { TABLE_SEAT } from '../../../src-renderer/lib/transport/seat'

/** A socket the test opens and closes by hand. */
class FakeSocket {
  static readonly OPEN = 1
  static made: FakeSocket[] = []
  readyState = 0
  onopen: (() => void) | null = null
  onclose: (() => void) | null = null
  onmessage: ((e: { data: string }) => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.made.push(this)
  }
  open(): void {
    this.readyState = FakeSocket.OPEN
    this.onopen?.()
  }
  drop(): void {
    this.readyState = 3
    this.onclose?.()
  }
  send(): void {}
}

describe("the browser link's failed tries", () => {
  beforeEach(() => {
    FakeSocket.made = []
    vi.useFakeTimers()
    vi.stubGlobal('WebSocket', FakeSocket)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('counts the tries that fail after the link is lost, and starts again at 0 once it opens', async () => {
    const seen: [LinkStatus, number][] = []
    const transport = createWebSocketTransport(TABLE_SEAT, 'http://127.0.0.1:5780')
    transport.onStatus((s, tries) => seen.push([s, tries]))
    const last = () => FakeSocket.made.at(-1)!
    last().open()
    last().drop() // the open link is lost: no try has failed yet
    await vi.advanceTimersByTimeAsync(5_000)
    last().drop() // the first try fails
    await vi.advanceTimersByTimeAsync(5_000)
    last().drop() // and the second
    await vi.advanceTimersByTimeAsync(5_000)
    last().open()
    expect(seen).toEqual([
      ['connecting', 0],
      ['open', 0],
      ['closed', 0],
      ['connecting', 0],
      ['closed', 1],
      ['connecting', 1],
      ['closed', 2],
      ['connecting', 2],
      ['open', 0],
    ])
  })
})
