import { describe, it } from '@jest/globals';
import { DeciderSpecification } from '../decider.test-support';
import { type StaffRoleEvent, staffRolesDecider } from './staff-roles';

const now = '2026-03-01T12:00:00.000Z';
const given = DeciderSpecification.for(staffRolesDecider);
const granted = (email: string, role: 'admin' | 'support'): StaffRoleEvent => ({ type: 'StaffRoleGranted', data: { email, role, grantedBy: 'system:roles', grantedAt: now } });

describe('staff roles', () => {
  it('grants a role once: granting it again records nothing', () => {
    given([]).when({ type: 'GrantStaffRole', email: 'help@example.com', role: 'support', by: 'system:roles', now }).then([granted('help@example.com', 'support')]);
    given([granted('help@example.com', 'support')]).when({ type: 'GrantStaffRole', email: 'help@example.com', role: 'support', by: 'system:roles', now }).thenNothingHappened();
  });

  it('keeps each role of an address apart', () => {
    given([granted('help@example.com', 'support')]).when({ type: 'GrantStaffRole', email: 'help@example.com', role: 'admin', by: 'a1', now }).then([
      { type: 'StaffRoleGranted', data: { email: 'help@example.com', role: 'admin', grantedBy: 'a1', grantedAt: now } },
    ]);
  });

  it('revokes a granted role, naming who did; revoking one not held records nothing', () => {
    given([granted('help@example.com', 'support')]).when({ type: 'RevokeStaffRole', email: 'help@example.com', role: 'support', by: 'a1', now }).then([
      { type: 'StaffRoleRevoked', data: { email: 'help@example.com', role: 'support', revokedBy: 'a1', revokedAt: now } },
    ]);
    given([granted('help@example.com', 'support'), { type: 'StaffRoleRevoked', data: { email: 'help@example.com', role: 'support', revokedBy: 'a1', revokedAt: now } }])
      .when({ type: 'RevokeStaffRole', email: 'help@example.com', role: 'support', by: 'a1', now })
      .thenNothingHappened();
  });

  it('takes only the two roles and a lower-case e-mail address', () => {
    given([]).when({ type: 'GrantStaffRole', email: 'help@example.com', role: 'owner' as 'admin', by: 'a1', now }).thenThrows('ValidationFailed');
    given([]).when({ type: 'GrantStaffRole', email: 'Help@Example.com', role: 'admin', by: 'a1', now }).thenThrows('ValidationFailed');
    given([]).when({ type: 'GrantStaffRole', email: 'not an address', role: 'admin', by: 'a1', now }).thenThrows('ValidationFailed');
  });
});
