import type { AdminPlayer, Player } from '@bahati/contracts';
import type { Page } from './page';

/** The `players` read model (joined with the player's statistics, bank and suspect level where a view shows them). */
export abstract class PlayerReadModel {
  abstract findById(id: string, isAdmin: (email: string) => boolean): Promise<Player | null>;
  /** Players whose e-mail contains `q` (any case), or whose id is `q`; newest sign-up first (admins and support). */
  abstract players(q: string, offset: number, limit: number): Promise<Page<AdminPlayer>>;
  /** The player's id and e-mail, by id or by e-mail (any case); null when unknown. */
  abstract findPlayer(idOrEmail: string): Promise<{ id: string; email: string } | null>;
}
