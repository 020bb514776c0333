import type { CombatantId } from '../../../src-shared/records'
import type { ActionResolution, AreaEffect, AttackResolution, EdgeEffects, Everyone, RulesChange, RulesCombatant } from '../ruleset'
import { cxStanding } from './cx-standing'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'

/*
 * `000` Aiming: "aim is ceased automatically … The target dies*** … The aiming character is
 * thrown (for example, by a frag grenade)." Every damage path (an attack, hand-typed damage, a
 * grenade's blast) asks here what its damage ended, and hands the aimers' new sheets back in the
 * same resolution, so the fall and the lost aim are one command.
 */

const RANK = { up: 0, out: 0, down: 1, dead: 2 } as const

/**
 * SR-CX-72: "dies" is read as falling: going down (CX27) or dying. A downed target is dying and
 * out of the fight; whether its saves later fail no longer matters to the sights. Being knocked
 * out by shock (CX15) is not a fall: the GM ends that aim by hand if the target drops from view.
 */
export const fell = (before: RulesCombatant, after: RulesCombatant): boolean =>
  RANK[cxStanding(after).state] > RANK[cxStanding(before).state]

/** The sheets in play, by combatant, and which of them this resolution changed. */
class Sheets {
  private readonly sheets = new Map<CombatantId, { readonly name: string; c: CxCombatant; changed: boolean }>()
  readonly notes: string[] = []

  constructor(everyone: readonly RulesCombatant[]) {
    for (const rc of everyone) {
      const c = cxSheets.of(rc)
      if (c) this.sheets.set(rc.id, { name: rc.name, c, changed: false })
    }
  }

  /** The resolution's own view of a combatant it changed wins over the one it was handed. */
  put(rc: RulesCombatant): void {
    const c = cxSheets.of(rc)
    if (c) this.sheets.set(rc.id, { name: rc.name, c, changed: false })
  }

  /** SR-CX-72, SR-CX-73: each aimer at `fallen` stops, and may shift aim from where it fell. */
  fallen(fallen: RulesCombatant): void {
    for (const s of this.sheets.values()) {
      if (s.c.live.aim?.targetId !== fallen.id) continue
      const aimShift = { targetId: fallen.id, name: fallen.name, at: fallen.position ?? null }
      s.c = { ...s.c, live: { ...s.c.live, aim: null, aimShift } }
      s.changed = true
      this.notes.push(
        `${s.name} stops aiming at ${fallen.name} (its target fell, 000 Aiming, SR-CX-72); it may shift aim within 5 m, free (SR-CX-73)`,
      )
    }
  }

  /** SR-CX-75: thrown by a blast, `id` loses its aim. */
  thrown(id: CombatantId, by: string): void {
    const s = this.sheets.get(id)
    if (!s?.c.live.aim) return
    this.notes.push(`${s.name} is thrown by the ${by}: stops aiming at ${s.c.live.aim.name} (000 Aiming, SR-CX-75)`)
    s.c = { ...s.c, live: { ...s.c.live, aim: null } }
    s.changed = true
  }

  /** The changed sheet of `id`, or null when this resolution left it alone. */
  changedOf(id: CombatantId): CxCombatant | null {
    const s = this.sheets.get(id)
    return s?.changed ? s.c : null
  }

  /** Everyone changed but those named, for `othersRules`. */
  others(except: readonly CombatantId[]): RulesChange[] {
    return [...this.sheets].flatMap(([id, s]) =>
      s.changed && !except.includes(id) ? [{ combatantId: id, rules: cxSheets.store(s.c) }] : [],
    )
  }
}

const withOthers = (changes: RulesChange[]) => (changes.length ? { othersRules: changes } : {})
const told = (summary: string, notes: readonly string[]) => (notes.length ? `${summary}; ${notes.join('; ')}` : summary)

/** An attack that downs or kills its target ends the aim of everyone aimed at it, the attacker included. */
export function aimEndsOnAttack(
  r: AttackResolution,
  attacker: RulesCombatant,
  target: RulesCombatant,
  everyone: Everyone,
): AttackResolution {
  const after: RulesCombatant = { ...target, rules: r.targetRules ?? target.rules, hp: r.targetHp }
  if (!fell(target, after)) return r
  const sheets = new Sheets(everyone())
  sheets.put({ ...attacker, rules: r.attackerRules ?? attacker.rules })
  sheets.put(after)
  sheets.fallen(after)
  const mine = sheets.changedOf(attacker.id)
  return {
    ...r,
    attackerRules: mine ? cxSheets.store(mine) : r.attackerRules,
    summary: told(r.summary, sheets.notes),
    ...withOthers(sheets.others([attacker.id, target.id])),
  }
}

/**
 * An act that downs or kills (a Kill whose death save fails, a fall, a Will to Survive gone
 * wrong) ends the aim of everyone aimed at the one who fell, actor or target.
 */
export function aimEndsOnAct(
  r: ActionResolution,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  everyone: Everyone,
): ActionResolution {
  const actorAfter: RulesCombatant = { ...actor, rules: r.actorRules ?? actor.rules, hp: r.actorHp }
  const targetAfter: RulesCombatant | null = target
    ? { ...target, rules: r.targetRules ?? target.rules, hp: r.targetHp ?? target.hp }
    : null
  const fallen = [
    ...(fell(actor, actorAfter) ? [actorAfter] : []),
    ...(target && targetAfter && fell(target, targetAfter) ? [targetAfter] : []),
  ]
  if (!fallen.length) return r
  const all = everyone()
  const sheets = new Sheets(all)
  // What the act already did to others (a blast's lost aims) is the starting point.
  for (const o of r.othersRules ?? []) {
    const rc = all.find((x) => x.id === o.combatantId)
    if (rc) sheets.put({ ...rc, rules: o.rules })
  }
  sheets.put(actorAfter)
  if (targetAfter) sheets.put(targetAfter)
  for (const f of fallen) sheets.fallen(f)
  const mine = sheets.changedOf(actor.id)
  const theirs = target ? sheets.changedOf(target.id) : null
  const others = sheets.others([actor.id, ...(target ? [target.id] : [])])
  const kept = (r.othersRules ?? []).filter((o) => !others.some((x) => x.combatantId === o.combatantId))
  return {
    ...r,
    actorRules: mine ? cxSheets.store(mine) : r.actorRules,
    targetRules: theirs ? cxSheets.store(theirs) : r.targetRules,
    summary: told(r.summary, sheets.notes),
    ...withOthers([...kept, ...others]),
  }
}

/** Hand-typed damage that downs or kills ends the aim of everyone aimed at the one hurt. */
export function aimEndsOnDamage(e: EdgeEffects, hurt: RulesCombatant, everyone: Everyone): EdgeEffects {
  const after: RulesCombatant = { ...hurt, rules: e.rules ?? hurt.rules, hp: e.hp }
  if (!fell(hurt, after)) return e
  const sheets = new Sheets(everyone())
  sheets.put(after)
  sheets.fallen(after)
  return { ...e, lines: [...e.lines, ...sheets.notes], ...withOthers(sheets.others([hurt.id])) }
}

/** The fields of a grenade's blast that its aftermath may change (`cx-throw.ts`). */
interface Blast {
  readonly actorRules: ActionResolution['actorRules']
  readonly actorHp: number
  readonly targetRules: ActionResolution['targetRules']
  readonly targetHp: number | null
  readonly areaEffects: AreaEffect[]
  readonly hurt: string[]
}

export interface BlastScene {
  /** Those the blast reached, as they were before it (the thrower after spending the grenade). */
  readonly reached: readonly RulesCombatant[]
  readonly actor: RulesCombatant
  readonly target: RulesCombatant | null
  readonly onScene: readonly RulesCombatant[]
  /** The grenade's name, its damage type and its damage. */
  readonly grenade: { readonly name: string; readonly type: string; readonly amount: number }
}

/**
 * SR-CX-75: a fragmentation or high-explosive blast (ballistic or explosive damage) throws
 * everyone it reaches; smoke, gas, flash, chemical and plasma grenades do not throw.
 */
const THROWING_TYPES: readonly string[] = ['ballistic', 'explosive']

/**
 * After a grenade's blast: those it threw lose their aim (SR-CX-75), and the aimers of those it
 * downed or killed lose theirs (SR-CX-72). The actor, the target and those under the template
 * change through their own fields; anyone else aiming at a fallen one through `othersRules`.
 * Notes join the blast's breakdown.
 */
export function aimLostToBlast<B extends Blast>(b: B, scene: BlastScene): B & { readonly othersRules?: RulesChange[] } {
  const sheets = new Sheets([...scene.onScene, scene.actor, ...(scene.target ? [scene.target] : [])])
  const after = (p: RulesCombatant): RulesCombatant => {
    if (p.id === scene.actor.id) return { ...p, rules: b.actorRules ?? p.rules, hp: b.actorHp }
    if (p.id === scene.target?.id) return { ...p, rules: b.targetRules ?? p.rules, hp: b.targetHp ?? p.hp }
    const e = b.areaEffects.find((x) => x.combatantId === p.id)
    return e ? { ...p, rules: e.rules ?? p.rules, hp: e.hp ?? p.hp } : p
  }
  for (const p of scene.reached) sheets.put(after(p))
  if (scene.grenade.amount > 0 && THROWING_TYPES.includes(scene.grenade.type))
    for (const p of scene.reached) sheets.thrown(p.id, `${scene.grenade.name}'s blast`)
  for (const p of scene.reached) if (fell(p, after(p))) sheets.fallen(after(p))
  if (sheets.notes.length === 0) return b
  const store = (id: CombatantId) => {
    const c = sheets.changedOf(id)
    return c ? cxSheets.store(c) : null
  }
  const inArea = b.areaEffects.map((e) => e.combatantId)
  return {
    ...b,
    actorRules: store(scene.actor.id) ?? b.actorRules,
    targetRules: (scene.target && store(scene.target.id)) ?? b.targetRules,
    areaEffects: b.areaEffects.map((e) => ({ ...e, rules: store(e.combatantId) ?? e.rules })),
    hurt: [...b.hurt, ...sheets.notes],
    ...withOthers(sheets.others([scene.actor.id, ...(scene.target ? [scene.target.id] : []), ...inArea])),
  }
}
