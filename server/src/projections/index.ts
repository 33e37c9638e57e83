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

/** Every read model the server keeps. */
export const allProjections: readonly Projection[] = [playersProjection, bankProjection, ledgerProjection, handsProjection, shoesProjection, statsProjection, depositsProjection, invoicesProjection, withdrawalsProjection, playthroughProjection, redeemCodesProjection, brandsProjection];
