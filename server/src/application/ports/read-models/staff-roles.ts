import type { StaffRole } from '../../../domain/staff/staff-roles';

/** The `staff-roles` read model: roles granted by event (the configuration's are not in it). */
export abstract class StaffRoleReadModel {
  abstract grants(): Promise<{ email: string; role: StaffRole }[]>;
  /** Which of these e-mail addresses (lower case) belong to a banned player. */
  abstract bannedAmong(emails: readonly string[]): Promise<string[]>;
}
