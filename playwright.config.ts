import { execSync } from 'node:child_process'
import { defineConfig } from '@playwright/test'

/** Debian's Chromium: Playwright's own browser download cannot run here. */
function chromiumPath(): string {
  try {
    return execSync('which chromium', { encoding: 'utf8' }).trim() || '/usr/bin/chromium'
  } catch {
    return '/usr/bin/chromium'
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // One test at a time: each starts its own server and browser, and the latency checks
  // (player follows the GM within 100 ms) must measure Salvo, not two suites fighting for 2 cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'test-reports/e2e.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 860 },
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
})
