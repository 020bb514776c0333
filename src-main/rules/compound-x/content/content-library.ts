import { type ContentPack, type PackEntries, type PackEntry } from './content-pack'
import { PACK_SECTIONS, type PackSection } from './pack-schema'

type Sections = { [S in PackSection]: Map<string, PackEntry<S>> }

const SECTION_NAMES = Object.keys(PACK_SECTIONS).filter((k): k is PackSection => Object.hasOwn(PACK_SECTIONS, k))

/** Files one pack's section over what earlier packs gave (a same id replaces the earlier entry). */
function layer<S extends PackSection>(into: Sections, entries: PackEntries, section: S): void {
  const map = into[section]
  for (const e of entries[section]) map.set(e.id, e)
}

/** Looks items up by id across the loaded packs (later packs override earlier ones). */
export class ContentLibrary {
  readonly #sections: Sections

  constructor(packs: readonly ContentPack[]) {
    this.#sections = {
      'ranged-weapons': new Map(),
      'melee-weapons': new Map(),
      'thrown-weapons': new Map(),
      attachments: new Map(),
      'armour-rigs': new Map(),
      'armour-materials': new Map(),
      shields: new Map(),
      'cloaking-modules': new Map(),
      classes: new Map(),
      species: new Map(),
    }
    for (const pack of packs) for (const section of SECTION_NAMES) layer(this.#sections, pack.entries, section)
  }

  get<S extends PackSection>(section: S, id: string): PackEntry<S> | undefined {
    return this.#sections[section].get(id)
  }

  all<S extends PackSection>(section: S): PackEntry<S>[] {
    return [...this.#sections[section].values()]
  }
}
