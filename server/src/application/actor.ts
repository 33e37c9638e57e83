import { DomainError } from '../domain/decider';

/** What a signed-in user may be besides a player. */
export type Role = 'admin';

/** Who asks: every command and query carries it; the HTTP edge builds it from the session token. */
export interface Actor {
  playerId: string;
  roles: readonly Role[];
}

export const isAdmin = (actor: Actor): boolean => actor.roles.includes('admin');

/** A player reads what is theirs; an admin reads anyone's. */
export const mayRead = (actor: Actor, ownerId: string): boolean => actor.playerId === ownerId || isAdmin(actor);

/** Throws Forbidden unless the actor is an admin (the HTTP guard checks it too; the rule lives here). */
export function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw new DomainError('Forbidden', 'This needs an admin account.');
}
