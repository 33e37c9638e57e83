import type { LedgerType } from './game';

/*
 * Plain constants, no zod: the ledger screen imports them, and a schema module's values would pull zod into
 * the client's bundle.
 */

/** What a ledger line is part of: the table (stakes and returns), money in, money out, or a bonus. A deposit is not a winning. */
export const LEDGER_PARTS = ['play', 'deposits', 'withdrawals', 'bonuses'] as const;
export type LedgerPart = (typeof LEDGER_PARTS)[number];
export const LEDGER_PART_OF: Readonly<Record<LedgerType, LedgerPart>> = {
  Bet: 'play', Double: 'play', Split: 'play', InsuranceBet: 'play', InsuranceWin: 'play', Win: 'play', Push: 'play', EvenMoney: 'play', ShowShoe: 'play',
  BitcoinDeposit: 'deposits', LightningDeposit: 'deposits',
  Withdraw: 'withdrawals', WithdrawRefund: 'withdrawals',
  Bonus: 'bonuses',
};
