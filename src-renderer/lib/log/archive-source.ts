import type { LogArchiveInfo, RequestInputs, RequestResults } from '../../../src-shared/contract'
import type { Result } from '../../../src-shared/result'

/** How the log panel reaches closed encounters' archived logs (the core's GM-only requests). */
export interface ArchiveSource {
  list(): Promise<Result<readonly LogArchiveInfo[]>>
  read(input: RequestInputs['readLogArchive']): Promise<Result<RequestResults['readLogArchive']>>
}

/** Entries per page of an archived log: enough to read a fight's end, bounded by the request's own cap. */
export const ARCHIVE_PAGE = 200
