import { MAX_CAMPAIGN_FILE_BYTES, type CampaignFile } from '../../../src-shared/contract'
import { fail, ok, type Result } from '../../../src-shared/result'
import { describeBytes } from '../../../src-shared/scene-assets'
import { CURRENT_SCHEMA_VERSION, readDocument, type CampaignDocument } from '../persistence/document-schema'
import { MIGRATIONS, migrate, MigrationError, schemaVersionOf, type Migration } from '../persistence/migrations'
import { slug } from '../persistence/slug'
import { readCampaignAssets, type CampaignAssets } from './campaign-assets'
import { logArchiveText, readCampaignLogArchive, type CampaignLogArchive } from './campaign-log-archive'
import { findJsonSyntaxProblem, findStructureProblem } from './json-syntax'

/**
 * The export format: one JSON object naming itself, so any other JSON file (an item file,
 * a settings file) is recognised as "not a campaign" rather than as a broken one.
 *
 * { "format": "salvo-campaign", "formatVersion": 1, "document": { schemaVersion, journalSeq, records }, "assets"?: { "<sha256>.<ext>": base64 } }
 *
 * The document is exactly what a campaign folder's campaign.json holds with the journal
 * folded in: every record, the random generator's state and the undo history. It carries no
 * export time and no folder id, so exporting an imported campaign gives the same file.
 * `assets` holds the scene images the document points at (absent when there are none, so a
 * campaign without maps exports exactly as before images existed; older Salvos ignore it).
 * `logArchive` holds closed encounters' archived log entries by archive file (absent when there
 * are none; see campaign-log-archive.ts).
 */
export const CAMPAIGN_FILE_FORMAT = 'salvo-campaign'
/** The envelope's own version; the document inside has its schemaVersion (and migrations). */
export const CAMPAIGN_FILE_VERSION = 1

export function writeCampaignFile(
  document: CampaignDocument,
  assets: CampaignAssets = new Map(),
  logArchive: CampaignLogArchive = new Map(),
): CampaignFile {
  const campaign = document.records['campaign']
  const name = campaign?.typeName === 'campaign' ? campaign.name : 'campaign'
  // One record a line: about half the size of an indented file, and the line an error
  // names is the record it is in, for a GM who opens the file in an editor.
  const records = Object.entries(document.records).map(([id, r]) => `${JSON.stringify(id)}: ${JSON.stringify(r)}`)
  const head = `"schemaVersion": ${JSON.stringify(document.schemaVersion)}, "journalSeq": ${JSON.stringify(document.journalSeq)}`
  // One image a line too, after the records, sorted so the same campaign gives the same text.
  const images = [...assets.keys()].sort().map((n) => `${JSON.stringify(n)}: "${Buffer.from(assets.get(n)!).toString('base64')}"`)
  const tail = (images.length ? `, "assets": {\n${images.join(',\n')}\n}` : '') + logArchiveText(logArchive)
  const text = `{"format": "${CAMPAIGN_FILE_FORMAT}", "formatVersion": ${CAMPAIGN_FILE_VERSION}, "document": {${head}, "records": {\n${records.join(',\n')}\n}}${tail}}\n`
  return { fileName: `${slug(name)}.salvo-campaign.json`, text }
}

const sizeText = describeBytes

function looksLike(value: Record<string, unknown>): string {
  if ('kind' in value && 'entries' in value) return ' It looks like a campaign item file: import it under Campaign items instead.'
  if ('schemaVersion' in value && 'records' in value) return ' It looks like a campaign.json or a backup from a data folder, not an export.'
  return ''
}

/**
 * Reads an exported campaign file as a current-format document, or says precisely what is
 * wrong with it: size, JSON syntax (line and column), the format marker, the versions, and
 * the same record-by-record check a campaign folder gets when it opens. Touches nothing.
 * The document it gives back holds only the fields the document schema names.
 */
export function readCampaignFile(fileName: string, text: string, migrations: readonly Migration[] = MIGRATIONS): Result<CampaignDocument> {
  const read = readCampaignFileWithAssets(fileName, text, migrations)
  return read.ok ? ok(read.value.document) : read
}

export interface ReadCampaign {
  readonly document: CampaignDocument
  readonly assets: CampaignAssets
  readonly logArchive: CampaignLogArchive
}

/** readCampaignFile, plus the scene images the file carries (each checked like an imported image). */
export function readCampaignFileWithAssets(
  fileName: string,
  text: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Result<ReadCampaign> {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > MAX_CAMPAIGN_FILE_BYTES) {
    return fail(
      'import/tooLarge',
      `${fileName} is ${sizeText(bytes)}; a campaign file can be at most ${sizeText(MAX_CAMPAIGN_FILE_BYTES)}.`,
    )
  }
  // Some editors save a byte-order mark, which JSON.parse refuses though the JSON is fine.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  if (body.trim() === '') return fail('import/empty', `${fileName} is empty.`)

  let value: unknown
  try {
    value = JSON.parse(body)
  } catch (e) {
    const p = findJsonSyntaxProblem(body)
    if (p?.truncated) {
      return fail(
        'import/truncated',
        `${fileName} is cut off at line ${p.line}, column ${p.column}: ${p.problem}. The file was probably not saved or copied completely.`,
      )
    }
    if (p) return fail('import/notJson', `${fileName} is not valid JSON: line ${p.line}, column ${p.column}: ${p.problem}.`)
    return fail('import/notJson', `${fileName} is not valid JSON: ${(e as Error).message.slice(0, 160)}.`)
  }

  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(
      'import/notCampaign',
      `${fileName} is not a Salvo campaign file: it holds ${Array.isArray(value) ? 'a list' : `a single ${value === null ? 'null' : typeof value}`}, not an object.`,
    )
  }
  const envelope = value as Record<string, unknown>
  if (envelope['format'] !== CAMPAIGN_FILE_FORMAT) {
    const found = 'format' in envelope ? ` (its "format" is ${JSON.stringify(envelope['format'])?.slice(0, 60)})` : ''
    return fail(
      'import/notCampaign',
      `${fileName} is not a Salvo campaign file: it has no "format": "${CAMPAIGN_FILE_FORMAT}" marker${found}.${looksLike(envelope)}`,
    )
  }
  const formatVersion = envelope['formatVersion']
  if (typeof formatVersion !== 'number' || !Number.isInteger(formatVersion) || formatVersion < 1) {
    return fail('import/invalid', `${fileName}: formatVersion must be a whole number from 1 up.`)
  }
  if (formatVersion > CAMPAIGN_FILE_VERSION) {
    return fail(
      'import/tooNew',
      `${fileName} was written by a newer Salvo (file format ${formatVersion}; this one reads up to ${CAMPAIGN_FILE_VERSION}). Update Salvo to import it.`,
    )
  }
  // JSON.parse keeps the last of two records under one id, and the checks below walk the data recursively.
  const structure = findStructureProblem(body)
  if (structure) return fail('import/invalid', `${fileName}: line ${structure.line}, column ${structure.column}: ${structure.problem}.`)
  const raw = envelope['document']
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail('import/invalid', `${fileName}: the "document" holding the campaign is missing.`)
  }

  const version = schemaVersionOf(raw)
  if (version === null) return fail('import/invalid', `${fileName}: document › schemaVersion is missing or not a whole number.`)
  if (version > CURRENT_SCHEMA_VERSION) {
    return fail(
      'import/tooNew',
      `${fileName} holds a campaign in format ${version}, newer than this Salvo understands (${CURRENT_SCHEMA_VERSION}). Update Salvo to import it.`,
    )
  }
  let document = raw as Record<string, unknown>
  if (version < CURRENT_SCHEMA_VERSION) {
    try {
      document = migrate(document, migrations)
    } catch (e) {
      if (e instanceof MigrationError) return fail('import/migration', `${fileName}: ${e.message}.`)
      return fail('import/migration', `${fileName}: the campaign could not be upgraded from format ${version} (${(e as Error).message}).`)
    }
  }
  // What goes on is the checked document, not the file's: fields the schema does not name are gone.
  const checked = readDocument(document)
  if (!checked.ok) return fail('import/invalid', `${fileName}: document › ${checked.problem}.`)
  const assets = readCampaignAssets(fileName, envelope['assets'])
  if (!assets.ok) return assets
  const logArchive = readCampaignLogArchive(fileName, envelope['logArchive'])
  if (!logArchive.ok) return logArchive
  return ok({ document: checked.document, assets: assets.value, logArchive: logArchive.value })
}
