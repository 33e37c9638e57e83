import type { CheckpointTables } from './checkpoints.table';
import type { PlayersTables } from './players/players.table';
import type { DepositsTables } from './deposits/deposits.table';
import type { InvoicesTables } from './invoices/invoices.table';
import type { WithdrawalsTables } from './withdrawals/withdrawals.table';
import type { BankTables } from './bank/bank.table';
import type { LedgerTables } from './ledger/ledger.table';
import type { HandsTables } from './hands/hands.table';
import type { ShoesTables } from './shoes/shoes.table';
import type { StatsTables } from './stats/stats.table';
import type { PlaythroughTables } from './playthrough/playthrough.table';
import type { RedeemCodesTables } from './redeem-codes/redeem-codes.table';
import type { BrandsTables } from './brands/brands.table';
import type { StaffRolesTables } from './staff-roles/staff-roles.table';
import type { SuspectTables } from './suspect/suspect.table';
import type { SessionsTables } from './sessions/sessions.table';
import type { StaffAuditTables } from './staff-audit/staff-audit.table';
import type { CoachTables } from './coach/coach.table';
import type { DailyStatsTables } from './daily-stats/daily-stats.table';
import type { ReconciliationTables } from './reconciliation/reconciliation.table';
import type { HeldDepositsTables } from './held-deposits/held-deposits.table';
import type { PlayerHistoryTables } from './player-history/player-history.table';
import type { LiabilitiesTables } from './liabilities/liabilities.table';

/**
 * Every read-model table, by name: the composition of the tables each read model declares in its folder
 * (`<name>/<name>.table.ts`) and the runner's checkpoints. Typed for PostgreSQL; int8 columns parse to JS
 * numbers (safe integers), see adapters/db. A new read model adds its `…Tables` here (projections/README.md).
 */
export interface ReadModels
  extends CheckpointTables,
    PlayersTables,
    DepositsTables,
    InvoicesTables,
    WithdrawalsTables,
    BankTables,
    LedgerTables,
    HandsTables,
    ShoesTables,
    StatsTables,
    PlaythroughTables,
    RedeemCodesTables,
    BrandsTables,
    StaffRolesTables,
    SuspectTables,
    SessionsTables,
    StaffAuditTables,
    CoachTables,
    DailyStatsTables,
    ReconciliationTables,
    HeldDepositsTables,
    PlayerHistoryTables,
    LiabilitiesTables {}
