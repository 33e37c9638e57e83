import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AUDIT_CSV_COLUMNS, type AuditEntry, type AuditLogPage, type AuditLogQuery } from '@bahati/contracts';
import { type Actor, assertAdmin } from '../actor';
import { StaffAuditReadModel } from '../ports/read-models';

/** Most rows one CSV export holds: the filters narrow a larger log. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

/** The staff audit log, one page, newest first (admins). */
export class GetAuditLogQuery {
  constructor(readonly actor: Actor, readonly query: AuditLogQuery) {}
}

@QueryHandler(GetAuditLogQuery)
export class GetAuditLogHandler implements IQueryHandler<GetAuditLogQuery, AuditLogPage> {
  constructor(private readonly log: StaffAuditReadModel) {}

  execute({ actor, query }: GetAuditLogQuery): Promise<AuditLogPage> {
    assertAdmin(actor);
    return this.log.entries(query);
  }
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a field a spreadsheet would
 * read as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) is prefixed with `'` so that a reason
 * typed by staff cannot run as one when the export is opened.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The entries as CSV: a header of the API's field names, then one line per entry, CRLF-separated. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(','), ...entries.map((e) => AUDIT_CSV_COLUMNS.map((c) => csvField(e[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** The whole log matching the filters (not one page), as CSV, newest first (admins). */
export class ExportAuditLogQuery {
  constructor(readonly actor: Actor, readonly query: AuditLogQuery) {}
}

@QueryHandler(ExportAuditLogQuery)
export class ExportAuditLogHandler implements IQueryHandler<ExportAuditLogQuery, string> {
  constructor(private readonly log: StaffAuditReadModel) {}

  async execute({ actor, query }: ExportAuditLogQuery): Promise<string> {
    assertAdmin(actor);
    // One read, so an entry recorded while exporting neither repeats nor shifts a row.
    const { items } = await this.log.entries({ ...query, offset: 0, limit: AUDIT_CSV_MAX_ROWS });
    return auditCsv(items);
  }
}

export const auditLogHandlers = [GetAuditLogHandler, ExportAuditLogHandler];
