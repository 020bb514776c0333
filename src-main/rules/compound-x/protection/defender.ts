/** The protection a target wears, as it stands right now. */
export interface ArmourState {
  /** Percent of the body the rigs cover with material (CX11). */
  readonly coverage: number
  readonly apl: number
  /** Armour points left this turn; refill to `maxPoints` at the wearer's turn start (CX12). */
  readonly points: number
  readonly maxPoints: number
}

export interface ShieldState {
  readonly maxStrength: number
  readonly strength: number
  readonly rechargePerTurn: number
  /** Turns a broken shield stays down (CX14); 0 = back at the next turn start. */
  readonly restartTurns: number
  /** While down: turns left before it restarts; null while up. */
  readonly downTurnsLeft: number | null
  readonly fastRechargeNanites: number | null
  readonly blocksAllDamage: boolean
}

/** `000` EVA Suits: a worn suit's integrity and the health-damaging hits it has taken so far. */
export interface SuitState {
  readonly integrity: number
  readonly hits: number
}

export interface DefenderState {
  readonly health: number
  readonly armour: ArmourState | null
  readonly shield: ShieldState | null
  /** Shock save bonus (CX23), rolled against heavy hits (CX15). */
  readonly shockSave: number
  /** Stacks of plasma burn carried (CX13). */
  readonly plasmaBurn: number
  /** The EVA suit worn, if any (absent: none). */
  readonly suit?: SuitState | null
}
