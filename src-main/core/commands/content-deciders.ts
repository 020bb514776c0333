import type { ContentItemRecord } from '../../../src-shared/records'
import { fail, ok } from '../../../src-shared/result'
import type { Decider } from './decide-context'

/** Imports a content file into the campaign: all of it, or nothing with the bad entry named. */
export const importContent: Decider<'content/import'> = (ctx, p) => {
  const content = ctx.ruleset.content
  if (!content) return fail('content/unsupported', `The ${ctx.ruleset.name} ruleset has no content to add to.`)
  const parsed = content.parseFile(p.fileName, p.text)
  if (!parsed.ok) return fail('content/invalid', parsed.error.message, parsed.error.detail)
  if (parsed.value.length === 0) return fail('content/empty', `${p.fileName} holds no entries.`)
  const records: ContentItemRecord[] = parsed.value.map((i) => ({
    typeName: 'content',
    id: `content:${i.section}:${i.itemId}`,
    section: i.section,
    itemId: i.itemId,
    name: i.name,
    entry: i.entry,
  }))
  const edited = records.filter((r) => ctx.state.get(r.id)).length
  return ok({
    label: `Import ${p.fileName}`,
    events: [
      ...records.map((record) => ({ type: 'content/put' as const, record })),
      ctx.log(
        `Imported ${records.length} item${records.length === 1 ? '' : 's'} from ${p.fileName}${edited ? ` (${edited} replaced)` : ''}`,
        { visibility: 'gm' },
      ),
    ],
  })
}

export const removeContent: Decider<'content/remove'> = (ctx, p) => {
  const record = ctx.state.get(p.id)
  if (record?.typeName !== 'content') return fail('content/notFound', `No campaign item ${p.id}.`)
  return ok({
    label: `Remove ${record.name}`,
    events: [{ type: 'content/removed', id: record.id }, ctx.log(`Removed the campaign item ${record.name}`, { visibility: 'gm' })],
  })
}
