import { describe, expect, it } from 'vitest'
import { runDeskAction, runShortcut, type Desk } from '../../../src-renderer/lib/app/desk-keys'

const vex = 'combatant:n1' as const

/** A desk that records what the keys asked of it; the panels on its page answer as `onPage` says. */
function fakeDesk(
  state: Partial<Pick<Desk, 'hasCampaign' | 'acting' | 'round' | 'blank' | 'paletteOpen' | 'helpShown' | 'forecastShown'>> = {},
  onPage = true,
) {
  const calls: string[] = []
  const desk: Desk = {
    hasCampaign: true,
    acting: null,
    round: null,
    blank: false,
    paletteOpen: false,
    helpShown: false,
    forecastShown: false,
    ...state,
    targets: {
      fillHp: (id, sign) => (calls.push(`hp ${id} ${sign}`), onPage),
      abandonPrefill: () => void calls.push('abandon'),
      focusAttack: (id) => (calls.push(`attack ${id}`), onPage),
      focusRosterSearch: () => (calls.push('search'), onPage),
      openSquadBuilder: () => (calls.push('squad builder'), onPage),
    },
    send: (c) => void calls.push(`send ${c.type} ${JSON.stringify(c.payload)}`),
    openPalette: (mode, query = '') => void calls.push(`palette ${mode} "${query}"`),
    closePalette: (restore) => void calls.push(`close palette ${restore}`),
    showHelp: (shown) => void calls.push(`help ${shown}`),
    showCampaigns: () => void calls.push('campaigns'),
    toggleSecret: () => void calls.push('secret'),
    toggleForecast: () => void calls.push('forecast'),
    suggest: () => void calls.push('suggest'),
    runNpcTurns: () => void calls.push('run npc turns'),
    askEnd: () => void calls.push('ask end'),
    notice: (message) => void calls.push(`notice ${message}`),
    promptHp: (id, sign) => void calls.push(`prompt hp ${id} ${sign}`),
  }
  return { desk, calls }
}

describe('desk shortcuts, run', () => {
  it('G flips the next roll secret, and only with a campaign open', () => {
    const { desk, calls } = fakeDesk()
    expect(runShortcut('secretRoll', null, desk)).toBe(true)
    expect(calls).toEqual(['secret'])
    const closed = fakeDesk({ hasCampaign: false })
    expect(runShortcut('secretRoll', null, closed.desk)).toBe(false)
    expect(closed.calls).toEqual([])
  })

  it('D and H fill the acting combatant’s HP field; with no one acting the palette asks whom', () => {
    const acting = fakeDesk({ acting: vex, round: 1 })
    expect(runShortcut('damage', null, acting.desk)).toBe(true)
    expect(runShortcut('heal', null, acting.desk)).toBe(true)
    expect(acting.calls).toEqual([`hp ${vex} -`, `hp ${vex} +`])

    const nobody = fakeDesk()
    runShortcut('damage', null, nobody.desk)
    runShortcut('heal', null, nobody.desk)
    expect(nobody.calls).toEqual(['palette commands "damage "', 'palette commands "heal "'])
  })

  it('tells the GM when what a key drives is not on screen, and asks for health in a prompt when the card is not', () => {
    const { desk, calls } = fakeDesk({ acting: vex, round: 1 }, false)
    runShortcut('damage', null, desk)
    runShortcut('attack', null, desk)
    runShortcut('search', null, desk)
    runDeskAction({ kind: 'squadBuilder' }, desk)
    // No card on screen (the map, a long list): D asks in a prompt of its own instead of giving up.
    expect(calls).toContain(`prompt hp ${vex} -`)
    expect(calls.filter((c) => c.startsWith('notice'))).toEqual([
      'notice Attacks need a running encounter with at least two combatants.',
      'notice The roster search is not on screen.',
      'notice The roster is not on screen.',
    ])
  })

  it('rolls initiative once per encounter only', () => {
    for (const [round, expected] of [
      [null, 'notice Start an encounter first.'],
      [0, 'send encounter/rollInitiative {}'],
      [1, 'notice Initiative is already rolled. To roll it again, use the palette (Ctrl+K).'],
    ] as const) {
      const { desk, calls } = fakeDesk({ round })
      runShortcut('rollInitiative', null, desk)
      expect(calls).toEqual([expected])
    }
  })

  it('B blanks the table or brings it back', () => {
    const shown = fakeDesk({ blank: false })
    const blanked = fakeDesk({ blank: true })
    runShortcut('blank', null, shown.desk)
    runShortcut('blank', null, blanked.desk)
    expect([...shown.calls, ...blanked.calls]).toEqual(['send projector/set {"blank":true}', 'send projector/set {"blank":false}'])
  })

  it('Esc closes the palette, then the help, then leaves the field; elsewhere it is not used', () => {
    const palette = fakeDesk({ paletteOpen: true, helpShown: true })
    expect(runShortcut('close', null, palette.desk)).toBe(true)
    expect(palette.calls).toEqual(['close palette true'])

    const help = fakeDesk({ helpShown: true })
    runShortcut('close', null, help.desk)
    expect(help.calls).toEqual(['help false'])

    let blurred = false
    const field = Object.assign(new EventTarget(), { blur: () => (blurred = true) })
    const typing = fakeDesk()
    expect(runShortcut('close', field, typing.desk)).toBe(true)
    expect(typing.calls).toEqual(['abandon'])
    expect(blurred).toBe(true)

    expect(runShortcut('close', null, fakeDesk().desk)).toBe(false)
  })

  it('with the palette open only its toggle and Esc reach the desk', () => {
    const { desk, calls } = fakeDesk({ paletteOpen: true, acting: vex })
    expect(runShortcut('nextTurn', null, desk)).toBe(false)
    expect(runShortcut('damage', null, desk)).toBe(false)
    expect(runShortcut('palette', null, desk)).toBe(true)
    expect(calls).toEqual(['close palette true'])
  })

  it('without a campaign only the palette, help and Esc work', () => {
    const { desk, calls } = fakeDesk({ hasCampaign: false })
    expect(runShortcut('undo', null, desk)).toBe(false)
    expect(runShortcut('nextTurn', null, desk)).toBe(false)
    expect(runShortcut('help', null, desk)).toBe(true)
    expect(runShortcut('palette', null, desk)).toBe(true)
    expect(calls).toEqual(['help true', 'palette commands ""'])
  })
})

describe('palette entries, run', () => {
  it('rolls with the purpose only when there is one', () => {
    const { desk, calls } = fakeDesk()
    runDeskAction({ kind: 'roll', expression: '2d6', purpose: null, secret: false }, desk)
    runDeskAction({ kind: 'roll', expression: 'd100', purpose: 'morale', secret: true }, desk)
    expect(calls).toEqual([
      'send dice/roll {"expression":"2d6","secret":false}',
      'send dice/roll {"expression":"d100","secret":true,"purpose":"morale"}',
    ])
  })

  it('opens what the entry names', () => {
    const { desk, calls } = fakeDesk()
    runDeskAction({ kind: 'rollMode' }, desk)
    runDeskAction({ kind: 'switchCampaign' }, desk)
    runDeskAction({ kind: 'help' }, desk)
    runDeskAction({ kind: 'attackWith', combatantId: vex }, desk)
    expect(calls).toEqual(['palette roll ""', 'campaigns', 'help true', `attack ${vex}`])
  })
})

describe('the forecast and the autopilot by key (issue 17)', () => {
  it('F opens the forecast, and Esc with no field or dialog in the way closes it', () => {
    const { desk, calls } = fakeDesk({ round: 0 })
    expect(runShortcut('forecast', null, desk)).toBe(true)
    const open = fakeDesk({ forecastShown: true })
    expect(runShortcut('close', null, open.desk)).toBe(true)
    expect(runShortcut('close', null, fakeDesk().desk)).toBe(false)
    expect([...calls, ...open.calls]).toEqual(['forecast', 'forecast'])
  })

  it('U asks for a suggestion only once initiative is rolled', () => {
    const rolled = fakeDesk({ acting: vex, round: 1 })
    runShortcut('suggest', null, rolled.desk)
    expect(rolled.calls).toEqual(['suggest'])
    const before = fakeDesk({ round: 0 })
    runShortcut('suggest', null, before.desk)
    expect(before.calls).toEqual(['notice Roll initiative first: the autopilot suggests for the acting combatant.'])
  })

  it('the palette runs Suggest and Run NPC turns', () => {
    const { desk, calls } = fakeDesk({ acting: vex, round: 1 })
    runDeskAction({ kind: 'suggest' }, desk)
    runDeskAction({ kind: 'runNpcTurns' }, desk)
    runDeskAction({ kind: 'forecast' }, desk)
    expect(calls).toEqual(['suggest', 'run npc turns', 'forecast'])
  })

  it("the palette's End encounter asks first and sends nothing", () => {
    const { desk, calls } = fakeDesk({ acting: vex, round: 3 })
    runDeskAction({ kind: 'endEncounter' }, desk)
    expect(calls).toEqual(['ask end'])
  })
})
