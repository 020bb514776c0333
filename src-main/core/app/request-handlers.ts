import { PLAYER_REQUESTS, REQUEST_NAMES, type RequestName, type RequestResults } from '../../../src-shared/contract'
import { requestInputSchemas, type CheckedRequestInputs } from '../../../src-shared/request-schemas'
import { fail, type Result } from '../../../src-shared/result'
import type { AttachedWindow } from './attached-windows'

/**
 * One handler per request name, given the input its schema already checked and the window that
 * asked. A request without a handler, or a handler answering the wrong type, does not compile.
 */
export type RequestHandlers = {
  readonly [N in RequestName]: (
    input: CheckedRequestInputs[N],
    window: AttachedWindow,
  ) => Result<RequestResults[N]> | Promise<Result<RequestResults[N]>>
}

/** Parse options that skip zod's generated code (for a schema used a few times, it costs more than it saves). */
const JITLESS = { jitless: true } as const

/**
 * Answers one request from a window: a name it does not know, a read-only window asking to
 * change something, or input its schema refuses are answered with a failure and reach no handler;
 * a handler that throws is answered with one too, since nothing may throw across the boundary.
 */
export async function answerRequest<N extends RequestName>(
  handlers: RequestHandlers,
  window: AttachedWindow,
  name: N,
  input: unknown,
): Promise<Result<RequestResults[N]>> {
  // `name` comes off a socket or IPC channel, whatever its type says.
  if (!REQUEST_NAMES.includes(name)) return fail('request/unknown', `Unknown request "${String(name).slice(0, 40)}".`)
  if (window.channel.role === 'player' && !PLAYER_REQUESTS.has(name)) {
    return fail('request/forbidden', 'The player view can only read; commands come from the GM window.')
  }
  // Without zod's compiled fast path: building it cost 50 ms on a request's first use (the
  // desk's first requests, in the way of a cold start), and a request's input is a few fields.
  const parsed = requestInputSchemas[name].safeParse(input, JITLESS)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return fail('request/invalid', `Invalid ${name} request: ${issue?.path.join('.') || 'input'} ${issue?.message ?? ''}`.trim())
  }
  try {
    return await handlers[name](parsed.data, window)
  } catch (e) {
    return fail('core/failed', `Salvo hit an unexpected problem handling ${name}: ${(e as Error).message}`)
  }
}
