import { Module } from '@nestjs/common';
import { ExportAnalyticsHandler, GetAnalyticsHandler } from '../application/admin/analytics';
import { AuditHandHandler } from '../application/admin/hand-audit';
import { auditLogHandlers } from '../application/admin/audit-log';
import { LedgerDays, ledgerDayHandlers } from '../application/admin/ledger-day';
import { adminPlayerHandlers } from '../application/admin/players';
import { player360Handlers } from '../application/admin/player-360';
import { Reconciliation, ReconciliationSchedule, reconciliationHandlers } from '../application/admin/reconciliation';
import { staffHandlers } from '../application/admin/staff';
import { AdminController } from '../adapters/http/admin.controller';
import { ReconciliationController } from '../adapters/http/reconciliation.controller';
import { LiabilitiesController } from '../adapters/http/liabilities.controller';
import { liabilitiesHandlers } from '../application/liabilities/liabilities';

/**
 * Admins and support: players, suspect records and levels, hand audits, ledger days, analytics, staff roles,
 * the reconciliation of banks, ledgers and events (exported: the health details report its last run), and the
 * proof of liabilities.
 */
@Module({
  controllers: [AdminController, ReconciliationController, LiabilitiesController],
  providers: [
    LedgerDays,
    Reconciliation,
    ReconciliationSchedule,
    ...reconciliationHandlers,
    AuditHandHandler,
    GetAnalyticsHandler,
    ExportAnalyticsHandler,
    ...ledgerDayHandlers,
    ...auditLogHandlers,
    ...adminPlayerHandlers,
    ...player360Handlers,
    ...staffHandlers,
    ...liabilitiesHandlers,
  ],
  exports: [Reconciliation],
})
export class AdminModule {}
