import type { z } from 'zod'
import { Deep, int, pick, type Path, type Rng, type SemanticHook } from './fuzz-mutate'

const token = (rng: Rng) => Math.floor(rng() * 2 ** 40).toString(36)

/**
 * Where a string is a record's id (its pattern starts `^prefix:`), an id of that shape that no
 * record has: the core must look it up and refuse, not trust it.
 */
export const unknownIds: SemanticHook = (path: Path, schema: z.ZodType) => {
  const checks = (
    (schema as unknown as { _zod: { def: { checks?: { _zod: { def: Record<string, unknown> } }[] } } })._zod.def.checks ?? []
  ).map((c) => c._zod.def)
  const pattern = checks.find((c) => c['pattern'] instanceof RegExp)?.['pattern'] as RegExp | undefined
  const prefix = pattern && /^\^([A-Za-z]+:)/.exec(pattern.source)?.[1]
  if (!pattern || !prefix) return []
  return [
    (rng: Rng) => {
      const candidates = [
        `${prefix}fz${token(rng)}`,
        `${prefix}ranged-weapons:fz-${token(rng)}`,
        `${prefix}fz-${token(rng)}-${int(rng, 0, 99)}`,
      ]
      return {
        path,
        value: pick(
          rng,
          candidates.filter((c) => pattern.test(c)),
        ),
        why: 'an id no record has',
      }
    },
  ]
}

/**
 * A combatant's or roster entry's `rules` (any JSON to the command schema, src-shared/commands.ts
 * `rulesPayload`, and to the document check): nested past 12 levels or over 200,000 characters
 * a command's schema refuses it; a sheet with unknown keys or of a shape no Compound X sheet
 * has, the ruleset does (in a command and in an imported file alike).
 */
export const rulesTheRulesetRefuses: SemanticHook = (path, schema) => {
  const def = (schema as unknown as { _zod: { def: { type: string } } })._zod.def
  // z.unknown() in a command, z.json() (lazy) in a campaign document.
  if (path.at(-1) !== 'rules' || (def.type !== 'unknown' && def.type !== 'lazy')) return []
  return [
    (rng: Rng) => ({ path, value: new Deep(int(rng, 13, 3000), 'stats'), why: 'nested too deep' }),
    (rng: Rng) => ({ path, value: { stats: { str: 5 }, pad: 'x'.repeat(int(rng, 200_001, 400_000)) }, why: 'too large' }),
    (rng: Rng) => ({ path, value: pick(rng, [5, 'a sheet', [], true, { stats: 'strong' }, { stats: { str: -40 } }]), why: 'not a sheet' }),
  ]
}

/**
 * Request inputs that are well formed but name nothing there is, or carry bytes that are no
 * image: a campaign, a backup or a ruleset that does not exist, base64 that is not, a file that
 * is no PNG, JPEG or WebP, a PNG cut off inside its header.
 */
export const requestSemantics: SemanticHook = (path, schema, valid) => {
  const key = path.at(-1)
  const at = (why: string, value: (rng: Rng) => unknown) => [(rng: Rng) => ({ path, value: value(rng), why })]
  if (key === 'campaignId') return at('a campaign that does not exist', (rng) => `fz-missing-${token(rng)}`)
  if (key === 'backup') return at('a backup that does not exist', (rng) => `fz-${token(rng)}.json`)
  if (key === 'rulesetId') return at('a ruleset that does not exist', (rng) => `fz-${token(rng)}`)
  if (key !== 'dataBase64' || typeof valid !== 'string') return unknownIds(path, schema, valid)
  const bytes = Buffer.from(valid, 'base64')
  return [
    ...at('not base64', (rng) => pick(rng, ['!!!!', `${valid.slice(0, 12)}*${valid.slice(12)}`, 'iVBOR w0KGgo=', '=' + valid])),
    ...at('no image', (rng) =>
      Buffer.concat([Buffer.from('fz'), Buffer.from(Array.from({ length: int(rng, 0, 4000) }, () => int(rng, 0, 255)))]).toString('base64'),
    ),
    ...at('an image cut off in its header', (rng) => bytes.subarray(0, int(rng, 0, 23)).toString('base64')),
  ]
}
