import type { Locator, Page } from '@playwright/test'

/** What the player screen's ribbon should show: ids in order, whose turn, which round. */
export interface RibbonExpectation {
  readonly ids: readonly string[]
  readonly current: string | null
  readonly round: string
}

/** The projector's page: read-only, and what the table sees. */
export class PlayerPage {
  /** Every WebSocket frame the player page received, as text (for leak checks). */
  readonly frames: string[] = []

  constructor(readonly page: Page) {
    page.on('websocket', (ws) => ws.on('framereceived', (f) => this.frames.push(String(f.payload))))
  }

  get ribbon(): Locator {
    return this.page.getByTestId('initiative-ribbon')
  }

  async ribbonIds(): Promise<string[]> {
    return this.ribbon.getByTestId('ribbon-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-combatant-id') ?? ''))
  }

  /**
   * Records the ribbon's state at every DOM mutation, with the time it appeared (page time,
   * epoch ms). No polling: the observer runs as the change is rendered.
   */
  async startRecording(): Promise<void> {
    await this.page.evaluate(() => {
      type Seen = { t: number; ids: (string | null)[]; current: string | null; round: string }
      const w = window as unknown as { __salvoStates?: Seen[] }
      if (w.__salvoStates) return
      const states: Seen[] = (w.__salvoStates = [])
      const record = () => {
        const ribbon = document.querySelector('[data-testid="initiative-ribbon"]')
        const ids = ribbon
          ? [...ribbon.querySelectorAll('[data-testid="ribbon-entry"]')].map((e) => e.getAttribute('data-combatant-id'))
          : []
        const current = ribbon?.querySelector('[data-testid="current-combatant"]')?.getAttribute('data-combatant-id') ?? null
        const round = ribbon?.querySelector('[data-testid="round-number"]')?.textContent?.trim() ?? ''
        const last = states.at(-1)
        if (last && JSON.stringify([last.ids, last.current, last.round]) === JSON.stringify([ids, current, round])) return
        states.push({ t: performance.timeOrigin + performance.now(), ids, current, round })
      }
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
      record()
    })
  }

  /** Waits until the ribbon has shown the expected state after `after`, and returns when it first did. */
  async firstSeen(expected: RibbonExpectation, after: number): Promise<number> {
    const handle = await this.page.waitForFunction(
      ({ exp, after }) => {
        type Seen = { t: number; ids: (string | null)[]; current: string | null; round: string }
        const states = (window as unknown as { __salvoStates?: Seen[] }).__salvoStates ?? []
        const matches = (s: Seen) => JSON.stringify(s.ids) === JSON.stringify(exp.ids) && s.current === exp.current && s.round === exp.round
        const hit = states.find((s) => s.t >= after && matches(s))
        // A change the players must not see (a hidden combatant) leaves their screen as it was.
        const before = states.filter((s) => s.t < after).at(-1)
        if (!hit && before && matches(before) && !states.some((s) => s.t >= after)) return after
        return hit ? hit.t : null
      },
      { exp: expected, after },
      // rAF polling stalls on a page that is not in front; the timestamps come from the observer anyway.
      { polling: 20 },
    )
    return (await handle.jsonValue()) as number
  }

  /** Every health text on the ribbon, by combatant id. */
  async healthById(): Promise<Record<string, string>> {
    return this.ribbon
      .getByTestId('ribbon-entry')
      .evaluateAll((els) =>
        Object.fromEntries(
          els.map((e) => [
            e.getAttribute('data-combatant-id') ?? '',
            e.querySelector('[data-testid="ribbon-health"]')?.textContent?.trim() ?? '',
          ]),
        ),
      )
  }
}
