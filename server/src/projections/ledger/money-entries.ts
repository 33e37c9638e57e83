import type { MoneyEvent } from '../../domain/account/money';
import type { LedgerType } from '../schema';

export interface LedgerLine {
  type: LedgerType;
  amount: number;
  reference: string | null;
  handId: string | null;
}

/** Ledger lines of money events; amounts are copied from the events, never recomputed. */
export function moneyLedgerLines(event: MoneyEvent): LedgerLine[] {
  switch (event.type) {
    case 'BitcoinDepositConfirmed':
      return [{ type: 'BitcoinDeposit', amount: event.data.amount, reference: `${event.data.txid}:${event.data.vout}`, handId: null }];
    case 'LightningInvoiceSettled':
      return [{ type: 'LightningDeposit', amount: event.data.amount, reference: event.data.invoiceId, handId: null }];
    case 'WithdrawalRequested':
      return [{ type: 'Withdraw', amount: -event.data.amount, reference: event.data.withdrawalId, handId: null }];
    case 'WithdrawalDeclined':
      return [{ type: 'WithdrawRefund', amount: event.data.amount, reference: event.data.withdrawalId, handId: null }];
    default:
      return [];
  }
}
