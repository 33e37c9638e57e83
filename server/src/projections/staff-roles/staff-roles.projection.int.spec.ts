import { expect, it } from '@jest/globals';
import { EventLog, describeProjection } from '../projection.test-support';
import { staffRolesProjection } from './staff-roles.projection';

const t = '2026-03-01T12:00:00.000Z';

function history() {
  const log = new EventLog();
  const on = (type: string, data: unknown) => log.record('staff-roles', type, data);
  return [
    on('StaffRoleGranted', { email: 'help@example.com', role: 'support', grantedBy: 'system:roles', grantedAt: t }),
    on('StaffRoleGranted', { email: 'boss@example.com', role: 'admin', grantedBy: 'system:roles', grantedAt: t }),
    on('StaffRoleRevoked', { email: 'help@example.com', role: 'support', revokedBy: 'boss', revokedAt: t }),
    on('StaffRoleGranted', { email: 'help@example.com', role: 'support', grantedBy: 'boss', grantedAt: t }),
    on('StaffRoleRevoked', { email: 'boss@example.com', role: 'admin', revokedBy: 'system:roles', revokedAt: t }),
  ];
}

describeProjection(staffRolesProjection, (spec) => {
  it('holds each granted role, and marks a revoked one', async () => {
    const events = history();
    await spec.given(...events.slice(0, 2)).then({
      staff_roles: [
        { email: 'boss@example.com', role: 'admin', granted: true, changed_by: 'system:roles' },
        { email: 'help@example.com', role: 'support', granted: true },
      ],
    });
    await spec.given(events[2]!).then({ staff_roles: [{ email: 'boss@example.com', granted: true }, { email: 'help@example.com', granted: false, changed_by: 'boss' }] });
  });

  it('never lets an older event overwrite a newer one', async () => {
    const events = history();
    await spec.given(...events).when(events[0]!, events[1]!).then({ staff_roles: [{ email: 'boss@example.com', granted: false }, { email: 'help@example.com', granted: true, revision: 3 }] });
  });

  spec.itIsTheSameWhateverTheBatches(history, (rows) => expect(rows.staff_roles!.map((r) => [r.email, r.granted])).toEqual([['boss@example.com', false], ['help@example.com', true]]));
});
