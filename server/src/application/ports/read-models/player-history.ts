import type { PlayerSessionView, ProtectionChangeView } from '@bahati/contracts';
import type { Page } from './page';

/** The `player-history` read model: a player's sessions with their addresses, and the changes of their limits and self-exclusion. */
export abstract class PlayerHistoryReadModel {
  /** The player's sessions, newest first, at most `limit`, and how many there are. */
  abstract sessions(playerId: string, limit: number): Promise<Page<PlayerSessionView>>;
  /** The changes of the player's limits and self-exclusion, newest first, at most `limit`, and how many there are. */
  abstract protectionChanges(playerId: string, limit: number): Promise<Page<ProtectionChangeView>>;
}
