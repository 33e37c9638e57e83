import type { RecordedEvent } from '../../application/ports/event-store';
import type { StaffRoleEvent } from '../../domain/staff/staff-roles';
import { type Projection, domainEvent } from '../projection';

/**
 * The roles granted by event: one row per e-mail address and role, marked revoked when it is. Each row
 * carries the stream revision it was written at, so an older event never overwrites a newer one.
 */
export const staffRolesProjection: Projection = {
  name: 'staff-roles',
  version: 1,
  handles: ['StaffRoleGranted', 'StaffRoleRevoked'],
  tables: ['staff_roles'],
  async applyBatch(trx, events: readonly RecordedEvent[]) {
    // The newest event per email and role decides its row.
    const rows = new Map<string, { email: string; role: 'admin' | 'support'; granted: boolean; changed_by: string; changed_time: string; revision: number }>();
    for (const event of events) {
      const e = domainEvent<StaffRoleEvent>(event);
      const row =
        e.type === 'StaffRoleGranted'
          ? { email: e.data.email, role: e.data.role, granted: true, changed_by: e.data.grantedBy, changed_time: e.data.grantedAt, revision: event.revision }
          : { email: e.data.email, role: e.data.role, granted: false, changed_by: e.data.revokedBy, changed_time: e.data.revokedAt, revision: event.revision };
      rows.set(`${row.email} ${row.role}`, row);
    }
    await trx
      .insertInto('staff_roles')
      .values([...rows.values()])
      .onConflict((oc) =>
        oc
          .columns(['email', 'role'])
          .doUpdateSet((eb) => ({ granted: eb.ref('excluded.granted'), changed_by: eb.ref('excluded.changed_by'), changed_time: eb.ref('excluded.changed_time'), revision: eb.ref('excluded.revision') }))
          .where('staff_roles.revision', '<', (eb) => eb.ref('excluded.revision')),
      )
      .execute();
  },
};
