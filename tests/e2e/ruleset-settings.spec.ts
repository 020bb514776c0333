import { expect, test } from './fixtures/test'
import { CampaignScreen } from './pages/campaign-screen'

test("the ruleset's settings on the campaign screen: a choice is saved, survives closing the screen, and undo takes it back", async ({
  gm,
}) => {
  await gm.createCampaign('Settings', 'settings-seed', 'd10-difficulty')
  const screen = new CampaignScreen(gm.page)
  await screen.open()
  const initiative = gm.page.getByTestId('ruleset-settings').locator('select')
  await expect(initiative).toHaveValue('each-round')
  await initiative.selectOption('fixed')
  if (process.env['SALVO_SHOTS']) await gm.page.screenshot({ path: `${process.env['SALVO_SHOTS']}/ruleset-settings.png` })
  await screen.backToFight()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Setting changed' })).toContainText('Fixed for the encounter')
  await screen.open()
  await expect(initiative).toHaveValue('fixed')
  await screen.backToFight()
  await gm.page.keyboard.press('Control+z')
  await screen.open()
  await expect(initiative).toHaveValue('each-round')
})
