import { builtinModules } from 'node:module'
import { defineConfig } from 'vite'

/** Browser mode's server (`npm run serve`): the same core as the Electron app, for plain Node. */
export default defineConfig({
  ssr: { noExternal: ['zod', 'lowdb', 'steno', 'seedrandom', 'ws'] },
  build: {
    ssr: 'src-main/hosts/web/main.ts',
    outDir: 'out/web',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'sharp'],
      output: { entryFileNames: 'main.js', format: 'es' },
    },
  },
})
