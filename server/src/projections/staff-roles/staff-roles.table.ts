import type { ColumnType } from 'kysely';

/** A role granted (or granted and revoked since) by event (`staff-roles` stream); roles from the configuration are not here. */
export interface StaffRolesTable {
  email: string;
  role: 'admin' | 'support';
  /** False once revoked. */
  granted: boolean;
  changed_by: string;
  changed_time: ColumnType<Date, Date | string, Date | string>;
  /** Revision of the `staff-roles` event applied: replays of older events change nothing. */
  revision: number;
}

/** The staff-roles read model's table, by name (composed into `ReadModels` in ../schema.ts). */
export interface StaffRolesTables {
  staff_roles: StaffRolesTable;
}
