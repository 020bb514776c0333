import { builtinModules } from 'node:module'
import { defineConfig } from 'vite'

/**
 * Browser mode's server (`npm run serve`): the same core as the Electron app, for plain Node, and
 * the fight forecast's worker thread beside it (`forecast-worker.js`, started from its folder).
 */
export default defineConfig({
  ssr: { noExternal: ['zod', 'lowdb', 'steno', 'seedrandom', 'ws'] },
  build: {
    ssr: true,
    outDir: 'out/web',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'sharp'],
      input: { main: 'src-main/hosts/web/main.ts', 'forecast-worker': 'src-main/core/autopilot/forecast-worker.ts' },
      output: { entryFileNames: '[name].js', format: 'es' },
    },
  },
})
