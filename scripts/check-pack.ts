// Checks the Compound X content pack (or only the files named) against the pack schema and
// prints the first problem with its file, entry and field, or a count per section.
// Usage: npx tsx scripts/check-pack.ts [file.json ...]
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadContentPack } from '../src-main/rules/compound-x/content/content-pack'

const dir = join(import.meta.dirname, '../resources/content-packs/compound-x')
const only = process.argv.slice(2)
const read = (file: string): string | null => {
  try {
    return readFileSync(join(dir, file), 'utf8')
  } catch {
    return null
  }
}
const reader = only.length
  ? (file: string) => (file === 'pack.json' ? JSON.stringify({ ...JSON.parse(read('pack.json') ?? '{}'), files: only }) : read(file))
  : read
const result = loadContentPack(reader)
if (!result.ok) {
  console.error(`✗ ${result.error.message}`)
  process.exit(1)
}
for (const [section, list] of Object.entries(result.value.entries)) console.log(`${section}: ${list.length}`)
console.log('✓ pack is valid')
