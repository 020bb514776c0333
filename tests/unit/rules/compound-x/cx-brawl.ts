import { expect } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import type { ConditionInstance, PromptRecord } from '../../../../src-shared/records'
import type { CxCombatant, CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant, cx, trooper } from './cx-harness'

/** End-to-end helpers for melee, maneuvers, aim and opportunity attacks through the command pipeline. */

export const knife = { kind: 'melee' as const, itemId: 'gurber-g1-combat-knife', attachmentIds: [], ammo: 0, spareMagazines: 0 }
export const pistol = { kind: 'ranged' as const, itemId: 'g-w-10mm-auto', attachmentIds: [], ammo: 11, spareMagazines: 2 }
const fives = { str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 5, luck: 5 }

/**
 * Vex (STR 6, DEX 6: +4 on both maneuver skills), Raider (all 5s, a C25) and Brute (all 5s, a
 * combat knife in hand), with Vex's turn running: initiative typed in name order (Brute,
 * Raider, Vex) so that Vex acts first, then Raider, then Brute.
 */
export async function brawl(
  sheets: { vex?: Partial<CxCombatantInput>; raider?: Partial<CxCombatantInput>; brute?: Partial<CxCombatantInput> } = {},
) {
  const h = await CampaignHarness.create('brawl', tempDir(), undefined, cx)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper(sheets.vex) })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper({ stats: fives, ...sheets.raider }) })
  h.must('combatant/add', {
    name: 'Brute',
    side: 'enemy',
    kind: 'npc',
    maxHp: 1,
    rules: trooper({ stats: fives, weapons: [knife], ...sheets.brute }),
  })
  h.must('encounter/start', { name: 'Brawl' })
  h.must('encounter/rollInitiative', {}, [10, 20, 90])
  expect(h.campaign.store.ofType('encounter')[0]!.currentCombatantId).toBe(h.combatantId('Vex'))
  return h
}

export type H = CampaignHarness

export const act = (
  h: H,
  actor: string,
  action: string,
  target: string | null = null,
  options: Record<string, string | number | boolean> = {},
  dice?: number[],
) =>
  h.run(
    'action/perform',
    { request: { actorId: h.combatantId(actor), action, targetId: target ? h.combatantId(target) : null, options } },
    dice,
  )

export const request = (
  h: H,
  attacker: string,
  target: string,
  weapon: number,
  mode: string,
  options: AttackRequest['options'] = {},
): AttackRequest => ({
  attackerId: h.combatantId(attacker),
  targetId: h.combatantId(target),
  weapon,
  mode,
  options,
})

export const attack = (h: H, r: AttackRequest, dice?: number[]) => h.run('attack/resolve', { request: r }, dice)

/** A miss with an Unarmed Strike: accuracy d10 1 against Guard d10 10, nothing else rolled. */
export const MISS = [1, 10]

/** `attacker` swings at `target` with its fists (after its carried weapons) and misses: enough to start a melee. */
export function swingAndMiss(h: H, attacker: string, target: string) {
  const slots = (combatant(h, attacker).rules as unknown as CxCombatant).weapons.length
  const r = attack(h, request(h, attacker, target, slots, 'strike'), MISS)
  if (!r.ok) throw new Error(r.error.message)
}

export const sheetOf = (h: H, name: string) => combatant(h, name).rules as unknown as CxCombatant
export const conditionsOf = (h: H, name: string): readonly ConditionInstance[] => combatant(h, name).conditions
export const conditionOf = (h: H, name: string, id: string) => conditionsOf(h, name).find((c) => c.conditionId === id)
export const prompts = (h: H): PromptRecord[] => h.campaign.store.ofType('prompt')
export const lastLog = (h: H, containing: string) =>
  h.campaign.store
    .ofType('log')
    .filter((l) => l.text.includes(containing))
    .at(-1)?.text ?? ''
/** The latest log line that starts so (the core's own "Reaction available: …" lines quote the act). */
export const logOf = (h: H, start: string) =>
  h.campaign.store
    .ofType('log')
    .filter((l) => l.text.startsWith(start))
    .at(-1)?.text ?? ''
export const spent = (h: H, name: string, pool: string) => combatant(h, name).spent[pool] ?? 0

export const preview = (h: H, r: AttackRequest) => {
  const p = cx.attacks!.preview(
    r,
    asRulesCombatant(combatant(h, nameOf(h, r.attackerId))),
    asRulesCombatant(combatant(h, nameOf(h, r.targetId))),
  )
  if (!p.ok) throw new Error(p.error.message)
  return p.value
}

const nameOf = (h: H, id: string) => h.campaign.store.ofType('combatant').find((c) => c.id === id)!.name

export const optionValue = (p: ReturnType<typeof preview>, key: string) => p.options.find((o) => o.key === key)?.value
