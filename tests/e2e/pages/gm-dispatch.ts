import { expect } from '@playwright/test'
import type { CombatantView } from '../../../src-shared/views'
import type { SalvoServer } from '../fixtures/salvo-server'
import { WsGmClient } from '../../support/ws-gm-client'

/** A Compound X rifleman's sheet: an Anvil Arms C25 and a medium rig, for fights set up over the socket. */
export const CX_RIFLEMAN = {
  stats: { str: 6, per: 8, fort: 6, cha: 5, int: 5, dex: 6, luck: 5 },
  classId: 'soldier',
  speciesId: 'human',
  weapons: [{ kind: 'ranged', itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 25, spareMagazines: 3 }],
  armour: { rigIds: ['medium-chest-rig'], materialId: 'standard-l1-kevlar' },
}

/** The GM's seat over the socket, for what a test sets up faster than by clicking: each command must be taken. */
export class GmDispatch {
  #n = 0
  private constructor(
    readonly ws: WsGmClient,
    private readonly prefix: string,
  ) {}

  static async connect(server: SalvoServer, prefix: string): Promise<GmDispatch> {
    return new GmDispatch(await WsGmClient.connect(server), prefix)
  }

  async send(type: string, payload: unknown): Promise<void> {
    const r = await this.ws.request('dispatch', { type, payload, meta: { commandId: `${this.prefix}-${this.#n++}` } } as never)
    expect(r.ok, `${type}: ${JSON.stringify(r)}`).toBe(true)
  }

  /** Every combatant's id by name, and the first scene's id. */
  async ids(): Promise<{ combatants: Record<string, string>; sceneId: string | null }> {
    const records = [...(await this.ws.resync()).records.values()]
    const combatants = records.filter((r): r is CombatantView => r.typeName === 'combatant').map((c) => [c.name, c.id as string])
    return { combatants: Object.fromEntries(combatants), sceneId: records.find((r) => r.typeName === 'scene')?.id ?? null }
  }

  close(): void {
    this.ws.close()
  }
}
