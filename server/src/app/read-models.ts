import type { FactoryProvider } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { Database } from '../adapters/db/database';
import { DatabaseToken } from '../config/tokens';
import {
  BankReadModel, BonusReadModel, BrandReadModel, CoachReadModel, DailyStatsReadModel, DepositsReadModel, HandsReadModel, HeldDepositsReadModel, InvoicesReadModel, LedgerReadModel, LiabilitiesReadModel,
  PlayerHistoryReadModel, PlayerReadModel, ReconciliationReadModel, RedeemCodeReadModel, SessionReadModel, ShoesReadModel, StaffAuditReadModel, StaffRoleReadModel, SuspectReadModel, WithdrawalsReadModel,
} from '../application/ports/read-models';
import type { ReadModels } from '../projections/schema';
import { BankRepository } from '../projections/bank/bank.repository';
import { BrandsRepository } from '../projections/brands/brands.repository';
import { CoachRepository } from '../projections/coach/coach.repository';
import { DailyStatsRepository } from '../projections/daily-stats/daily-stats.repository';
import { DepositsRepository } from '../projections/deposits/deposits.repository';
import { HandsRepository } from '../projections/hands/hands.repository';
import { HeldDepositsRepository } from '../projections/held-deposits/held-deposits.repository';
import { InvoicesRepository } from '../projections/invoices/invoices.repository';
import { LedgerRepository } from '../projections/ledger/ledger.repository';
import { LiabilitiesRepository } from '../projections/liabilities/liabilities.repository';
import { PlayerHistoryRepository } from '../projections/player-history/player-history.repository';
import { PlayersRepository } from '../projections/players/players.repository';
import { BonusRepository } from '../projections/playthrough/playthrough.repository';
import { ReconciliationRepository } from '../projections/reconciliation/reconciliation.repository';
import { RedeemCodesRepository } from '../projections/redeem-codes/redeem-codes.repository';
import { SessionsRepository } from '../projections/sessions/sessions.repository';
import { ShoesRepository } from '../projections/shoes/shoes.repository';
import { StaffAuditRepository } from '../projections/staff-audit/staff-audit.repository';
import { StaffRolesRepository } from '../projections/staff-roles/staff-roles.repository';
import { SuspectRepository } from '../projections/suspect/suspect.repository';
import { WithdrawalsRepository } from '../projections/withdrawals/withdrawals.repository';

/** A read-model port answered by its Kysely repository (`projections/<name>/<name>.repository.ts`) over the read-model database. */
function readModel<P>(port: abstract new (...args: never[]) => P, repository: new (db: Kysely<ReadModels>) => P): FactoryProvider<P> {
  return { provide: port, useFactory: (database: Database) => new repository(database.kysely as Kysely<ReadModels>), inject: [DatabaseToken] };
}

/**
 * Which repository answers which read-model port: one line a read model (projections/README.md). The
 * infrastructure module provides and exports them all. `stats` has no port of its own: its table is read
 * joined into the players' views.
 */
export const readModelProviders: FactoryProvider[] = [
  readModel(BankReadModel, BankRepository),
  readModel(BrandReadModel, BrandsRepository),
  readModel(CoachReadModel, CoachRepository),
  readModel(DailyStatsReadModel, DailyStatsRepository),
  readModel(DepositsReadModel, DepositsRepository),
  readModel(HandsReadModel, HandsRepository),
  readModel(HeldDepositsReadModel, HeldDepositsRepository),
  readModel(InvoicesReadModel, InvoicesRepository),
  readModel(LedgerReadModel, LedgerRepository),
  readModel(LiabilitiesReadModel, LiabilitiesRepository),
  readModel(PlayerHistoryReadModel, PlayerHistoryRepository),
  readModel(PlayerReadModel, PlayersRepository),
  readModel(BonusReadModel, BonusRepository),
  readModel(ReconciliationReadModel, ReconciliationRepository),
  readModel(RedeemCodeReadModel, RedeemCodesRepository),
  readModel(SessionReadModel, SessionsRepository),
  readModel(ShoesReadModel, ShoesRepository),
  readModel(StaffAuditReadModel, StaffAuditRepository),
  readModel(StaffRoleReadModel, StaffRolesRepository),
  readModel(SuspectReadModel, SuspectRepository),
  readModel(WithdrawalsReadModel, WithdrawalsRepository),
];

/** The ports of `readModelProviders`, as the module exports them. */
export const readModelPorts = readModelProviders.map((p) => p.provide);
