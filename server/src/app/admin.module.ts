import { Module } from '@nestjs/common';
import { GetAnalyticsHandler } from '../application/admin/analytics';
import { AuditHandHandler } from '../application/admin/hand-audit';
import { LedgerDays, ledgerDayHandlers } from '../application/admin/ledger-day';
import { adminPlayerHandlers } from '../application/admin/players';
import { staffHandlers } from '../application/admin/staff';
import { AdminReadModel, AnalyticsReadModel, GameReadModel, LedgerDayStore } from '../application/ports/read-models';
import { AdminController } from '../adapters/http/admin.controller';
import { AdminRepository, AnalyticsRepository, LedgerDayRepository } from '../adapters/read-models/admin.repository';
import { GameRepository } from '../adapters/read-models/game.repository';

/** Admins and support: players, suspect records and levels, hand audits, ledger days, analytics, staff roles. */
@Module({
  controllers: [AdminController],
  providers: [
    { provide: AdminReadModel, useClass: AdminRepository },
    { provide: AnalyticsReadModel, useClass: AnalyticsRepository },
    { provide: LedgerDayStore, useClass: LedgerDayRepository },
    { provide: GameReadModel, useClass: GameRepository },
    LedgerDays,
    AuditHandHandler,
    GetAnalyticsHandler,
    ...ledgerDayHandlers,
    ...adminPlayerHandlers,
    ...staffHandlers,
  ],
})
export class AdminModule {}
