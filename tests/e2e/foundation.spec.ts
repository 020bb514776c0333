import type { ServerMessage } from '../../src-shared/contract'
import type { CombatantView } from '../../src-shared/views'
import { expect, test } from './fixtures/test'
import type { GmPage } from './pages/gm-page'
import type { PlayerPage, RibbonExpectation } from './pages/player-page'

/** The bound on GM action → player screen. */
const FOLLOW_MS = 100

/** What the player must show, derived from the GM's ribbon minus what is hidden. */
async function playerExpectation(gm: GmPage, hidden: ReadonlySet<string>): Promise<RibbonExpectation> {
  const current = await gm.currentId()
  const order = await gm.ribbonIds()
  const ids = order.filter((id) => !hidden.has(id))
  const round = (await gm.page.getByTestId('round-number').textContent())?.trim() ?? ''
  if (!current || !hidden.has(current)) return { ids, current, round }
  // A hidden one acts: the table marks the last visible one before it (issue 30), or — when it opens
  // the round — the last of the round before, or in the first round the next visible one.
  const at = order.indexOf(current)
  const before = order.slice(0, at).filter((id) => !hidden.has(id))
  const after = order.slice(at + 1).filter((id) => !hidden.has(id))
  const marked = before.at(-1) ?? (Number(round) > 1 ? ids.at(-1) : after[0]) ?? null
  return { ids, current: marked, round }
}

/** Does a GM action, waits for the GM to show it, and asserts the player followed within the bound. */
async function followed(
  gm: GmPage,
  player: PlayerPage,
  hidden: ReadonlySet<string>,
  action: () => Promise<void>,
  settled: () => Promise<void>,
) {
  await gm.armActionClock()
  await action()
  await settled()
  const actedAt = await gm.lastActionTime()
  const expected = await playerExpectation(gm, hidden)
  const seenAt = await player.firstSeen(expected, actedAt)
  if (process.env['SALVO_E2E_DEBUG']) console.log(`lag ${(seenAt - actedAt).toFixed(1)} ms at ${new Date().toISOString()}`)
  expect(seenAt - actedAt, `player lag for ${JSON.stringify(expected)}`).toBeLessThan(FOLLOW_MS)
  return expected
}

function playerCombatants(frames: readonly string[]): CombatantView[] {
  const out: CombatantView[] = []
  for (const f of frames) {
    const data = JSON.parse(f) as { kind: string; message?: ServerMessage; result?: { ok: boolean; value?: { records?: unknown[] } } }
    const records: unknown[] = []
    if (data.kind === 'push' && data.message?.kind === 'diff') records.push(...data.message.diff.added, ...data.message.diff.updated.flat())
    if (data.kind === 'push' && data.message?.kind === 'snapshot') records.push(...data.message.snapshot.records)
    if (data.kind === 'reply' && Array.isArray(data.result?.value?.records)) records.push(...data.result.value.records)
    for (const r of records) if ((r as { typeName?: string }).typeName === 'combatant') out.push(r as CombatantView)
  }
  return out
}

test('GM and player screens run the first fight, and a SIGKILL loses nothing acknowledged', async ({ gm, player, server }) => {
  await player.startRecording()
  await gm.createCampaign('Night one', 'e2e-seed-1')
  const hidden = new Set<string>()

  // Combatants: two PCs, a visible NPC and one hidden from the start.
  const ids: Record<string, string> = {}
  const roster = [
    { name: 'Vex Morrow', side: 'party', kind: 'pc', maxHp: 60, initiativeModifier: 5 },
    { name: 'Ash', side: 'party', kind: 'pc', maxHp: 55, initiativeModifier: 3 },
    { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 },
    { name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 35, initiativeModifier: 2, hidden: true },
  ] as const
  for (const c of roster) {
    await followed(
      gm,
      player,
      hidden,
      async () => {
        ids[c.name] = await gm.addCombatant(c)
        if (c.kind === 'npc' && 'hidden' in c && c.hidden) hidden.add(ids[c.name]!)
      },
      async () => undefined,
    )
  }
  expect(await player.ribbonIds()).not.toContain(ids['Sniper'])

  await gm.startEncounter()
  await followed(
    gm,
    player,
    hidden,
    () => gm.rollInitiative(),
    async () => {
      await expect(gm.ribbon.getByTestId('current-combatant')).toHaveCount(1)
    },
  )
  await expect(player.ribbon.getByTestId('round-number')).toHaveText('1')

  // Advance through a whole round and into the next, checking the player each turn.
  for (let turn = 0; turn < 5; turn++) {
    const before = await gm.currentId()
    await followed(
      gm,
      player,
      hidden,
      () => gm.nextTurn(),
      async () => {
        await expect.poll(() => gm.currentId()).not.toBe(before)
      },
    )
  }
  await expect(gm.page.getByTestId('round-number')).toHaveText('2')
  await expect(player.ribbon.getByTestId('round-number')).toHaveText('2')

  // Hide the Raider mid-fight: it leaves the player's ribbon at once.
  hidden.add(ids['Raider']!)
  await followed(
    gm,
    player,
    hidden,
    () => gm.toggleHidden('Raider'),
    async () => {
      await expect(gm.card('Raider').getByTestId('toggle-hidden')).toHaveText('Reveal to players')
    },
  )
  expect(await player.ribbonIds()).not.toContain(ids['Raider'])

  // NPC numbers never reach the player screen; PCs' do.
  const health = await player.healthById()
  for (const [id, text] of Object.entries(health)) {
    if (id === ids['Vex Morrow'] || id === ids['Ash']) expect(text).toMatch(/^\d+\/\d+$/)
    else expect(text).toMatch(/^(unhurt|hurt|bloodied|down)$/)
  }

  // HP edit, then undo/redo from the keyboard.
  await gm.editHp('Vex Morrow', '-9')
  await expect(gm.card('Vex Morrow').getByTestId('card-hp')).toHaveText('51 / 60')
  await gm.shortcut('Control+z')
  await expect(gm.card('Vex Morrow').getByTestId('card-hp')).toHaveText('60 / 60')
  await gm.shortcut('Control+Shift+z')
  await expect(gm.card('Vex Morrow').getByTestId('card-hp')).toHaveText('51 / 60')

  // The command is acknowledged (its diff only exists after the fsync): kill the server at once.
  await gm.editHp('Ash', '-20')
  await expect(gm.card('Ash').getByTestId('card-hp')).toHaveText('35 / 55')
  await server.kill('SIGKILL')
  await expect(gm.page.getByTestId('link-status')).not.toHaveText('connected')
  await server.launch()
  // The restarted server made a new key: the open GM page says so rather than retrying for ever,
  // and works again at the link the new run printed. The table's page reconnects by itself.
  await expect(gm.page.getByTestId('gm-key-needed')).toHaveAttribute('data-reason', 'stale', { timeout: 10_000 })
  await gm.page.goto(server.gmUrl)
  await expect(gm.page.getByTestId('link-status')).toHaveText('connected', { timeout: 10_000 })
  await expect(gm.card('Ash').getByTestId('card-hp')).toHaveText('35 / 55')
  await expect(gm.card('Vex Morrow').getByTestId('card-hp')).toHaveText('51 / 60')
  await expect(player.ribbon.locator(`[data-combatant-id="${ids['Ash']}"] [data-testid="ribbon-health"]`)).toHaveText('35/55')

  // Nothing the player page was ever sent named the hidden Sniper or carried NPC numbers.
  expect(player.frames.length).toBeGreaterThan(5)
  expect(player.frames.join('\n')).not.toContain('Sniper')
  const seen = playerCombatants(player.frames)
  expect(seen.some((c) => c.kind === 'npc')).toBe(true)
  for (const c of seen) {
    if (c.kind === 'npc') expect(c.numbers.kind, c.name).toBe('secret')
    expect(c.hidden, c.name).toBe(false)
  }
})

test('the player page cannot send commands', async ({ gm, player }) => {
  await gm.createCampaign('Night two', 'e2e-seed-2')
  const answer = await player.page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/ws/player`)
        ws.onopen = () =>
          ws.send(
            JSON.stringify({
              id: 1,
              name: 'dispatch',
              input: { type: 'encounter/start', payload: { name: 'x' }, meta: { commandId: 'sneaky' } },
            }),
          )
        ws.onmessage = (e) => {
          const data = JSON.parse(String(e.data)) as { kind: string; id?: number; result?: { error?: { code: string } } }
          if (data.kind === 'reply' && data.id === 1) resolve(data.result?.error?.code ?? 'accepted')
        }
      }),
  )
  expect(answer).toBe('request/forbidden')
  await expect(gm.page.getByTestId('start-encounter')).toBeVisible()
})
