import type { LedgerType } from '@bahati/contracts';
import type { GameEvent } from './game';
import type { BonusEvent } from './bonus';
import type { LimitEvent } from './limits';
import type { MoneyEvent } from './money';
import type { RequestKeyEvent } from './request-keys';

/** One line of the player's ledger. Debits are negative, credits positive, in satoshis. */
export interface LedgerLine {
  readonly type: LedgerType;
  readonly amount: number;
  readonly reference: string | null;
  readonly handId: string | null;
}

/** Account events that move the bank. */
export const BANK_EVENT_TYPES = [
  'BitcoinDepositConfirmed', 'LightningInvoiceSettled', 'WithdrawalRequested', 'WithdrawalDeclined', 'WithdrawalCanceled',
  'HandStarted', 'InsuranceTaken', 'PlayerDoubled', 'HandSplit', 'HandSettled', 'BonusAccepted',
] as const satisfies readonly (MoneyEvent | GameEvent | BonusEvent)['type'][];

/** Account events that record ledger lines: those that move the bank, and the retirement of a shoe (ShowShoe, 0). */
export const LEDGER_EVENT_TYPES = [...BANK_EVENT_TYPES, 'ShoeRetired'] as const satisfies readonly (MoneyEvent | GameEvent | BonusEvent)['type'][];

const NONE: readonly LedgerLine[] = [];

/**
 * The ledger lines an account event records. The amounts are copied from the event, never recomputed;
 * the bank moves by their sum, so the ledger and the bank cannot disagree. Stakes are debits when they
 * are placed; the settlement credits each kind of return (insurance, win, push, even money) above 0;
 * a shoe that dealt hands shows a 0 ShowShoe line naming it when it retires.
 */
export function ledgerLines(event: MoneyEvent | GameEvent | BonusEvent | LimitEvent | RequestKeyEvent): readonly LedgerLine[] {
  switch (event.type) {
    case 'BitcoinDepositConfirmed':
      return [{ type: 'BitcoinDeposit', amount: event.data.amount, reference: `${event.data.txid}:${event.data.vout}`, handId: null }];
    case 'LightningInvoiceSettled':
      return [{ type: 'LightningDeposit', amount: event.data.amount, reference: event.data.invoiceId, handId: null }];
    case 'WithdrawalRequested':
      return [{ type: 'Withdraw', amount: -event.data.amount, reference: event.data.withdrawalId, handId: null }];
    case 'WithdrawalDeclined':
    case 'WithdrawalCanceled':
      return [{ type: 'WithdrawRefund', amount: event.data.amount, reference: event.data.withdrawalId, handId: null }];
    case 'HandStarted':
      return [{ type: 'Bet', amount: -event.data.bet, reference: event.data.shoeId, handId: event.data.handId }];
    case 'InsuranceTaken':
      return [{ type: 'InsuranceBet', amount: -event.data.amount, reference: null, handId: event.data.handId }];
    case 'PlayerDoubled':
      return [{ type: 'Double', amount: -event.data.amount, reference: null, handId: event.data.handId }];
    case 'HandSplit':
      return [{ type: 'Split', amount: -event.data.amount, reference: null, handId: event.data.handId }];
    case 'HandSettled': {
      const d = event.data;
      const credits: [LedgerType, number][] = [['InsuranceWin', d.insuranceWin], ['Win', d.win], ['Push', d.push], ['EvenMoney', d.evenMoney]];
      return credits.filter(([, amount]) => amount > 0).map(([type, amount]) => ({ type, amount, reference: null, handId: d.handId }));
    }
    case 'BonusAccepted':
      return [{ type: 'Bonus', amount: event.data.amount, reference: event.data.redeemCode ?? event.data.bonusId, handId: null }];
    case 'ShoeRetired':
      return event.data.handCount > 0 ? [{ type: 'ShowShoe', amount: 0, reference: event.data.shoeId, handId: event.data.lastHandId }] : NONE;
    // Every other event moves no satoshis; naming each one makes a new event fail to compile here until its lines are decided.
    case 'BitcoinAddressAssigned':
    case 'BitcoinDepositDetected':
    case 'LightningInvoiceCreated':
    case 'LightningInvoiceCanceled':
    case 'DepositHeldForReview':
    case 'HeldDepositReleased':
    case 'HeldDepositRefundRequested': // a returned deposit was never credited: the bank does not move (`Returned` in the deposits)
    case 'HeldDepositRefundStarted':
    case 'HeldDepositRefundFailed':
    case 'HeldDepositRefunded':
    case 'WithdrawalApproved':
    case 'WithdrawalFirstApproved':
    case 'WithdrawalPayoutStarted':
    case 'WithdrawalPayoutFailed':
    case 'WithdrawalPaid':
    case 'ShoeCommitted':
    case 'ShoeStarted':
    case 'HandOpened':
    case 'CardDealt':
    case 'InsuranceDeclined':
    case 'EvenMoneyTaken':
    case 'EvenMoneyDeclined':
    case 'PlayerHit':
    case 'PlayerStood':
    case 'DealerPlayed':
    case 'BonusOffered':
    case 'BonusDeclined':
    case 'BonusExpired':
    case 'BonusOfferLapsed':
    case 'WagerCounted':
    case 'BonusCompleted':
    case 'BonusForgiven':
    case 'LimitsChanged':
    case 'RequestKeyRecorded':
      return NONE;
    default: {
      // A type no longer written (or not an account event) records nothing.
      const unhandled: never = event;
      void unhandled;
      return NONE;
    }
  }
}

/** A stored account event as the ledger needs it: its id, its revision in the account stream and when it was recorded. */
export interface LedgerSource {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly revision: number;
  readonly createdAt: string;
}

/** One row of the player's ledger as the ledger read model stores it. */
export interface LedgerEntryRow extends LedgerLine {
  /** `<event id>:<n>`: one event may record several lines. */
  readonly id: string;
  readonly createdTime: string;
  /** Order within the player's ledger: account revision × 16 + line number. */
  readonly seq: number;
}

/** The ledger rows a stored account event records: the one mapping the ledger read model and a ledger-day rebuild share. */
export function ledgerEntriesOf(event: LedgerSource): LedgerEntryRow[] {
  // Each field named (no spread): the lines' shapes differ by event type, and a spread of them takes V8's slow path.
  return ledgerLines({ type: event.type, data: event.data } as MoneyEvent | GameEvent | BonusEvent | LimitEvent).map((line, i) => ({
    type: line.type,
    amount: line.amount,
    reference: line.reference,
    handId: line.handId,
    id: `${event.id}:${i}`,
    createdTime: event.createdAt,
    seq: event.revision * 16 + i,
  }));
}
