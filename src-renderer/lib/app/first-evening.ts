/**
 * The first evening in ten steps: what the help overlay's quick start shows and what the
 * README's "Your first evening" spells out at length. One list, so the two cannot drift apart:
 * `tests/unit/renderer/first-evening.test.ts` holds the README's numbered steps to these titles,
 * in this order.
 */
export interface EveningStep {
  /** The step's name, as the README's bold lead-in reads it (without the closing full stop). */
  readonly title: string
  /** The step in one short line, for the quick start. */
  readonly short: string
}

export const FIRST_EVENING: readonly EveningStep[] = [
  { title: 'Open Salvo', short: 'npm start (desktop) or npm run serve (browser): the GM link for you, the player screen for the table.' },
  { title: 'Make a campaign', short: 'Type a name, keep Compound X or pick another ruleset, Create.' },
  { title: 'Add the player characters', short: 'Name, side "party", Sheet… for class, weapon and armour, Use this sheet, Add.' },
  { title: 'Add the enemies', short: 'Squad…: click the ready-made NPCs (+1 each), tick Hidden for an ambush, Add squad.' },
  { title: 'Put up the map', short: 'Map, + Scene, a name, Create; import a picture and set the grid if you have one.' },
  {
    title: 'Place the tokens',
    short: 'Drag each name from the Unplaced strip onto the map; the table holds until the fight starts (or Show the map to the table).',
  },
  { title: 'Roll initiative', short: 'Start encounter (the table shows the map), then I (or Roll initiative). The table shows the order.' },
  {
    title: 'Play the turns',
    short:
      'N moves on. A attacks: pick the target, read the odds, Roll and apply, or type the table’s dice (the field lists what it needs; Enter rolls).',
  },
  { title: 'Keep the fight honest', short: 'D and H damage and heal, + Condition on a card; Ctrl+Z takes anything back.' },
  { title: 'End the fight', short: 'End… on the encounter bar, then Enter: the table shows the recap. Everything is already saved.' },
]

/** Where the full guide lives, relative to the project folder. */
export const GUIDE_PATH = 'docs/guide.md'
