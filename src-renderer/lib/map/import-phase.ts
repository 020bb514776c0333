/** Where a file import stands: the picture import and the map-file import share it and its display (ImportProgress). */
export type ImportPhase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'reading'; readonly fraction: number }
  | { readonly kind: 'storing' }
  | { readonly kind: 'done'; readonly text: string }
  | { readonly kind: 'failed'; readonly text: string }

export const importBusy = (p: ImportPhase): boolean => p.kind === 'reading' || p.kind === 'storing'
