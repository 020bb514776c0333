import { gmKeyFromFragment, withGmKey } from '../../../src-shared/gm-key'

/**
 * Who a browser-mode window is to the server: the table, which never holds a key, or the GM with
 * this run's key. The table's seat has no field for one, so no table window can send it.
 */
export type Seat = { readonly role: 'player' } | { readonly role: 'gm'; readonly key: string }

export const TABLE_SEAT: Seat = { role: 'player' }

/** The GM's seat from the page's own fragment (`#k=…`), or null when the page was opened without it. */
export function gmSeatFrom(fragment: string): Seat | null {
  const key = gmKeyFromFragment(fragment)
  return key === null ? null : { role: 'gm', key }
}

/** A same-origin path as this seat asks for it: the GM's with the key, the table's as it is. */
export const seatPath = (seat: Seat, path: string): string => (seat.role === 'gm' ? withGmKey(path, seat.key) : path)
