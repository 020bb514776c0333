import { expect, test } from './fixtures/test'
import { RosterPanel } from './pages/roster-panel'

const ENTRIES = 400

test('a long roster keeps only the rows in view in the page, and search still finds any entry', async ({ gm }) => {
  const roster = new RosterPanel(gm.page)
  await gm.createCampaign('Big roster', 'roster-long-e2e')
  // Seeded through a second GM socket, as typed commands: 400 entries by hand would be the test's whole budget.
  const saved = await gm.page.evaluate(async (count) => {
    // The GM page's link carries the key in its fragment (`#k=…`): the second socket presents it too.
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/gm?${location.hash.slice(1)}`)
    await new Promise((resolve) => (ws.onopen = resolve))
    let ok = 0
    const replies = new Map<number, (value: boolean) => void>()
    ws.onmessage = (e) => {
      const data = JSON.parse(String(e.data)) as { kind: string; id?: number; result?: { ok: boolean } }
      if (data.kind === 'reply' && data.id !== undefined) replies.get(data.id)?.(data.result?.ok === true)
    }
    for (let i = 1; i <= count; i++) {
      const done = new Promise<boolean>((resolve) => replies.set(i, resolve))
      const payload = { name: `Grunt ${String(i).padStart(3, '0')}`, side: 'enemy', kind: 'npc', maxHp: 10 + i, faction: 'Horde', tags: [] }
      ws.send(JSON.stringify({ id: i, name: 'dispatch', input: { type: 'template/save', payload, meta: { commandId: `seed-${i}` } } }))
      if (await done) ok++
    }
    ws.close()
    return ok
  }, ENTRIES)
  expect(saved).toBe(ENTRIES)

  await roster.open()
  await expect(roster.root.getByTestId('roster-toggle')).toContainText(String(ENTRIES))
  await expect(roster.entry('Grunt 001')).toHaveCount(1)
  // Only the rows in view, and a few either side, exist: not all 400.
  const rendered = await roster.root.getByTestId('roster-entry').count()
  expect(rendered).toBeGreaterThan(2)
  expect(rendered).toBeLessThan(40)
  await expect(roster.entry('Grunt 400')).toHaveCount(0)

  // Scrolling the list brings the last rows in (and lets the first go).
  await roster.root.getByTestId('roster-list').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(roster.entry('Grunt 400')).toHaveCount(1)
  await expect(roster.entry('Grunt 001')).toHaveCount(0)

  // Search narrows the whole roster, not only the rendered rows.
  await roster.search.fill('Grunt 250')
  await expect.poll(() => roster.names()).toEqual(['Grunt 250'])
  await expect(roster.entry('Grunt 250')).toContainText('260 HP')
})
