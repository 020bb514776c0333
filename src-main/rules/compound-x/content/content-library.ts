import type { ContentPack, PackEntries } from './content-pack'
import type { PackSection } from './pack-schema'

type Entry<S extends PackSection> = PackEntries[S][number]

/** Looks items up by id across the loaded packs (later packs override earlier ones). */
export class ContentLibrary {
  readonly #sections = new Map<PackSection, Map<string, unknown>>()

  constructor(packs: readonly ContentPack[]) {
    for (const pack of packs) {
      for (const [section, list] of Object.entries(pack.entries) as [PackSection, { id: string }[]][]) {
        const map = this.#sections.get(section) ?? new Map<string, unknown>()
        for (const e of list) map.set(e.id, e)
        this.#sections.set(section, map)
      }
    }
  }

  get<S extends PackSection>(section: S, id: string): Entry<S> | undefined {
    return this.#sections.get(section)?.get(id) as Entry<S> | undefined
  }

  all<S extends PackSection>(section: S): Entry<S>[] {
    return [...(this.#sections.get(section)?.values() ?? [])] as Entry<S>[]
  }
}
