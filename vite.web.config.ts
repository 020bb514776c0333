import { builtinModules } from 'node:module'
import { defineConfig } from 'vite'

/** Browser mode's server (`npm run serve`): the same core as the Electron app, for plain Node. */
export default defineConfig({
  build: {
    ssr: 'src-main/hosts/web/main.ts',
    outDir: 'out/web',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'lowdb', 'seedrandom', 'sharp', 'ws', 'zod'],
      output: { entryFileNames: 'main.js', format: 'es' },
    },
  },
})
