import { DomainError } from '../decider';

/** What the player stream says about the player, passed in with every account command. */
export interface PlayerStanding {
  banned: boolean;
  selfExcluded: boolean;
  phoneVerified: boolean;
}

/** A banned player's every command answers Banned; reading their own data stays open. */
export function refuseBanned(standing: { readonly banned: boolean }): void {
  if (standing.banned) throw new DomainError('Banned', 'This account is suspended.');
}
