/** Types for `electron-binary.mjs` (see there). */
export declare function electronBinary(): { readonly ok: true; readonly binary: string } | { readonly ok: false; readonly why: string }
