import type { Generated } from 'kysely';

export interface PlayerStatsTable {
  player_id: string;
  hands_played: number;
  total_bet_amount: number;
  /** What the settled hands paid back, stakes included. */
  total_won_amount: Generated<number>;
  level: number;
  active_hand_id: string | null;
  /** The shoe committed for the player's next hands. */
  shoe_id: string | null;
  revision: number;
}

/** The stats read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface StatsTables {
  player_stats: PlayerStatsTable;
}
