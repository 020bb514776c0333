/** Every request across the boundary resolves to a Result; nothing throws across it. */
export interface Failure {
  /** Stable, machine-readable `domain/problem` code the UI and tests can branch on. */
  readonly code: string
  /** One sentence a GM can act on. */
  readonly message: string
  /** Optional structured detail (e.g. which backups can be restored). */
  readonly detail?: unknown
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Failure }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = (code: string, message: string, detail?: unknown): Result<never> =>
  detail === undefined ? { ok: false, error: { code, message } } : { ok: false, error: { code, message, detail } }
