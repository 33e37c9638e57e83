import type { AuditEntry, AuditLogQuery } from '@bahati/contracts';

/** The `staff-audit` read model: every staff decision, newest first, with who made it and on whom. */
export abstract class StaffAuditReadModel {
  /** One page of the log matching the filters (`staff` is part of the staff member's e-mail), and how many match. */
  abstract entries(query: AuditLogQuery): Promise<{ items: AuditEntry[]; total: number }>;
}
