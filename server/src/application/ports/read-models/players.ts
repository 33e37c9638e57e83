import type { AdminPlayer, Player, PlayerRoleFilter, PlayerSort, SortDirection } from '@bahati/contracts';
import type { Page } from './page';

/** How the players list is searched, filtered and ordered (every field but `q` optional). */
export interface PlayerListFilter {
  /** Part of the e-mail (any case), or a whole player id. */
  q: string;
  sort?: PlayerSort;
  dir?: SortDirection;
  /** Suspect level at or above. */
  suspectMin?: number;
  banned?: boolean;
  /** `player`: no staff role; a banned staff member holds none. */
  role?: PlayerRoleFilter;
  /** The e-mails the configuration makes admins or support (lower case), beside the roles granted by event. */
  configuredStaff?: { admin: readonly string[]; support: readonly string[] };
  /** Signed in or played at or after this time. */
  activeSince?: Date;
}

/** The `players` read model (joined with the player's statistics, bank and suspect level where a view shows them). */
export abstract class PlayerReadModel {
  abstract findById(id: string, isAdmin: (email: string) => boolean): Promise<Player | null>;
  /** Players whose e-mail contains `q` (any case), or whose id is `q`, filtered and ordered (default: newest sign-up first; admins and support). */
  abstract players(filter: PlayerListFilter, offset: number, limit: number): Promise<Page<AdminPlayer>>;
  /** The player's id and e-mail, by id or by e-mail (any case); null when unknown. */
  abstract findPlayer(idOrEmail: string): Promise<{ id: string; email: string } | null>;
}
