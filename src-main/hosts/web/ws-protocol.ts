import type { RequestName, ServerMessage } from '../../../src-shared/contract'
import type { Result } from '../../../src-shared/result'

/** Browser mode's wire format: requests carry an id the reply echoes; pushes carry a message. */
export interface WireRequest {
  readonly id: number
  readonly name: RequestName
  readonly input: unknown
}

export type WireReply =
  | { readonly kind: 'reply'; readonly id: number; readonly result: Result<unknown> }
  | { readonly kind: 'push'; readonly message: ServerMessage }

export function parseWireRequest(text: string): WireRequest | string {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'not JSON'
  }
  if (typeof value !== 'object' || value === null) return 'not an object'
  const v = value as Record<string, unknown>
  if (typeof v['id'] !== 'number' || !Number.isSafeInteger(v['id'])) return 'missing id'
  if (typeof v['name'] !== 'string') return 'missing name'
  return { id: v['id'], name: v['name'] as RequestName, input: v['input'] }
}
