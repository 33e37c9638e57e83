import { DomainError } from '../domain/decider';
import type { StaffRole } from '../domain/staff/staff-roles';

/** What a signed-in user may be besides a player: `admin` decides, `support` reads and repairs a ledger day. */
export type Role = StaffRole;

/** Who asks: every command and query carries it; the HTTP edge builds it from the session token. */
export interface Actor {
  playerId: string;
  roles: readonly Role[];
  /** The session of the token the request came with (absent for operators' scripts). */
  sessionId?: string;
}

export const isAdmin = (actor: Actor): boolean => actor.roles.includes('admin');

/** Admins and support staff: they read every player's players, hands, audits and ledgers. */
export const isStaff = (actor: Actor): boolean => actor.roles.includes('admin') || actor.roles.includes('support');

/** A player reads what is theirs; admins and support read anyone's. */
export const mayRead = (actor: Actor, ownerId: string): boolean => actor.playerId === ownerId || isStaff(actor);

/** Throws Forbidden unless the actor is an admin (the HTTP guard checks it too; the rule lives here). */
export function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw new DomainError('Forbidden', 'This needs an admin account.');
}

/** Throws Forbidden unless the actor is an admin or support staff. */
export function assertStaff(actor: Actor): void {
  if (!isStaff(actor)) throw new DomainError('Forbidden', 'This needs an admin or support account.');
}
