import * as path from 'node:path'
import { CONTENT_SECURITY_POLICY } from './content-security-policy'

/**
 * "Which built renderer file does this path name, and with which headers?" for both shells:
 * browser mode's static server and the desktop app's page scheme serve the same folder by the
 * same rule, so a traversal one refuses the other cannot let through.
 */

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

export type RendererFile =
  | { readonly status: 200; readonly file: string; readonly headers: Readonly<Record<string, string>> }
  /** 400: the path does not decode; 403: it decodes to somewhere outside the renderer folder. */
  | { readonly status: 400 | 403 }

/** What every answer of either shell carries, a refusal included. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
}

/** A URL path decoded into one relative to the renderer folder (`/assets/a.js` → `assets/a.js`); null if it does not decode. */
export function decodeRendererPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname).replace(/^\/+/, '')
  } catch {
    return null
  }
}

/**
 * The file a decoded relative path stands for, checked after resolving (so `..`, however it was
 * spelt before decoding, cannot climb out) and with a NUL refused outright.
 */
export function rendererFile(rendererDir: string, relative: string | null): RendererFile {
  if (relative === null) return { status: 400 }
  const root = path.resolve(rendererDir)
  const file = path.resolve(root, relative)
  if (relative.includes('\0') || !file.startsWith(root + path.sep)) return { status: 403 }
  return {
    status: 200,
    file,
    headers: {
      ...BASE_HEADERS,
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      // The bundler puts a content hash in every name under assets/; the pages themselves change in place.
      'cache-control': relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  }
}
