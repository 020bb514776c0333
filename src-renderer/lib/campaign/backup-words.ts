/** Why a backup exists, in the GM's words. */
export function backupReason(reason: string): string {
  if (reason === 'opened') return 'when the campaign was opened'
  if (reason === 'closed') return 'when the campaign was closed'
  if (reason === 'periodic') return 'automatic, during play'
  if (reason === 'encounter-end') return 'when an encounter ended'
  const m = /^before-migration-v(\d+)$/.exec(reason)
  return m ? `before upgrading from format ${m[1]}` : reason
}

export function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.ceil(bytes / 1024))} KB`
}

/** A stored ISO time as the GM's local date and time ('' when unknown). */
export function when(iso: string | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString()
}
