import type { DomainEvent } from '../../../src-shared/events'
import type { CombatantRecord, InitiativeResult, TemplateId } from '../../../src-shared/records'
import { slotOrderKey } from './combatant-deciders'
import type { RecordReader } from '../state/record-store'
import type { DecideContext } from './decide-context'
import { byNaturalName, groupName, withoutNumber } from './roster-names'

/** Combatants that act on one initiative roll; most groups are one combatant. */
export interface InitiativeGroup {
  /** The name the roll is made under ("Raider" for Raider 1–6). */
  readonly label: string
  readonly members: readonly CombatantRecord[]
}

export interface RolledGroup extends InitiativeGroup {
  readonly initiative: InitiativeResult
}

/** Same spacing the rest of the order uses for keys appended at the end. */
const ORDER_GAP = 1000

export const alone = (c: CombatantRecord): InitiativeGroup => ({ label: c.name, members: [c] })

/**
 * Combatants spawned from the same roster entry form one group (members in number order);
 * everyone else stands alone. Groups of one roll exactly as they would ungrouped.
 */
export function groupsByTemplate(state: RecordReader, combatants: readonly CombatantRecord[]): InitiativeGroup[] {
  const byTemplate = new Map<TemplateId, CombatantRecord[]>()
  const groups: InitiativeGroup[] = []
  for (const c of combatants) {
    if (c.templateId === null) groups.push(alone(c))
    else byTemplate.set(c.templateId, [...(byTemplate.get(c.templateId) ?? []), c])
  }
  for (const [id, members] of byTemplate) {
    const sorted = [...members].sort(byNaturalName)
    const template = state.get(id)
    // The entry may have been deleted since; its copies still act together.
    const label = template?.typeName === 'template' ? template.name : withoutNumber(sorted[0]!.name)
    groups.push(sorted.length === 1 ? alone(sorted[0]!) : { label, members: sorted })
  }
  return groups
}

/**
 * One roll per group, through the ruleset, in acting order. A group rolls as its first member
 * under the group's name: members of one entry share its modifier and sheet unless the GM
 * edited one, and the first is as good a stand-in as any.
 */
export function rollForGroups(ctx: DecideContext, groups: readonly InitiativeGroup[]): RolledGroup[] {
  const byLead = new Map(groups.map((g) => [g.members[0]!.id, g]))
  const entrants = groups.map((g) => (g.members.length === 1 ? g.members[0]! : { ...g.members[0]!, name: g.label }))
  return ctx.ruleset.rollInitiative(entrants, ctx.dice).map((p) => ({ ...byLead.get(p.combatantId)!, initiative: p.initiative }))
}

/** Every member's place in acting order, members of a group one after another. */
export function placementsOf(rolled: readonly RolledGroup[]) {
  return rolled.flatMap((g) => g.members.map((c) => ({ combatantId: c.id, initiative: g.initiative })))
}

/** The log line for one group's roll. NPC rolls are the GM's; the table sees the order, not the numbers. */
export function initiativeLog(ctx: DecideContext, g: RolledGroup, verb: { one: string; many: string }, round?: number): DomainEvent {
  const tie = g.initiative.tieBreak.length ? ` (roll-off ${g.initiative.tieBreak.join(', ')})` : ''
  const publicRoll = g.members.every((c) => c.kind === 'pc' && !c.hidden)
  const who = groupName(g.members.map((c) => c.name))
  return ctx.log(`${who} ${g.members.length === 1 ? verb.one : verb.many}: ${g.initiative.total}${tie}`, {
    rolls: [g.initiative.roll],
    visibility: publicRoll ? 'all' : 'gm',
    subjects: g.members.map((c) => c.id),
    ...(round === undefined ? {} : { round }),
  })
}

/**
 * Sort keys for newcomers joining a running order (given in acting order, with their totals).
 * Each slots in by its roll; those landing in the same gap share it evenly, so fifty of them
 * between two neighbours still get keys far apart instead of halving the gap fifty times.
 */
export function slotKeys(order: readonly CombatantRecord[], totals: readonly number[]): number[] {
  const keys = totals.map((t) => slotOrderKey(order, t))
  const nextAfter = (k: number) => order.find((c) => c.orderKey! > k)?.orderKey ?? null
  const byGap = new Map<number | null, number[]>()
  keys.forEach((k, i) => {
    const next = nextAfter(k)
    byGap.set(next, [...(byGap.get(next) ?? []), i])
  })
  const out = [...keys]
  for (const [next, indices] of byGap) {
    const first = keys[indices[0]!]!
    indices.forEach((index, j) => {
      if (next === null) out[index] = first + j * ORDER_GAP
      else {
        // slotOrderKey gives the midpoint of the gap, so the gap starts as far before it as it ends after.
        const prev = 2 * first - next
        out[index] = prev + ((next - prev) * (j + 1)) / (indices.length + 1)
      }
    })
  }
  return out
}
