import type { SuspectSettings } from '../domain/suspect/detect';
import type { Projection } from './projection';
import { playersProjection } from './players/players.projection';
import { bankProjection } from './bank/bank.projection';
import { ledgerProjection } from './ledger/ledger.projection';
import { depositsProjection } from './deposits/deposits.projection';
import { invoicesProjection } from './invoices/invoices.projection';
import { withdrawalsProjection } from './withdrawals/withdrawals.projection';
import { handsProjection } from './hands/hands.projection';
import { shoesProjection } from './shoes/shoes.projection';
import { statsProjection } from './stats/stats.projection';
import { playthroughProjection } from './playthrough/playthrough.projection';
import { redeemCodesProjection } from './redeem-codes/redeem-codes.projection';
import { brandsProjection } from './brands/brands.projection';
import { staffRolesProjection } from './staff-roles/staff-roles.projection';
import { suspectProjection } from './suspect/suspect.projection';
import { dailyStatsProjection } from './daily-stats/daily-stats.projection';
import { sessionsProjection } from './sessions/sessions.projection';
import { coachProjection } from './coach/coach.projection';
import { staffAuditProjection } from './staff-audit/staff-audit.projection';
import { heldDepositsProjection } from './held-deposits/held-deposits.projection';
import { playerHistoryProjection } from './player-history/player-history.projection';
import { liabilitiesProjection } from './liabilities/liabilities.projection';

/** What some read models are built with (the server configuration's; defaults otherwise). */
export interface ProjectionSettings {
  suspect?: SuspectSettings;
}

/** Every read model the server keeps. */
export function allProjections(settings: ProjectionSettings = {}): readonly Projection[] {
  return [
    playersProjection, bankProjection, ledgerProjection, handsProjection, shoesProjection, statsProjection, depositsProjection, invoicesProjection,
    withdrawalsProjection, playthroughProjection, redeemCodesProjection, brandsProjection, staffRolesProjection, suspectProjection(settings.suspect),
    dailyStatsProjection, sessionsProjection, coachProjection, staffAuditProjection, heldDepositsProjection, playerHistoryProjection, liabilitiesProjection,
  ];
}
