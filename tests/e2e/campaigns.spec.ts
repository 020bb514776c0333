import { mkdirSync } from 'node:fs'
import { SalvoServer } from './fixtures/salvo-server'
import { expect, test } from './fixtures/test'
import { CampaignScreen, type SavedFile } from './pages/campaign-screen'
import { GmPage } from './pages/gm-page'

const shots = process.env['SALVO_SHOTS'] ? '/tmp/shots' : null

test('rename, export, import into a fresh data folder and export again: the same campaign', async ({ gm, context }) => {
  await gm.createCampaign('Night three', 'e2e-seed-7')
  await gm.addCombatant({ name: 'Vex Morrow', side: 'party', kind: 'pc', maxHp: 60, initiativeModifier: 4 })
  await gm.addCombatant({ name: 'Red Hand sniper', side: 'enemy', kind: 'npc', maxHp: 45, hidden: true })
  await gm.startEncounter()
  await gm.rollInitiative()
  await gm.editHp('Vex Morrow', '-12')
  await expect.poll(() => gm.hp('Vex Morrow')).toContain('48')

  const screen = new CampaignScreen(gm.page)
  await screen.open()
  await screen.rename('Kessler Yard, night three')
  await expect(gm.page.getByTestId('campaign-title')).toContainText('Kessler Yard, night three')
  await expect(gm.page.getByTestId('open-campaign').filter({ hasText: 'Kessler Yard, night three' })).toHaveCount(1)
  // Esc leaves the name as it was.
  const input = await screen.startRename('Not this')
  if (shots) {
    mkdirSync(shots, { recursive: true })
    await gm.page.screenshot({ path: `${shots}/campaigns-rename.png` })
  }
  await input.press('Escape')
  await expect(screen.currentName).toHaveText('Kessler Yard, night three')

  const exported = await screen.export()
  expect(exported.fileName).toBe('kessler-yard-night-three.salvo-campaign.json')
  await expect(gm.page.getByTestId('export-status')).toContainText(exported.fileName)
  await expect(screen.backups.first()).toBeVisible()
  if (shots) {
    mkdirSync(shots, { recursive: true })
    await gm.page.screenshot({ path: `${shots}/campaigns.png` })
  }

  // Another Salvo with an empty data folder, as on the GM's other laptop.
  const other = await SalvoServer.start()
  try {
    const page = await context.newPage()
    await page.goto(other.gmUrl)
    await page.bringToFront()
    const elsewhere = new CampaignScreen(page)
    await expect(elsewhere.root).toBeVisible()
    expect(await elsewhere.recentNames()).toEqual([])
    await elsewhere.dropFile(exported)
    const there = new GmPage(page)
    await expect(page.getByTestId('campaign-title')).toContainText('Kessler Yard, night three')
    await expect(there.card('Vex Morrow')).toHaveCount(1)
    await expect(there.card('Red Hand sniper')).toHaveCount(1)
    await expect.poll(() => there.hp('Vex Morrow')).toContain('48')
    await expect(page.getByTestId('round-number')).toHaveText('1')

    await elsewhere.open()
    // The campaign screen asks for the recent list when it opens: read it once it has arrived.
    await expect.poll(() => elsewhere.recentNames()).toEqual(['Kessler Yard, night three'])
    const again = await elsewhere.export()
    expect(again.fileName).toBe(exported.fileName)
    expect(JSON.parse(again.text)).toEqual(JSON.parse(exported.text))
  } finally {
    await other.stop()
  }
})

test('a damaged file names its problem and leaves the open campaign as it was', async ({ gm }) => {
  await gm.createCampaign('Home game', 'e2e-seed-8')
  await gm.addCombatant({ name: 'Ossa Kade', side: 'party', kind: 'pc', maxHp: 50 })
  const screen = new CampaignScreen(gm.page)
  await screen.open()
  const good = await screen.export()

  const truncated: SavedFile = { fileName: 'home-game.salvo-campaign.json', text: good.text.slice(0, Math.floor(good.text.length * 0.6)) }
  await screen.importFile(truncated)
  await expect(screen.importProblem).toContainText(/^home-game\.salvo-campaign\.json is cut off at line \d+, column \d+: the text ends/)
  if (shots) await gm.page.screenshot({ path: `${shots}/campaigns-import-error.png` })

  const parsed = JSON.parse(good.text) as { document: { records: Record<string, Record<string, unknown>> } }
  const ossa = Object.values(parsed.document.records).find((r) => r['typeName'] === 'combatant')!
  ossa['maxHp'] = 'fifty'
  await screen.dropFile({ fileName: 'edited.json', text: JSON.stringify(parsed) })
  await expect(screen.importProblem).toContainText(`edited.json: document › records › ${String(ossa['id'])} › maxHp`)

  await screen.importFile({ fileName: 'items.json', text: '{ "kind": "ranged-weapons", "entries": [] }' })
  await expect(screen.importProblem).toContainText('items.json is not a Salvo campaign file')

  // Nothing was created and the open campaign is untouched.
  expect(await screen.recentNames()).toEqual(['Home game'])
  await expect(screen.currentName).toHaveText('Home game')
  await screen.backToFight()
  await expect(gm.page.getByTestId('combatant-card')).toHaveCount(1)
  await expect(gm.card('Ossa Kade')).toHaveCount(1)
  expect(await gm.hp('Ossa Kade')).toContain('50')
})

test('a backup of the open campaign is restored from the campaign screen, after a confirmation', async ({ gm }) => {
  await gm.createCampaign('Backed up', 'e2e-seed-9')
  await gm.addCombatant({ name: 'Vex Morrow', side: 'party', kind: 'pc', maxHp: 60 })
  await gm.startEncounter()
  // Ending an encounter takes a backup.
  await gm.page.getByTestId('end-encounter').click()
  await gm.page.getByTestId('end-encounter-confirm').click()
  await expect(gm.page.getByTestId('start-encounter')).toBeVisible()
  await gm.addCombatant({ name: 'Late arrival', side: 'enemy', kind: 'npc', maxHp: 30 })

  const screen = new CampaignScreen(gm.page)
  await screen.open()
  const atEnd = screen.backups.and(gm.page.locator('[data-reason="encounter-end"]'))
  await expect(atEnd).toHaveCount(1)
  await expect(atEnd).toContainText('when an encounter ended')

  await atEnd.getByTestId('backup-restore').click()
  await atEnd.getByTestId('backup-cancel').click()
  await expect(atEnd.getByTestId('backup-confirm')).toHaveCount(0)

  if (shots) {
    await atEnd.getByTestId('backup-restore').click()
    await gm.page.screenshot({ path: `${shots}/campaigns-restore.png` })
    await atEnd.getByTestId('backup-cancel').click()
  }
  await screen.restoreBackup(atEnd)
  await expect(screen.root).toHaveCount(0)
  await expect(gm.card('Vex Morrow')).toHaveCount(1)
  await expect(gm.card('Late arrival')).toHaveCount(0)
})
