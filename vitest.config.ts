import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Real files on disk and fsync: give slow disks room, but keep the suite quick.
    testTimeout: 20_000,
    pool: 'forks',
  },
})
