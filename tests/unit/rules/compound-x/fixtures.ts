import type { Attachment, RangedWeapon } from '../../../../src-main/rules/compound-x/content/pack-schema'
import type { DefenderState } from '../../../../src-main/rules/compound-x/protection/defender'
import type { RangedSetup } from '../../../../src-main/rules/compound-x/ranged/ranged-setup'
import type { StatBlock } from '../../../../src-main/rules/compound-x/stats/stat-block'
import { DiceRoller } from '../../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../../src-main/core/dice/random-source'

export const stats = (over: Partial<StatBlock> = {}): StatBlock => ({ str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 5, luck: 5, ...over })

/** The `000` worked example's SMG: brackets 4/5/6, burst +1, auto +3. */
export const smg = (over: Partial<RangedWeapon> = {}): RangedWeapon => ({
  id: 'test-smg',
  name: 'Test SMG',
  category: 'smg',
  level: 1,
  cost: 100,
  damage: { base: 40, type: 'ballistic' },
  apl: 1,
  magazine: { size: 30, ammo: null, costPerMagazine: null },
  reloadDc: 30,
  reloadActions: 2,
  semi: { actionsPerShot: 1 },
  burst: { rounds: 3, missChance: 1 },
  auto: { rounds: 6, missChance: 3 },
  brackets: [
    { maxRange: 10, missChance: 4 },
    { maxRange: 20, missChance: 5 },
    { maxRange: 40, missChance: 6 },
  ],
  suppression: 'medium',
  reflexModifier: 0,
  cqb: true,
  ...over,
})

export const dotSight: Attachment = {
  id: 'dot',
  name: '1x Dot Sight',
  slot: 'optic',
  level: 1,
  cost: 350,
  modifiers: [
    { target: 'bracket-miss', value: -1, categories: ['pistol', 'revolver'] },
    { target: 'bracket-miss', value: -0.5, categories: ['other'] },
    { target: 'last-bracket-range', value: 3 },
  ],
}

export const scope = (magnification: number): Attachment => ({
  id: `scope-${magnification}`,
  name: `${magnification}x scope`,
  slot: 'optic',
  level: 1,
  cost: 1,
  magnification,
  modifiers: [],
})

export function setup(over: Partial<RangedSetup> = {}, shooter: Partial<RangedSetup['shooter']> = {}): RangedSetup {
  return {
    weapon: smg(),
    attachments: [],
    mode: 'semi',
    aim: 'aimed',
    distance: 5,
    shooter: { stats: stats(), suppressed: false, sprinted: false, prone: false, stealth: false, ...shooter },
    target: { cover: 'none', stance: 'standing' },
    ...over,
  }
}

export const defender = (over: Partial<DefenderState> = {}): DefenderState => ({
  health: 100,
  armour: null,
  shield: null,
  shockSave: 0,
  plasmaBurn: 0,
  ...over,
})

export const armour = (coverage: number, apl: number, points: number) => ({ coverage, apl, points, maxPoints: points })

export const shield = (strength: number, over: Partial<NonNullable<DefenderState['shield']>> = {}) => ({
  maxStrength: strength,
  strength,
  rechargePerTurn: 50,
  restartTurns: 1,
  downTurnsLeft: null,
  fastRechargeNanites: 14,
  blocksAllDamage: false,
  ...over,
})

/** Dice that show exactly these faces (as a GM typing physical dice would). */
export const faces = (...values: number[]) => new DiceRoller(seededSource('unused'), values)

/** A GM's item file: one new pistol, in the shipped pack's format. */
export const homebrew = {
  kind: 'ranged-weapons',
  entries: [
    {
      id: 'kestrel-rail-pistol',
      name: 'Kestrel Rail Pistol',
      category: 'pistol',
      level: 1,
      cost: 900,
      damage: { base: 70, type: 'ballistic' },
      apl: 4,
      magazine: { size: 8, ammo: null, costPerMagazine: null },
      reloadDc: 30,
      reloadActions: 2,
      semi: { actionsPerShot: 1 },
      brackets: [
        { maxRange: 10, missChance: 2 },
        { maxRange: 30, missChance: 4 },
      ],
      suppression: 'light',
      reflexModifier: 10,
      cqb: true,
    },
  ],
}
