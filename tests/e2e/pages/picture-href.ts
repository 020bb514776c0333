/**
 * Picture addresses as the two pages write them. The GM's page names the GM's route with this
 * run's key in the query (browser mode); the table's names its own route, with no key ever.
 */

/** A GM picture in browser mode: the GM's route, a stored name, the key. */
export const GM_PICTURE = /\/campaign-assets\/[0-9a-f]{64}\.png\?k=[A-Za-z0-9_-]{43}$/

/** A table picture: the table's route and a stored name, nothing after it. */
export const TABLE_PICTURE = /\/table-assets\/[0-9a-f]{64}\.png$/

/** The same picture by the table's route: the name the GM's page shows, without the GM's key. */
export const tableHrefOf = (gmHref: string): string => gmHref.replace('/campaign-assets/', '/table-assets/').replace(/\?.*$/, '')

/** The stored name alone (`<sha256>.png`). */
export const pictureName = (href: string): string => href.replace(/\?.*$/, '').split('/').pop()!
