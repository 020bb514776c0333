import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Statements that start with import/export and name a module; side-effect imports; dynamic imports. */
const IMPORT = [
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
]

/** The module specifiers a source text imports (static, side-effect and dynamic imports; type-only ones too). */
export function importsOf(text: string): string[] {
  // Comments mention paths ("see src-main/…") without importing them.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
  return IMPORT.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]!))
}

/** Every `.ts` and `.svelte` source file under `dir` (declarations left out). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return sourceFiles(p)
    return /\.(ts|svelte)$/.test(name) && !name.endsWith('.d.ts') ? [p] : []
  })
}
