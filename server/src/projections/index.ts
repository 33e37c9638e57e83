import type { Projection } from './projection';
import { playersProjection } from './players/players.projection';
import { bankProjection } from './bank/bank.projection';
import { ledgerProjection } from './ledger/ledger.projection';

/** Every read model the server keeps. */
export const allProjections: readonly Projection[] = [playersProjection, bankProjection, ledgerProjection];
