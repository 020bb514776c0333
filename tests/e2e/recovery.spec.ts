import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'

test('a damaged campaign file is named, left alone, and a backup can be restored from the console', async ({ gm, server }) => {
  await gm.createCampaign('Night three', 'e2e-seed-3')
  await gm.addCombatant({ name: 'Vex Morrow', side: 'party', kind: 'pc', maxHp: 60 })
  // A clean stop compacts the campaign and keeps a closing backup.
  await server.kill('SIGTERM')
  const campaigns = join(server.dataDir, 'campaigns')
  const dir = join(campaigns, readdirSync(campaigns)[0]!)
  const file = join(dir, 'campaign.json')
  const damaged = readFileSync(file, 'utf8').slice(0, 200)
  writeFileSync(file, damaged)

  await server.launch()
  // A new run, a new key: the GM opens the link it printed.
  await gm.page.goto(server.gmUrl)
  const problem = gm.page.getByTestId('open-problem')
  await expect(problem).toBeVisible({ timeout: 10_000 })
  await expect(problem).toContainText(file)
  await expect(problem).toContainText('not valid JSON')
  if (process.env['SALVO_SHOTS']) await gm.page.screenshot({ path: '/tmp/shots/problem.png' })
  expect(readFileSync(file, 'utf8')).toBe(damaged)

  await gm.page.getByTestId('restore-backup').first().click()
  await expect(gm.card('Vex Morrow')).toHaveCount(1)
  await expect(gm.page.getByTestId('open-problem')).toHaveCount(0)
  // The damaged file was moved aside, not deleted.
  const aside = readdirSync(dir).find((n) => n.startsWith('campaign.json.broken-'))
  expect(aside && readFileSync(join(dir, aside), 'utf8')).toBe(damaged)
})

test('a damaged last journal line is set aside and the GM is told what is kept; the notice can be dismissed', async ({ gm, server }) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Night four', 'e2e-seed-4')
  await gm.addCombatant({ name: 'Vex Morrow', side: 'party', kind: 'pc', maxHp: 60 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 30 })
  // Killed the hard way: the journal is not folded in, and its last line is then damaged on disk.
  await server.kill('SIGKILL')
  const campaigns = join(server.dataDir, 'campaigns')
  const dir = join(campaigns, readdirSync(campaigns)[0]!)
  const journal = join(dir, 'journal.log')
  const lines = readFileSync(journal, 'utf8').split('\n')
  lines[lines.length - 2] = lines[lines.length - 2]!.replace(/^(.)/, (d) => (d === '0' ? '1' : '0'))
  writeFileSync(journal, lines.join('\n'))

  await server.launch()
  await gm.page.goto(server.gmUrl)
  const notice = gm.page.getByTestId('gm-notice')
  await expect(notice).toBeVisible({ timeout: 10_000 })
  await expect(notice).toContainText('The last line of')
  await expect(notice).toContainText('was damaged (checksum mismatch) and has been set aside in')
  await expect(gm.card('Vex Morrow')).toHaveCount(1)
  await expect(gm.card('Raider')).toHaveCount(0)
  if (process.env['SALVO_SHOTS']) await gm.page.screenshot({ path: `${process.env['SALVO_SHOTS']}/notice.png` })
  expect(readdirSync(dir).some((f) => f.startsWith('journal.log.torn-'))).toBe(true)
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toHaveCount(0)
})
