import { defineConfig } from '@playwright/test'

/** The desktop smoke test (`npm run test:desktop`), apart from the browser-mode e2e suite. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
})
