import type { HarmShown, StoryFact, StoryName, StoryOutcome } from './table-story'

/**
 * The table's story in the table's words (play tests: the strip showed the GM's menu, "Reaction
 * contest (d10 + DEX modifier each, higher first) → Heavy gunner 1"). A fact keeps the label the
 * GM picked; what the table reads is what happened: "Heavy gunner 1 acts first", "Jonas's Tactics
 * fails", "Vex reloads", "Jonas aims at Vex" — never a dice formula or a menu's explanation.
 */

const harmText = (name: string, h: HarmShown): string =>
  h.kind === 'exact' ? `${name} takes ${h.from - h.to} (HP ${h.to}/${h.max})` : h.band === 'unhurt' ? `${name} unhurt` : `${name} ${h.band}`

/** "Jonas's", "Ross's": the table's possessive. */
export const possessive = (name: string): string => `${name}'s`

/**
 * A menu label cut to its name: what is in brackets (dice, costs, notes), after a colon (the
 * menu's explanation), and after " + " or " vs " (a check's formula) or a comma (a note) goes. "Tactics: add the
 * effect…" → "Tactics"; "Reaction contest (d10 + DEX modifier each, higher first)" → "Reaction
 * contest"; "Gun Combat + DEX DM (untrained)" → "Gun Combat".
 */
export function plainName(label: string): string {
  let s = label
  // Brackets, innermost first, until none is left ("Shove (both move half STR in m) (…)").
  for (let before = ''; before !== s;) {
    before = s
    s = s.replace(/\s*\([^()]*\)/g, '')
  }
  s = s.split(':')[0]!.split(/ \+ | vs |, /)[0]!
  return s.replace(/\s+/g, ' ').trim() || label.trim()
}

/** Imperatives that open an act's label, and how the table says them of someone ("reloads"). */
function thirdPerson(verb: string): string {
  const v = verb.toLowerCase()
  if (/(s|sh|ch|x|z|o)$/.test(v)) return `${v}es`
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ies`
  return `${v}s`
}

/** Words that open an act's label as a verb the table can say of its actor. */
const VERBS = new Set(
  (
    'aim break change clear disarm disengage draw drop fall gain give grapple heal jump kick kill knock move pick pin ' +
    'put react regain reload restrain say search shift shove slip stabilise stabilize stand start stop stow suppress take throw trip ' +
    'turn use work'
  ).split(' '),
)

/** Who the label's object is, said as the table knows it: "aim at a target" → "aims at Vex". */
const OBJECT = /\b(?:a target|the target|the grappled target|the pinned target|one foe|a downed combatant|something it knows about)\b/

/** An act as the table reads it: "Vex reloads", "Jonas aims at Raider 2", "Jonas: suppressing fire at Raider 2". */
function actText(actor: string, label: string, target: StoryName | null): string {
  const name = plainName(label)
  const [first, ...rest] = name.split(' ')
  if (first && VERBS.has(first.toLowerCase())) {
    // "Draw or sheathe a weapon": both verbs are said of the actor.
    const tail = rest.join(' ').replace(/^or (\w+)/, (_, v: string) => `or ${thirdPerson(v)}`)
    const verb = thirdPerson(first)
    if (!target) return `${actor} ${verb}${tail ? ` ${tail}` : ''}`
    if (OBJECT.test(tail)) return `${actor} ${verb} ${tail.replace(OBJECT, target.name)}`
    // "Grapple" → "grapples Vex"; "Take careful aim" → "takes careful aim at Vex".
    return tail ? `${actor} ${verb} ${tail} at ${target.name}` : `${actor} ${verb} ${target.name}`
  }
  // A menu that names the fire, not the act: "Suppressing fire" → "lays suppressing fire on Raider 2".
  if (/^suppressing fire\b/i.test(name)) return `${actor} lays suppressing fire${target ? ` on ${target.name}` : ''}`
  return `${actor}: ${name.toLowerCase()}${target ? ` at ${target.name}` : ''}`
}

const outcomeText = (o: StoryOutcome, who: string): string => `${o.possessive ? possessive(who) : who} ${o.words}`

/** A check as the table reads it: "Jonas's Tactics succeeds", "Raider 2's Strength check fails". */
const checkText = (who: string, label: string, success: boolean): string =>
  `${possessive(who)} ${plainName(label)} ${success ? 'succeeds' : 'fails'}`

/** One line in words, as the table and the recap print it ("Vex → Raider 2: 2 of 3 hit, Raider 2 hurt"). */
export function storyText(f: StoryFact): string {
  switch (f.kind) {
    case 'attack': {
      const hit = f.hits ? `${f.hits.landed} of ${f.hits.of} hit` : f.harm ? 'hit' : 'no damage'
      const after = f.down ? `, ${f.target.name} is ${f.down}` : f.harm ? `, ${harmText(f.target.name, f.harm)}` : ''
      return `${f.actor.name} → ${f.target.name}: ${hit}${after}`
    }
    case 'harm':
      return f.down ? `${f.who.name} is ${f.down}` : harmText(f.who.name, f.harm)
    case 'down':
      return `${f.who.name} is ${f.state}`
    case 'condition':
      return `${f.who.name} ${plainName(f.label).toLowerCase()}`
    case 'check':
      return checkText(f.who.name, f.label, f.success)
    case 'roll':
      return `GM roll, ${plainName(f.purpose)}: ${f.total}`
    case 'action': {
      const area = f.area ? areaText(f.area) : ''
      if (f.outcome) {
        const who = f.outcome.who === 'actor' ? f.actor.name : f.target?.name
        if (who) return `${outcomeText(f.outcome, who)}${area}`
      }
      return `${actText(f.actor.name, f.label, f.target)}${area}`
    }
  }
}

/** " — Grenade 3 m lands 9 m off: Raider 1, Raider 2 hit" / " — Grenade 3 m: no one hit". */
function areaText(a: NonNullable<(StoryFact & { kind: 'action' })['area']>): string {
  const where = a.scattered === null ? a.label : `${a.label} lands ${a.scattered} m off`
  if (a.hit === null) return ` — ${where}`
  return ` — ${where}: ${a.hit.length ? `${a.hit.map((n) => n.name).join(', ')} hit` : 'no one hit'}`
}
