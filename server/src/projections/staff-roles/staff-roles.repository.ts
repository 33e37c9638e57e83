import { type Kysely, sql } from 'kysely';
import { StaffRoleReadModel } from '../../application/ports/read-models/staff-roles';
import type { StaffRole } from '../../domain/staff/staff-roles';
import type { ReadModels } from '../schema';

/** The roles granted by event. */
export class StaffRolesRepository extends StaffRoleReadModel {
  constructor(private readonly db: Kysely<ReadModels>) {
    super();
  }

  async grants(): Promise<{ email: string; role: StaffRole }[]> {
    return this.db.selectFrom('staff_roles').select(['email', 'role']).where('granted', '=', true).execute();
  }

  async bannedAmong(emails: readonly string[]): Promise<string[]> {
    if (emails.length === 0) return [];
    const rows = await this.db
      .selectFrom('players')
      .select(sql<string>`lower(email)`.as('email'))
      .where('banned', '=', true)
      .where(sql<string>`lower(email)`, 'in', [...emails])
      .execute();
    return rows.map((r) => r.email);
  }
}
