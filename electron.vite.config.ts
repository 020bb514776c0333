import { resolve } from 'node:path'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'electron-vite'

/**
 * Three builds from one file:
 * - main: the Electron shell (ESM, out/main/index.js) around the plain-Node core, and the forecast's worker;
 * - preload: CommonJS (out/preload/index.cjs) because sandboxed preloads cannot load ESM;
 * - renderer: two pages, the GM console (gm.html) and the player/projector view (player.html).
 * Browser mode's server is built by vite.web.config.ts from the same core.
 */
export default defineConfig({
  main: {
    build: {
      // The fight forecast's worker thread is its own entry, started from beside index.js.
      rolldownOptions: {
        input: {
          index: resolve('src-main/hosts/electron/main.ts'),
          'forecast-worker': resolve('src-main/core/autopilot/forecast-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('src-main/hosts/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    plugins: [svelte()],
    build: {
      rolldownOptions: {
        input: { gm: resolve('src-renderer/gm.html'), player: resolve('src-renderer/player.html') },
      },
    },
  },
})
