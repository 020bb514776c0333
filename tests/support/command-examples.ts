import type { CommandType } from '../../src-shared/commands'

/**
 * One accepted payload and several refused ones per command type: the validation tests check
 * both, and the fuzzers start from the accepted ones (with the ids of a real campaign put in).
 */

export const C = 'combatant:n1'
export const meta = { commandId: 'abc-123' }

export const COMMAND_EXAMPLES: Record<CommandType, { valid: unknown; invalid: unknown[] }> = {
  'combatant/add': {
    valid: { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 },
    invalid: [
      { name: '', side: 'party', kind: 'pc', maxHp: 60 },
      { name: 'Vex', side: 'martians', kind: 'pc', maxHp: 60 },
      { name: 'Vex', side: 'party', kind: 'pc', maxHp: 0 },
      { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1.5 },
      { name: 'x'.repeat(61), side: 'party', kind: 'pc', maxHp: 10 },
      { name: 'Vex', side: 'party', kind: 'pc', maxHp: '60' },
    ],
  },
  'combatant/edit': {
    valid: { combatantId: C, name: 'Vex II' },
    invalid: [{ combatantId: C }, { combatantId: 'raider', name: 'x' }, { combatantId: C, maxHp: -1 }],
  },
  'combatant/remove': { valid: { combatantId: C }, invalid: [{}, { combatantId: 7 }] },
  'combatant/setHp': { valid: { combatantId: C, hp: -5 }, invalid: [{ combatantId: C }, { combatantId: C, hp: 1e9 }] },
  'combatant/adjustHp': {
    valid: { combatantId: C, delta: -7 },
    invalid: [
      { combatantId: C, delta: 0 },
      { combatantId: C, delta: 'x' },
    ],
  },
  'combatant/damage': {
    valid: { combatantId: C, amount: 12, damageType: 'untyped', note: 'frag grenade' },
    invalid: [
      { combatantId: C, amount: 0, damageType: 'untyped' },
      { combatantId: C, amount: -3, damageType: 'untyped' },
      { combatantId: C, amount: 2.5, damageType: 'untyped' },
      { combatantId: C, amount: 1e9, damageType: 'untyped' },
      { combatantId: C, amount: 5, damageType: '' },
      { combatantId: C, amount: 5 },
    ],
  },
  'combatant/setHidden': { valid: { combatantId: C, hidden: true }, invalid: [{ combatantId: C, hidden: 'yes' }] },
  'combatant/setRules': {
    valid: { combatantId: C, rules: { stats: { str: 5 } } },
    invalid: [{ combatantId: C }, { combatantId: C, rules: JSON.parse('[[[[[[[[[[[[[[1]]]]]]]]]]]]]]') }],
  },
  'attack/resolve': {
    valid: {
      request: {
        attackerId: C,
        targetId: 'combatant:n2',
        weapon: 0,
        mode: 'semi',
        options: { distance: 12, aim: 'aimed', stealth: false },
      },
    },
    invalid: [
      { request: { attackerId: C, targetId: C, weapon: -1, mode: 'semi', options: {} } },
      { request: { attackerId: C, targetId: C, weapon: 0, mode: 'semi', options: { x: { nested: true } } } },
      { request: { attackerId: 'me', targetId: C, weapon: 0, mode: 'semi', options: {} } },
    ],
  },
  'combatant/setSheet': {
    valid: { combatantId: C, values: { str: 6, classId: 'soldier', hidden: false } },
    invalid: [{ combatantId: C, values: { str: { deep: 1 } } }, { combatantId: C }],
  },
  'check/roll': {
    valid: { combatantId: C, check: 'skill:Athletics', dc: 60 },
    invalid: [
      { combatantId: C, check: '', dc: 60 },
      { combatantId: C, check: 'stat:str', dc: 1.5 },
      { combatantId: C, check: 'x', dc: 1, mode: 'lucky' },
    ],
  },
  'action/perform': {
    valid: { request: { actorId: C, action: 'reload', targetId: null, options: { weapon: '0' } } },
    invalid: [
      { request: { actorId: C, action: '', targetId: null, options: {} } },
      { request: { actorId: C, action: 'reload', options: {} } },
    ],
  },
  'content/import': { valid: { fileName: 'homebrew.json', text: '{}' }, invalid: [{ fileName: '', text: '{}' }, { fileName: 'a.json' }] },
  'content/remove': { valid: { id: 'content:ranged-weapons:my-gun' }, invalid: [{ id: 'combatant:x' }, { id: 'content:Bad Section:x' }] },
  'condition/add': {
    valid: { combatantId: C, condition: 'bleeding', duration: { kind: 'rounds', rounds: 2 } },
    invalid: [
      { combatantId: C, condition: 'bleeding', duration: { kind: 'rounds', rounds: 0 } },
      { combatantId: C, condition: 'bleeding', duration: { kind: 'forever' } },
      { combatantId: C, condition: '', duration: { kind: 'indefinite' } },
      { combatantId: C, condition: 'x', duration: { kind: 'turnStart', of: 'me' } },
    ],
  },
  'condition/remove': { valid: { combatantId: C, key: 'bleeding#1' }, invalid: [{ combatantId: C }, { combatantId: C, key: '' }] },
  'economy/set': {
    valid: { combatantId: C, pool: 'actions', spent: 2 },
    invalid: [
      { combatantId: C, pool: 'actions', spent: -1 },
      { combatantId: C, pool: '', spent: 1 },
    ],
  },
  'initiative/move': { valid: { combatantId: C, beforeId: null }, invalid: [{ combatantId: C }, { combatantId: C, beforeId: 'top' }] },
  'initiative/delay': { valid: { combatantId: C }, invalid: [{}] },
  'initiative/resume': { valid: { combatantId: C }, invalid: [{ combatantId: 3 }] },
  'hold/declare': {
    valid: { combatantId: C, trigger: 'a raider shows itself', amount: 2 },
    invalid: [
      { combatantId: C, trigger: '   ', amount: 1 },
      { combatantId: C, trigger: 'x', amount: 0 },
    ],
  },
  'hold/release': { valid: { combatantId: C }, invalid: [{ combatantId: C, now: true }] },
  'prompt/resolve': { valid: { promptId: 'prompt:abc' }, invalid: [{ promptId: 'combatant:abc' }] },
  'prompt/dismiss': { valid: { promptId: 'prompt:abc' }, invalid: [{}] },
  'campaign/rename': { valid: { name: 'Kestrel II' }, invalid: [{ name: '' }, { name: 'a\u0001b' }] },
  'campaign/setRulesetSetting': {
    valid: { key: 'initiative', value: 'fixed' },
    invalid: [
      { key: '', value: 1 },
      { key: 'initiative', value: null },
      { key: 'x', value: { a: 1 } },
    ],
  },
  'template/save': {
    valid: { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 100, faction: 'Red Hand', tags: ['melee'] },
    invalid: [
      { name: 'Raider', side: 'enemy', kind: 'npc' },
      { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 10, tags: [''] },
      { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 10, templateId: 'combatant:x' },
      { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 10, rules: JSON.parse('[[[[[[[[[[[[[[1]]]]]]]]]]]]]]') },
    ],
  },
  'template/fromCombatant': { valid: { combatantId: C }, invalid: [{ combatantId: 'template:x' }] },
  'template/duplicate': { valid: { templateId: 'template:t1' }, invalid: [{ templateId: C }] },
  'template/remove': { valid: { templateId: 'template:t1' }, invalid: [{}] },
  'template/spawn': {
    valid: { templateId: 'template:t1', count: 6, groupInitiative: true },
    invalid: [
      { templateId: 'template:t1', count: 0 },
      { templateId: 'template:t1', count: 51 },
      { templateId: 'template:t1', count: 2.5 },
    ],
  },
  'squad/add': {
    valid: { entries: [{ kind: 'template', templateId: 'template:t1', count: 3 }], side: 'enemy', hidden: true, oneInitiativeRoll: true },
    invalid: [
      { entries: [] },
      { entries: [{ kind: 'template', templateId: 'template:t1', count: 0 }] },
      {
        entries: [
          { kind: 'template', templateId: 'template:t1', count: 30 },
          { kind: 'quickNpc', name: 'Thug', count: 21 },
        ],
      },
      { entries: Array.from({ length: 21 }, () => ({ kind: 'template', templateId: 'template:t1', count: 1 })) },
      { entries: [{ kind: 'quickNpc', name: '', count: 1 }] },
      { entries: [{ kind: 'robot', templateId: 'template:t1', count: 1 }] },
      { entries: [{ kind: 'template', templateId: 'template:t1', count: 1 }], side: 'martians' },
    ],
  },
  'plan/save': { valid: { name: 'Raider ambush' }, invalid: [{ name: '' }] },
  'plan/remove': { valid: { planId: 'plan:p1' }, invalid: [{ planId: 'p1' }] },
  'plan/start': { valid: { planId: 'plan:p1' }, invalid: [{}] },
  'plan/badge': {
    valid: {
      planId: 'plan:p1',
      badge: {
        win: 0.78,
        winInterval: 0.04,
        down: 0.22,
        downInterval: 0.04,
        fights: 300,
        at: '2026-11-29T20:00:00Z',
        party: '0123456789abcdef',
      },
    },
    invalid: [
      {
        planId: 'plan:p1',
        badge: { win: 1.5, winInterval: 0, down: 0, downInterval: 0, fights: 1, at: '2026-11-29T20:00:00Z', party: '0123456789abcdef' },
      },
      {
        planId: 'plan:p1',
        badge: { win: 0.5, winInterval: 0, down: 0, downInterval: 0, fights: 1, at: 'yesterday', party: '0123456789abcdef' },
      },
    ],
  },
  'plan/counts': {
    valid: { planId: 'plan:p1', counts: [2] },
    invalid: [
      { planId: 'plan:p1', counts: [] },
      { planId: 'plan:p1', counts: [-1] },
    ],
  },
  'scene/create': {
    valid: { name: 'Warehouse', grid: { kind: 'square', cellPx: 64, metresPerCell: 1.5 } },
    invalid: [
      { grid: { kind: 'square', cellPx: 2, metresPerCell: 1 } },
      { grid: { kind: 'hex', size: 1 } },
      { grid: { kind: 'none', pxPerMetre: Infinity } },
    ],
  },
  'scene/update': { valid: { sceneId: 'scene:s1', name: 'Dock' }, invalid: [{ sceneId: 'scene:s1' }, { sceneId: 's1', name: 'x' }] },
  'combatant/setPortrait': {
    valid: { combatantId: C, image: null },
    invalid: [
      { combatantId: C, image: { hash: 'a'.repeat(64), ext: 'svg', width: 1, height: 1, fileName: 'x' } },
      { combatantId: 'scene:s1', image: null },
      { combatantId: C },
    ],
  },
  'scene/setImage': {
    valid: { sceneId: 'scene:s1', image: { hash: 'a'.repeat(64), ext: 'png', width: 4096, height: 4096, fileName: 'dock.png' } },
    invalid: [
      { sceneId: 'scene:s1', image: { hash: 'nothex', ext: 'png', width: 1, height: 1, fileName: 'x' } },
      { sceneId: 'scene:s1', image: { hash: 'a'.repeat(64), ext: 'gif', width: 1, height: 1, fileName: 'x' } },
    ],
  },
  'scene/activate': { valid: { sceneId: 'scene:s1' }, invalid: [{}] },
  'scene/remove': { valid: { sceneId: 'scene:s1' }, invalid: [{ sceneId: 'token:t' }] },
  'token/place': {
    valid: { sceneId: 'scene:s1', combatantId: C, x: 12.5, y: 3 },
    invalid: [
      { sceneId: 'scene:s1', combatantId: C, x: NaN, y: 0 },
      { sceneId: 'scene:s1', combatantId: C, x: 1e9, y: 0 },
    ],
  },
  'token/remove': { valid: { tokenId: 'token:t1' }, invalid: [{ tokenId: 'scene:s1' }] },
  'area/place': {
    valid: { sceneId: 'scene:s1', x: 4, y: 5, radius: 3, label: 'Grenade' },
    invalid: [
      { sceneId: 'scene:s1', x: 4, y: 5, radius: 0 },
      { sceneId: 'scene:s1', x: 4, y: 5, radius: 501 },
      { sceneId: 'scene:s1', x: 4, y: 5, radius: 3, label: 'x'.repeat(41) },
      { sceneId: 'scene:s1', x: 4, y: 5 },
    ],
  },
  'area/move': {
    valid: { areaId: 'areaMark:a1', x: 1, y: 2 },
    invalid: [
      { areaId: 'template:a1', x: 1, y: 2 },
      { areaId: 'areaMark:a1', x: Infinity, y: 2 },
    ],
  },
  'area/edit': {
    valid: { areaId: 'areaMark:a1', hidden: true },
    invalid: [{ areaId: 'areaMark:a1' }, { areaId: 'areaMark:a1', radius: -1 }],
  },
  'area/remove': { valid: { areaId: 'areaMark:a1' }, invalid: [{ areaId: 'areaMark:' }, {}] },
  'wall/add': {
    valid: {
      sceneId: 'scene:s1',
      kind: 'wall',
      points: [
        { x: 1, y: 1 },
        { x: 5, y: 1 },
        { x: 5, y: 4 },
      ],
    },
    invalid: [
      { sceneId: 'scene:s1', kind: 'wall', points: [{ x: 1, y: 1 }] },
      {
        sceneId: 'scene:s1',
        kind: 'wall',
        points: [
          { x: 1, y: 1 },
          { x: 1, y: 1 },
        ],
      },
      {
        sceneId: 'scene:s1',
        kind: 'fence',
        points: [
          { x: 1, y: 1 },
          { x: 5, y: 1 },
        ],
      },
      {
        sceneId: 'scene:s1',
        kind: 'wall',
        door: 'open',
        points: [
          { x: 1, y: 1 },
          { x: 5, y: 1 },
        ],
      },
      {
        sceneId: 'scene:s1',
        kind: 'wall',
        points: [
          { x: 1, y: 1 },
          { x: 4_001, y: 1 },
        ],
      },
      { sceneId: 'scene:s1', kind: 'wall', points: Array.from({ length: 2_001 }, (_, i) => ({ x: i, y: 0 })) },
    ],
  },
  'wall/move': {
    valid: {
      wallId: 'wall:w1',
      points: [
        { x: 2, y: 1 },
        { x: 6, y: 1 },
      ],
    },
    invalid: [
      { wallId: 'wall:w1', points: [] },
      {
        wallId: 'areaMark:a1',
        points: [
          { x: 2, y: 1 },
          { x: 6, y: 1 },
        ],
      },
    ],
  },
  'wall/split': {
    valid: { wallId: 'wall:w1', at: 1 },
    invalid: [
      { wallId: 'wall:w1', at: 0 },
      { wallId: 'wall:w1', at: 1.5 },
    ],
  },
  'wall/edit': { valid: { wallId: 'wall:w1', kind: 'low' }, invalid: [{ wallId: 'wall:w1' }, { wallId: 'wall:w1', kind: 'gate' }] },
  'door/set': { valid: { wallId: 'wall:d1', door: 'open' }, invalid: [{ wallId: 'wall:d1', door: 'ajar' }, { wallId: 'wall:d1' }] },
  'wall/remove': { valid: { wallId: 'wall:w1' }, invalid: [{ wallId: 'wall:' }, {}] },
  'scene/importMap': {
    valid: {
      name: 'Crypt',
      image: { hash: 'b'.repeat(64), ext: 'png', width: 1000, height: 500, fileName: 'crypt.dd2vtt' },
      grid: { kind: 'square', cellPx: 100, metresPerCell: 1.5, offsetX: 0, offsetY: 0 },
      walls: [
        {
          kind: 'wall',
          points: [
            { x: 0, y: 0 },
            { x: 3, y: 0 },
          ],
        },
        {
          kind: 'door',
          door: 'open',
          points: [
            { x: 3, y: 0 },
            { x: 4.5, y: 0 },
          ],
        },
      ],
    },
    invalid: [
      {
        name: 'Crypt',
        image: { hash: 'b'.repeat(64), ext: 'png', width: 1000, height: 500, fileName: 'crypt.dd2vtt' },
        grid: { kind: 'square', cellPx: 100, metresPerCell: 1.5 },
        walls: [
          {
            kind: 'low',
            door: 'open',
            points: [
              { x: 0, y: 0 },
              { x: 3, y: 0 },
            ],
          },
        ],
      },
      {
        name: 'Crypt',
        image: null,
        grid: { kind: 'square', cellPx: 100, metresPerCell: 1.5 },
        walls: [],
      },
      {
        name: 'Crypt',
        image: { hash: 'b'.repeat(64), ext: 'png', width: 1000, height: 500, fileName: 'crypt.dd2vtt' },
        grid: { kind: 'square', cellPx: 100, metresPerCell: 1.5 },
        walls: Array.from({ length: 5_001 }, (_, i) => ({
          kind: 'wall',
          points: [
            { x: i / 10, y: 0 },
            { x: i / 10, y: 1 },
          ],
        })),
      },
    ],
  },
  'fog/set': { valid: { sceneId: 'scene:s1', mode: 'areas' }, invalid: [{ sceneId: 'scene:s1', mode: 'none' }, { sceneId: 'scene:s1' }] },
  'fog/reveal': {
    valid: { sceneId: 'scene:s1', rect: { x: 1, y: 2, w: 3, h: 4 } },
    invalid: [
      { sceneId: 'scene:s1', rect: { x: 1, y: 2, w: 0, h: 4 } },
      { sceneId: 'scene:s1', rect: { x: NaN, y: 2, w: 3, h: 4 } },
      { sceneId: 'scene:s1', rect: { x: 1, y: 2, w: 3, h: 4, extra: 1 } },
    ],
  },
  'fog/hide': {
    valid: { sceneId: 'scene:s1', rect: { x: -5, y: 0, w: 10, h: 10 } },
    invalid: [{ sceneId: 'scene:s1', rect: { x: 0, y: 0, w: -1, h: 4 } }, { sceneId: 'scene:s1' }],
  },
  'projector/set': {
    valid: { mode: 'mirror', view: { x: 10, y: 5, w: 20, h: 15 } },
    invalid: [{}, { mode: 'zoom' }, { blank: 'yes' }, { view: { x: 0, y: 0, w: 0, h: 1 } }],
  },
  'encounter/start': { valid: { name: 'Ambush' }, invalid: [{ name: 42 }] },
  'encounter/rollInitiative': { valid: { groupByTemplate: true }, invalid: [{ all: true }, null, { groupByTemplate: 1 }] },
  'encounter/nextTurn': { valid: {}, invalid: [[]] },
  'encounter/previousTurn': { valid: {}, invalid: ['back'] },
  'encounter/end': { valid: {}, invalid: [{ now: 1 }] },
  'story/dismissRecap': { valid: {}, invalid: [{ all: true }] },
  'dice/roll': { valid: { expression: '2d6+1' }, invalid: [{ expression: 5 }, { expression: 'd'.repeat(41) }] },
  'history/undo': { valid: {}, invalid: [{ steps: 2 }] },
  'history/redo': { valid: {}, invalid: [{ steps: 2 }] },
}
