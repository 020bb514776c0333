/**
 * The one policy every Salvo page runs under, in both shells: browser mode's server and the
 * desktop app's page scheme both send it as a response header, and the pages carry no meta
 * copy. Chromium enforces every policy a page has, so a second copy can only disagree with the
 * first — which is how the desktop app lost its pictures (issue 12: the meta policy did not
 * name the old picture scheme).
 *
 * Pictures come from the page's own origin in both shells ('self'); `data:` (the empty
 * favicon) and `blob:` are kept as they were. Nothing needs a remote origin, eval or inline script: the windows load our own
 * bundle and talk to the core over IPC or their own server's WebSocket.
 */
export const CONTENT_SECURITY_POLICY =
  `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; ` +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"
