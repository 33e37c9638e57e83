import { Module } from '@nestjs/common';
import { GetAnalyticsHandler } from '../application/admin/analytics';
import { AuditHandHandler } from '../application/admin/hand-audit';
import { auditLogHandlers } from '../application/admin/audit-log';
import { LedgerDays, ledgerDayHandlers } from '../application/admin/ledger-day';
import { adminPlayerHandlers } from '../application/admin/players';
import { staffHandlers } from '../application/admin/staff';
import { AdminController } from '../adapters/http/admin.controller';

/** Admins and support: players, suspect records and levels, hand audits, ledger days, analytics, staff roles. */
@Module({
  controllers: [AdminController],
  providers: [
    LedgerDays,
    AuditHandHandler,
    GetAnalyticsHandler,
    ...ledgerDayHandlers,
    ...auditLogHandlers,
    ...adminPlayerHandlers,
    ...staffHandlers,
  ],
})
export class AdminModule {}
