/**
 * Browser mode's GM key: a random secret the server makes each time it starts and prints once,
 * in the GM console's address. Only a window that holds it may take the GM's seat (`/ws/gm`) or
 * load the GM's pictures (`/campaign-assets/`); the table's page and route never need it. The
 * desktop app has none: its windows reach the core over IPC and their own sessions.
 *
 * Where it travels, and why there:
 * - the page's address carries it in the fragment (`http://127.0.0.1:5780/#k=…`). A browser sends
 *   no fragment to any server — not when it loads the page, not in a Referer — so the page's own
 *   request never carries it; it stays in that tab's address bar and history only;
 * - the page then names it in the query of the requests that need it (the GM socket and the GM's
 *   pictures), which go to our own server only (the page's policy allows no other).
 * It is never put in storage: localStorage is shared by every page of the origin (the table's
 * too), and sessionStorage is copied into any window a page opens.
 *
 * Pure and dependency-free: the renderer, browser mode's server and the tests share it.
 */

/** The query and fragment parameter that carries the key. */
export const GM_KEY_PARAM = 'k'

/** What a key looks like: 32 random bytes as base64url, 43 characters. */
export const GM_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** The GM console's address with the key in its fragment: the one line the GM copies. */
export const gmPageUrl = (origin: string, key: string): string => `${origin}/#${GM_KEY_PARAM}=${key}`

/** A same-origin path with the key in its query (`/ws/gm?k=…`, `/campaign-assets/<name>?k=…`). */
export const withGmKey = (path: string, key: string): string => `${path}?${GM_KEY_PARAM}=${key}`

/**
 * The key a page's fragment (`location.hash`, `#k=…`) carries, or null when it has none or one
 * that cannot be a key (a copy cut short): the page then says how to open it, rather than
 * asking the server with something it can already tell is wrong.
 */
export function gmKeyFromFragment(fragment: string): string | null {
  const key = new URLSearchParams(fragment.replace(/^#/, '')).get(GM_KEY_PARAM)
  return key !== null && GM_KEY_PATTERN.test(key) ? key : null
}
