/**
 * Which requests came from one of our own pages, by the browser's `Sec-Fetch-Site` header (a
 * name no page can set or change). Our pictures are only ever loaded by our own pages, so any
 * other initiator is refused before anything is looked up: a page elsewhere cannot even learn
 * from a 200-or-404 whether the GM holds a given map.
 *
 * - `same-origin`: one of our pages. Ours.
 * - `none`: the user, not a page (the address bar, a bookmark, a picture dragged into a tab). Ours.
 * - absent: not a browser that sends it (a script, an older browser). Let through here; the key
 *   (browser mode's GM route) or the window's own session (the desktop app) still decides.
 * - `same-site`: not ours. A site is a scheme and a registrable name, ports aside, so for
 *   `http://127.0.0.1:5780` every other server on 127.0.0.1 — any local web app, any dev server
 *   — is the same site.
 * - `cross-site`, and any value we do not know (a later browser's, or two headers joined): refused.
 */
export function isOwnFetch(fetchSite: string | null | undefined): boolean {
  return fetchSite === undefined || fetchSite === null || fetchSite === 'same-origin' || fetchSite === 'none'
}
