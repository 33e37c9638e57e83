import { DomainError, type Decider, type DomainEvent } from '../decider';

/** The roles a signed-in user may hold besides being a player (spec §6, decisions "Admin, suspects and support"). */
export type StaffRole = 'admin' | 'support';
export const STAFF_ROLE_NAMES: readonly StaffRole[] = ['admin', 'support'];

/**
 * Stream `staff-roles`: every role granted to or revoked from an e-mail address, by whom. Roles given by
 * the configuration (ADMIN_EMAILS, SUPPORT_EMAILS) are not recorded here and cannot be revoked here.
 */
export const STAFF_ROLES_STREAM = 'staff-roles';

export type StaffRoleEvent =
  | DomainEvent<'StaffRoleGranted', { email: string; role: StaffRole; grantedBy: string; grantedAt: string }>
  | DomainEvent<'StaffRoleRevoked', { email: string; role: StaffRole; revokedBy: string; revokedAt: string }>;

/** `email` arrives lower-cased and checked at the edge; `by` names who asks (an admin id or `system:<process>`). */
export type StaffRoleCommand =
  | { type: 'GrantStaffRole'; email: string; role: StaffRole; by: string; now: string }
  | { type: 'RevokeStaffRole'; email: string; role: StaffRole; by: string; now: string };

/** The roles granted per e-mail address. */
export interface StaffRolesState {
  readonly grants: Readonly<Record<string, readonly StaffRole[]>>;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function checked(command: StaffRoleCommand): void {
  if (!STAFF_ROLE_NAMES.includes(command.role)) throw new DomainError('ValidationFailed', `A role is ${STAFF_ROLE_NAMES.join(' or ')}.`);
  if (!EMAIL.test(command.email) || command.email !== command.email.toLowerCase()) throw new DomainError('ValidationFailed', 'An e-mail address, in lower case.');
}

export const staffRolesDecider: Decider<StaffRoleCommand, StaffRolesState, StaffRoleEvent> = {
  initialState: () => ({ grants: {} }),

  decide(command, state) {
    checked(command);
    const held = state.grants[command.email]?.includes(command.role) ?? false;
    switch (command.type) {
      case 'GrantStaffRole':
        return held ? [] : [{ type: 'StaffRoleGranted', data: { email: command.email, role: command.role, grantedBy: command.by, grantedAt: command.now } }];
      case 'RevokeStaffRole':
        return held ? [{ type: 'StaffRoleRevoked', data: { email: command.email, role: command.role, revokedBy: command.by, revokedAt: command.now } }] : [];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    const { email, role } = event.data;
    const roles = state.grants[email] ?? [];
    switch (event.type) {
      case 'StaffRoleGranted':
        return roles.includes(role) ? state : { grants: { ...state.grants, [email]: [...roles, role] } };
      case 'StaffRoleRevoked':
        return { grants: { ...state.grants, [email]: roles.filter((r) => r !== role) } };
      default:
        return state;
    }
  },
};
