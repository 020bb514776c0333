import type { LogArchiveInfo, RequestInputs, RequestResults } from '../../../src-shared/contract'
import type { Result } from '../../../src-shared/result'

/**
 * How the log panel reaches lines the desk does not keep (the core's GM-only requests): closed
 * encounters' archived logs, and the running campaign's lines older than the desk's window.
 */
export interface ArchiveSource {
  list(): Promise<Result<readonly LogArchiveInfo[]>>
  read(input: RequestInputs['readLogArchive']): Promise<Result<RequestResults['readLogArchive']>>
  earlier(input: RequestInputs['readEarlierLog']): Promise<Result<RequestResults['readEarlierLog']>>
}

/** Entries per page of an archived log: enough to read a fight's end, bounded by the request's own cap. */
export const ARCHIVE_PAGE = 200
