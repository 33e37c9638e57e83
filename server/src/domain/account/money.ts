import { type Decider, DomainError, type DomainEvent } from '../decider';
import type { BonusTerms } from './bonus';
import { type PlayerStanding, refuseBanned } from './standing';
import { staffReason } from '../staff/reason';
import type { RequestKey } from './request-keys';

/** Money in and out of the account. Amounts are integer satoshis. */
export type MoneyEvent =
  | DomainEvent<'BitcoinAddressAssigned', { address: string; derivationIndex: number; assignedAt: string }>
  | DomainEvent<'BitcoinDepositDetected', { txid: string; vout: number; address: string; amount: number; confirmations: number; detectedAt: string }>
  | DomainEvent<'BitcoinDepositConfirmed', { txid: string; vout: number; address: string; amount: number; confirmations: number; confirmedAt: string }>
  | DomainEvent<'LightningInvoiceCreated', { invoiceId: string; amount: number; paymentRequest: string; paymentHash: string; createdAt: string; expiresAt: string }>
  | DomainEvent<'LightningInvoiceSettled', { invoiceId: string; amount: number; settledAt: string }>
  | DomainEvent<'LightningInvoiceCanceled', { invoiceId: string; canceledAt: string }>
  /**
   * A paid deposit that would have taken the bank past `maxBank` (MAX_BANK_SATS): not credited, kept
   * for an operator to review. Its output or invoice is never credited by a later sighting either.
   */
  | DomainEvent<
      'DepositHeldForReview',
      | { method: 'bitcoin'; txid: string; vout: number; address: string; amount: number; confirmations: number; bank: number; maxBank: number; heldAt: string }
      | { method: 'lightning'; invoiceId: string; amount: number; bank: number; maxBank: number; heldAt: string }
    >
  /**
   * An admin reviewed a held deposit and let it in; the credit itself follows in the same append as the
   * deposit's usual event (LightningInvoiceSettled or BitcoinDepositConfirmed), so everything that counts
   * deposits counts it the same way.
   */
  | DomainEvent<'HeldDepositReleased', { method: 'bitcoin' | 'lightning'; id: string; amount: number; reviewerId: string; releasedAt: string; reason?: string }>
  /**
   * An admin sends a held deposit back to where the player names (`target`: a Bitcoin address for an output, a
   * payment request for an invoice) instead of crediting it: from here on it is never credited nor released.
   * The payout follows as for a withdrawal: started (a claim), then refunded with the node's reference, or failed.
   */
  | DomainEvent<'HeldDepositRefundRequested', { method: 'bitcoin' | 'lightning'; id: string; amount: number; target: string; reviewerId: string; reason: string; requestedAt: string }>
  /** `attempt`: 1 the first time, more for an admin's retry after a failure. */
  | DomainEvent<'HeldDepositRefundStarted', { method: 'bitcoin' | 'lightning'; id: string; startedBy: string; attempt: number; startedAt: string }>
  | DomainEvent<'HeldDepositRefundFailed', { method: 'bitcoin' | 'lightning'; id: string; reason: string; failedAt: string }>
  | DomainEvent<'HeldDepositRefunded', { method: 'bitcoin' | 'lightning'; id: string; amount: number; reference: string; refundedAt: string }>
  | DomainEvent<'WithdrawalRequested', { withdrawalId: string; method: 'lightning' | 'bitcoin'; amount: number; target: string; requestedAt: string }>
  /**
   * `firstReviewerId`: the admin whose approval came first, where the amount needed two (four eyes); `reason`: why it
   * was approved, required of a player held for review. Both absent in older stores and where not needed.
   */
  | DomainEvent<'WithdrawalApproved', { withdrawalId: string; reviewerId: string; decidedAt: string; firstReviewerId?: string; reason?: string }>
  /** The first of two approvals a large request needs: nothing is paid until a different admin approves it too. */
  | DomainEvent<'WithdrawalFirstApproved', { withdrawalId: string; amount: number; reviewerId: string; decidedAt: string; reason?: string }>
  /** `startedBy` (the approving admin) and `attempt` (1 the first time, more for a retry after a failure) are absent in older stores. */
  | DomainEvent<'WithdrawalPayoutStarted', { withdrawalId: string; startedAt: string; startedBy?: string; attempt?: number }>
  | DomainEvent<'WithdrawalPayoutFailed', { withdrawalId: string; reason: string; failedAt: string }>
  | DomainEvent<'WithdrawalPaid', { withdrawalId: string; reference: string; paidAt: string }>
  /** `afterFailedPayout`: an approved request whose payout failed and that the node confirms it never paid. */
  | DomainEvent<'WithdrawalDeclined', { withdrawalId: string; amount: number; reviewerId: string; decidedAt: string; reason?: string; afterFailedPayout?: true }>
  /** The player cancelled their own request while it was still in review: the amount goes back to the bank at once. */
  | DomainEvent<'WithdrawalCanceled', { withdrawalId: string; amount: number; canceledAt: string }>;

/** The money events, once (a new member of `MoneyEvent` fails to compile here until it is named). */
const MONEY_EVENT_TYPES = {
  BitcoinAddressAssigned: true,
  BitcoinDepositDetected: true,
  BitcoinDepositConfirmed: true,
  LightningInvoiceCreated: true,
  LightningInvoiceSettled: true,
  LightningInvoiceCanceled: true,
  DepositHeldForReview: true,
  HeldDepositReleased: true,
  HeldDepositRefundRequested: true,
  HeldDepositRefundStarted: true,
  HeldDepositRefundFailed: true,
  HeldDepositRefunded: true,
  WithdrawalRequested: true,
  WithdrawalApproved: true,
  WithdrawalFirstApproved: true,
  WithdrawalPayoutStarted: true,
  WithdrawalPayoutFailed: true,
  WithdrawalPaid: true,
  WithdrawalDeclined: true,
  WithdrawalCanceled: true,
} as const satisfies Record<MoneyEvent['type'], true>;

export function isMoneyEvent(event: { readonly type: string }): event is MoneyEvent {
  return Object.hasOwn(MONEY_EVENT_TYPES, event.type);
}

/**
 * All bitcoin there will ever be, in satoshis: no bank can hold more, whatever credits it (a deposit
 * beyond MAX_BANK_SATS is held first; a bonus or win beyond this is refused). Far below 2^53, so every
 * bank and every amount stays an exact JavaScript number.
 */
export const ALL_BITCOIN_SATS = 2_100_000_000_000_000;


export type MoneyCommand =
  | { type: 'AssignBitcoinAddress'; address: string; derivationIndex: number; standing: PlayerStanding; now: string }
  /** `maxBank`: the most a bank may hold (MAX_BANK_SATS); a deposit beyond it is held for review. */
  | { type: 'RecordBitcoinDeposit'; txid: string; vout: number; address: string; amount: number; confirmations: number; requiredConfirmations: number; bonus: BonusTerms; maxBank: number; now: string }
  | {
      type: 'CreateLightningInvoice'; invoiceId: string; amount: number; paymentRequest: string; paymentHash: string; expiresAt: string; standing: PlayerStanding; minimum: number;
      requestKey?: RequestKey; now: string;
    }
  | { type: 'SettleLightningInvoice'; invoiceId: string; amountPaid: number; bonus: BonusTerms; maxBank: number; now: string }
  | { type: 'CancelLightningInvoice'; invoiceId: string; now: string }
  /**
   * An admin credits a deposit held for review (`id`: the invoice id, or `txid:vout`), with a reason. The review is
   * the decision to let it past MAX_BANK_SATS (`maxBank`): while the credit would still pass it, `confirmPastLimit`
   * must say so (`PastLimitNotConfirmed` otherwise); no bank holds more than all bitcoin all the same.
   */
  | {
      type: 'ReleaseHeldDeposit'; method: 'bitcoin' | 'lightning'; id: string; reviewerId: string; reason: string; confirmPastLimit: boolean; maxBank: number;
      bonus: BonusTerms; now: string;
    }
  /** An admin returns a held deposit to `target` (checked at the edge for the deposit's method), with a reason. */
  | { type: 'RequestHeldDepositRefund'; method: 'bitcoin' | 'lightning'; id: string; target: string; reviewerId: string; reason: string; now: string }
  /** Claims the refund's payout before anything is sent, as `StartWithdrawalPayout` does for a withdrawal. */
  | { type: 'StartHeldDepositRefund'; method: 'bitcoin' | 'lightning'; id: string; startedBy: string; now: string; staleAfterMs: number }
  | { type: 'FailHeldDepositRefund'; method: 'bitcoin' | 'lightning'; id: string; reason: string; now: string }
  | { type: 'RecordHeldDepositRefund'; method: 'bitcoin' | 'lightning'; id: string; reference: string; now: string }
  | {
      type: 'RequestWithdrawal'; withdrawalId: string; method: 'lightning' | 'bitcoin'; amount: number; target: string; standing: PlayerStanding; minimumBitcoin: number;
      requestKey?: RequestKey; now: string;
    }
  /**
   * `secondApprovalAbove`: a request for more than this needs two different admins (WITHDRAW_SECOND_APPROVAL_SATS);
   * `heldForReview`: the player's suspect level is at or above WITHDRAW_HOLD_SUSPECT_LEVEL, so approving needs a
   * written reason; `reason` is optional otherwise.
   */
  | { type: 'ApproveWithdrawal'; withdrawalId: string; reviewerId: string; secondApprovalAbove: number; heldForReview: boolean; reason?: string; now: string }
  /**
   * Claims the payout before anything is sent: appended with the stream's expected revision, so of two
   * concurrent approvals exactly one pays. A claim older than `staleAfterMs` (its payer died before
   * recording the result) may be taken over; the node's own record then decides whether to send again.
   */
  | { type: 'StartWithdrawalPayout'; withdrawalId: string; startedBy: string; now: string; staleAfterMs: number }
  | { type: 'FailWithdrawalPayout'; withdrawalId: string; reason: string; now: string }
  | { type: 'RecordWithdrawalPayout'; withdrawalId: string; reference: string; now: string }
  /**
   * A request in review; or an approved one whose payout failed (none under way) when the node confirms it made no
   * payout for it (`nodeHasNoPayout`, asked by the application): its payment request may have expired for good.
   */
  | { type: 'DeclineWithdrawal'; withdrawalId: string; reviewerId: string; reason?: string; nodeHasNoPayout?: boolean; now: string }
  /**
   * The player's own request, only while it is `Created`: decided on the account, so of a cancellation and an
   * approval racing for the same request exactly one is appended (the other is decided on the new state and refused).
   */
  | { type: 'CancelWithdrawal'; withdrawalId: string; standing: PlayerStanding; now: string };

/** `Held`: paid, not credited, held for review (it would have taken the bank past MAX_BANK_SATS). */
export type DepositStatus = 'Pending' | 'Deposited' | 'Held';
export type InvoiceStatus = 'Opened' | 'Settled' | 'Canceled' | 'Held';
export type WithdrawalStatus = 'Created' | 'Approved' | 'Declined' | 'Canceled';

/** A held deposit being returned, by `heldKey(method, id)`. */
export interface HeldRefund {
  amount: number;
  target: string;
  paid: boolean;
  payoutStartedAt: string | null;
  failures: number;
}

/** The key of a held deposit across both methods. */
export const heldKey = (method: 'bitcoin' | 'lightning', id: string) => `${method}:${id}`;

export interface MoneyState {
  addresses: readonly string[];
  /** Key `txid:vout`: each output is credited once however often it is seen. */
  deposits: ReadonlyMap<string, { amount: number; status: DepositStatus; address: string; confirmations: number }>;
  /** `expiresAt`: when an `Opened` invoice can no longer be paid (its sats count toward the deposit limits until then). */
  invoices: ReadonlyMap<string, { amount: number; status: InvoiceStatus; paymentRequest: string; expiresAt: string | null }>;
  withdrawals: ReadonlyMap<
    string,
    {
      amount: number; method: 'lightning' | 'bitcoin'; target: string; status: WithdrawalStatus; paid: boolean; payoutStartedAt: string | null; payoutFailures: number;
      /** The admin whose approval came first, while a request that needs two waits for the second. */
      firstApprovedBy: string | null;
    }
  >;
  /** Held deposits an admin chose to return: such a deposit is never credited. */
  refunds: ReadonlyMap<string, HeldRefund>;
}

export const initialMoneyState = (): MoneyState => ({ addresses: [], deposits: new Map(), invoices: new Map(), withdrawals: new Map(), refunds: new Map() });

type Approval = Extract<MoneyCommand, { type: 'ApproveWithdrawal' }>;

/**
 * An admin's approval of a request in review. A player held for review (suspect level at or above the setting) is
 * approved only with a written reason. A request above `secondApprovalAbove` needs two different admins: the first
 * approval is recorded and pays nothing; the same admin approving again changes nothing; another admin's approval
 * approves it (and the payout follows).
 */
function approvalEvents(command: Approval, w: { amount: number; firstApprovedBy?: string | null }): MoneyEvent[] {
  if (command.heldForReview && (command.reason ?? '').trim() === '') {
    throw new DomainError('ValidationFailed', "This player is held for review (suspect level): approve with the reason you found the request sound.");
  }
  const reason = command.reason === undefined || command.reason.trim() === '' ? undefined : staffReason(command.reason);
  const { withdrawalId, reviewerId, now: decidedAt } = command;
  if (w.amount > command.secondApprovalAbove) {
    // (A state folded before first approvals existed has none.)
    const first = w.firstApprovedBy ?? null;
    if (first === null) return [{ type: 'WithdrawalFirstApproved', data: { withdrawalId, amount: w.amount, reviewerId, decidedAt, ...(reason ? { reason } : {}) } }];
    if (first === reviewerId) return [];
    return [{ type: 'WithdrawalApproved', data: { withdrawalId, reviewerId, decidedAt, firstReviewerId: first, ...(reason ? { reason } : {}) } }];
  }
  return [{ type: 'WithdrawalApproved', data: { withdrawalId, reviewerId, decidedAt, ...(reason ? { reason } : {}) } }];
}

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError('InvalidAmount', 'The amount must be a whole number of satoshis above 0.');
}

function assertMayMoveMoney(standing: PlayerStanding) {
  refuseBanned(standing);
  if (!standing.phoneVerified) throw new DomainError('PhoneVerifyRequired', 'Verify your phone number first.');
}

/** Deposits (addresses, invoices) need a verified phone, and are closed to banned and self-excluded players. */
export function assertMayDeposit(standing: PlayerStanding) {
  assertMayMoveMoney(standing);
  if (standing.selfExcluded) throw new DomainError('SelfExcluded', 'This account is self-excluded from play and deposits.');
}

/** `wageringLeft`: what is still to wager across the accepted bonuses; withdrawals are locked while it is above 0. */
export function decideMoney(command: MoneyCommand, state: { readonly bank: number; readonly money: MoneyState; readonly wageringLeft: number }): MoneyEvent[] {
  const money = state.money;
  switch (command.type) {
    case 'AssignBitcoinAddress': {
      assertMayDeposit(command.standing);
      // One deposit address per account: a second, racing assignment keeps the first.
      if (money.addresses.length > 0) return [];
      return [{ type: 'BitcoinAddressAssigned', data: { address: command.address, derivationIndex: command.derivationIndex, assignedAt: command.now } }];
    }
    case 'RecordBitcoinDeposit': {
      assertAmount(command.amount);
      if (!money.addresses.includes(command.address)) throw new DomainError('InvalidAddress', 'That address does not belong to this account.');
      const key = `${command.txid}:${command.vout}`;
      const known = money.deposits.get(key);
      if (known?.status === 'Deposited' || known?.status === 'Held') return [];
      const { txid, vout, address, amount, confirmations } = command;
      if (confirmations >= command.requiredConfirmations) {
        if (state.bank + amount > command.maxBank) {
          return [{ type: 'DepositHeldForReview', data: { method: 'bitcoin', txid, vout, address, amount, confirmations, bank: state.bank, maxBank: command.maxBank, heldAt: command.now } }];
        }
        return [{ type: 'BitcoinDepositConfirmed', data: { txid, vout, address, amount, confirmations, confirmedAt: command.now } }];
      }
      if (known) return [];
      return [{ type: 'BitcoinDepositDetected', data: { txid, vout, address, amount, confirmations, detectedAt: command.now } }];
    }
    case 'CreateLightningInvoice': {
      assertMayDeposit(command.standing);
      assertAmount(command.amount);
      if (command.amount < command.minimum) throw new DomainError('InvalidAmount', `Deposit Amount must be at least ${command.minimum} Satoshis.`);
      if (money.invoices.has(command.invoiceId)) return [];
      const { invoiceId, amount, paymentRequest, paymentHash, expiresAt } = command;
      return [{ type: 'LightningInvoiceCreated', data: { invoiceId, amount, paymentRequest, paymentHash, createdAt: command.now, expiresAt } }];
    }
    case 'SettleLightningInvoice': {
      const invoice = money.invoices.get(command.invoiceId);
      if (!invoice) throw new DomainError('NotFound', 'No such invoice on this account.');
      if (invoice.status !== 'Opened') return [];
      if (command.amountPaid < invoice.amount) throw new DomainError('InvalidAmount', 'The invoice was paid less than its amount.');
      if (state.bank + command.amountPaid > command.maxBank) {
        const { invoiceId, amountPaid: amount, maxBank } = command;
        return [{ type: 'DepositHeldForReview', data: { method: 'lightning', invoiceId, amount, bank: state.bank, maxBank, heldAt: command.now } }];
      }
      // Lightning lets a payer send more than asked; the player is credited what was actually received.
      return [{ type: 'LightningInvoiceSettled', data: { invoiceId: command.invoiceId, amount: command.amountPaid, settledAt: command.now } }];
    }
    case 'CancelLightningInvoice': {
      const invoice = money.invoices.get(command.invoiceId);
      if (!invoice || invoice.status !== 'Opened') return [];
      return [{ type: 'LightningInvoiceCanceled', data: { invoiceId: command.invoiceId, canceledAt: command.now } }];
    }
    case 'ReleaseHeldDeposit': {
      const { id, reviewerId, now } = command;
      const held = heldDeposit(money, command.method, id);
      if (held.status === (command.method === 'lightning' ? 'Settled' : 'Deposited')) return [];
      if (money.refunds.has(heldKey(command.method, id))) throw new DomainError('Conflict', 'This deposit is being returned to the player: it can no longer be credited.');
      if (held.status !== 'Held') throw new DomainError('Conflict', 'Only a deposit held for review can be released.');
      const reason = staffReason(command.reason);
      if (state.bank + held.amount > command.maxBank && !command.confirmPastLimit) {
        throw new DomainError('PastLimitNotConfirmed', `Crediting ${held.amount} sats takes the bank from ${state.bank} to ${state.bank + held.amount} sats, past the limit of ${command.maxBank}: confirm that it goes past the limit.`);
      }
      const released: MoneyEvent = { type: 'HeldDepositReleased', data: { method: command.method, id, amount: held.amount, reviewerId, releasedAt: now, reason } };
      if (command.method === 'lightning') return [released, { type: 'LightningInvoiceSettled', data: { invoiceId: id, amount: held.amount, settledAt: now } }];
      const { address, confirmations } = money.deposits.get(id)!;
      const separator = id.lastIndexOf(':');
      const txid = id.slice(0, separator);
      const vout = Number(id.slice(separator + 1));
      return [released, { type: 'BitcoinDepositConfirmed', data: { txid, vout, address, amount: held.amount, confirmations, confirmedAt: now } }];
    }
    case 'RequestHeldDepositRefund': {
      const { method, id, target, reviewerId, now } = command;
      const held = heldDeposit(money, method, id);
      const known = money.refunds.get(heldKey(method, id));
      if (known) {
        // A second click (or a retried request) names the same refund; another target is a different decision.
        if (known.target === target) return [];
        throw new DomainError('Conflict', 'This deposit is already being returned to another destination.');
      }
      if (held.status !== 'Held') throw new DomainError('Conflict', 'Only a deposit held for review can be returned: this one was credited.');
      const reason = staffReason(command.reason);
      return [{ type: 'HeldDepositRefundRequested', data: { method, id, amount: held.amount, target, reviewerId, reason, requestedAt: now } }];
    }
    case 'StartHeldDepositRefund': {
      const { method, id } = command;
      const refund = money.refunds.get(heldKey(method, id));
      if (!refund) throw new DomainError('NotFound', 'No refund of this deposit was asked for.');
      if (refund.paid) return [];
      if (refund.payoutStartedAt && Date.parse(command.now) - Date.parse(refund.payoutStartedAt) < command.staleAfterMs) {
        throw new DomainError('Conflict', 'The refund of this deposit is already under way.');
      }
      return [{ type: 'HeldDepositRefundStarted', data: { method, id, startedBy: command.startedBy, attempt: refund.failures + 1, startedAt: command.now } }];
    }
    case 'FailHeldDepositRefund': {
      const refund = money.refunds.get(heldKey(command.method, command.id));
      if (!refund || refund.paid || !refund.payoutStartedAt) return [];
      return [{ type: 'HeldDepositRefundFailed', data: { method: command.method, id: command.id, reason: command.reason, failedAt: command.now } }];
    }
    case 'RecordHeldDepositRefund': {
      const refund = money.refunds.get(heldKey(command.method, command.id));
      if (!refund) throw new DomainError('NotFound', 'No refund of this deposit was asked for.');
      if (refund.paid) return [];
      return [{ type: 'HeldDepositRefunded', data: { method: command.method, id: command.id, amount: refund.amount, reference: command.reference, refundedAt: command.now } }];
    }
    case 'RequestWithdrawal': {
      refuseBanned(command.standing);
      if (!command.standing.phoneVerified) throw new DomainError('PhoneVerifyRequired', 'Verify your phone number first.');
      assertAmount(command.amount);
      const known = money.withdrawals.get(command.withdrawalId);
      if (known) {
        // The same Idempotency-Key names this withdrawal: the same request is answered as recorded, another one refused.
        if (known.method === command.method && known.amount === command.amount && known.target === command.target) return [];
        throw new DomainError('IdempotencyKeyReused', 'This Idempotency-Key was already used for a different withdrawal; send a new key for a new request.');
      }
      if (state.wageringLeft > 0) {
        throw new DomainError('PlaythroughRequirementNotMet', `Accepted bonuses lock withdrawals: wager ${state.wageringLeft} sats more to open them.`);
      }
      if (command.method === 'bitcoin' && command.amount < command.minimumBitcoin) {
        throw new DomainError('InvalidAmount', `A Bitcoin withdrawal must be at least ${command.minimumBitcoin} satoshis.`);
      }
      if (command.amount > state.bank) throw new DomainError('BankTooLow', 'You cannot withdraw more than you have.');
      const { withdrawalId, method, amount, target } = command;
      return [{ type: 'WithdrawalRequested', data: { withdrawalId, method, amount, target, requestedAt: command.now } }];
    }
    case 'ApproveWithdrawal': {
      const w = money.withdrawals.get(command.withdrawalId);
      if (!w) throw new DomainError('NotFound', 'No such withdrawal request.');
      if (w.status === 'Approved') return [];
      if (w.status !== 'Created') throw new DomainError('Conflict', `This request is already ${w.status.toLowerCase()}.`);
      return approvalEvents(command, w);
    }
    case 'StartWithdrawalPayout': {
      const w = money.withdrawals.get(command.withdrawalId);
      if (!w) throw new DomainError('NotFound', 'No such withdrawal request.');
      if (w.status !== 'Approved') throw new DomainError('Conflict', 'Only an approved request is paid out.');
      if (w.paid) return [];
      if (w.payoutStartedAt && Date.parse(command.now) - Date.parse(w.payoutStartedAt) < command.staleAfterMs) {
        throw new DomainError('Conflict', 'The payout of this request is already under way.');
      }
      return [{ type: 'WithdrawalPayoutStarted', data: { withdrawalId: command.withdrawalId, startedAt: command.now, startedBy: command.startedBy, attempt: (w.payoutFailures ?? 0) + 1 } }];
    }
    case 'FailWithdrawalPayout': {
      const w = money.withdrawals.get(command.withdrawalId);
      if (!w || w.paid || !w.payoutStartedAt) return [];
      return [{ type: 'WithdrawalPayoutFailed', data: { withdrawalId: command.withdrawalId, reason: command.reason, failedAt: command.now } }];
    }
    case 'RecordWithdrawalPayout': {
      const w = money.withdrawals.get(command.withdrawalId);
      if (!w) throw new DomainError('NotFound', 'No such withdrawal request.');
      if (w.status !== 'Approved') throw new DomainError('Conflict', 'Only an approved request is paid out.');
      if (w.paid) return [];
      return [{ type: 'WithdrawalPaid', data: { withdrawalId: command.withdrawalId, reference: command.reference, paidAt: command.now } }];
    }
    case 'DeclineWithdrawal': {
      const w = money.withdrawals.get(command.withdrawalId);
      if (!w) throw new DomainError('NotFound', 'No such withdrawal request.');
      if (w.status === 'Declined') return [];
      const afterFailedPayout = w.status === 'Approved' && !w.paid && w.payoutStartedAt === null && (w.payoutFailures ?? 0) > 0;
      if (w.status === 'Approved' && afterFailedPayout && !command.nodeHasNoPayout) {
        throw new DomainError('Conflict', 'The node does not confirm that this payout was never made (it may still be in flight): it cannot be declined now.');
      }
      if (w.status !== 'Created' && !afterFailedPayout) {
        throw new DomainError('Conflict', `This request is already ${w.status.toLowerCase()}${w.status === 'Approved' ? ': only one whose payout failed can still be declined' : ''}.`);
      }
      const reason = command.reason === undefined ? undefined : staffReason(command.reason);
      return [{
        type: 'WithdrawalDeclined',
        data: { withdrawalId: command.withdrawalId, amount: w.amount, reviewerId: command.reviewerId, decidedAt: command.now, ...(reason ? { reason } : {}), ...(afterFailedPayout ? { afterFailedPayout: true as const } : {}) },
      }];
    }
    case 'CancelWithdrawal': {
      refuseBanned(command.standing);
      // The command is decided on the player's own account: another player's request is not there.
      const w = money.withdrawals.get(command.withdrawalId);
      if (!w) throw new DomainError('NotFound', 'No such withdrawal request.');
      if (w.status === 'Canceled') return [];
      if (w.status !== 'Created') {
        throw new DomainError('WithdrawalNotPending', `This request is already ${w.status.toLowerCase()}: only a request still in review can be cancelled.`);
      }
      return [{ type: 'WithdrawalCanceled', data: { withdrawalId: command.withdrawalId, amount: w.amount, canceledAt: command.now } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/**
 * Satoshis asked for by invoices still open at `now` (created, not paid, not cancelled, not expired): a deposit
 * limit counts them as if paid, so invoices opened side by side cannot take a window past it when they are.
 */
export function openInvoiceSats(money: MoneyState, now: string): number {
  let sum = 0;
  for (const inv of money.invoices.values()) if (inv.status === 'Opened' && inv.expiresAt !== null && inv.expiresAt > now) sum += inv.amount;
  return sum;
}

/** A paid deposit of this account (an output or an invoice), or NotFound. */
function heldDeposit(money: MoneyState, method: 'bitcoin' | 'lightning', id: string): { amount: number; status: DepositStatus | InvoiceStatus } {
  const held = method === 'lightning' ? money.invoices.get(id) : money.deposits.get(id);
  if (!held) throw new DomainError('NotFound', 'No such deposit on this account.');
  return held;
}

function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> {
  const next = new Map(map);
  next.set(key, value);
  return next;
}

export function evolveMoney(state: MoneyState, event: MoneyEvent): MoneyState {
  switch (event.type) {
    case 'BitcoinAddressAssigned':
      return { ...state, addresses: [...state.addresses, event.data.address] };
    case 'BitcoinDepositDetected':
    case 'BitcoinDepositConfirmed': {
      const { txid, vout, amount, address, confirmations } = event.data;
      const status = event.type === 'BitcoinDepositConfirmed' ? ('Deposited' as const) : ('Pending' as const);
      return { ...state, deposits: withEntry(state.deposits, `${txid}:${vout}`, { amount, status, address, confirmations }) };
    }
    case 'LightningInvoiceCreated':
      return {
        ...state,
        invoices: withEntry(state.invoices, event.data.invoiceId, { amount: event.data.amount, status: 'Opened', paymentRequest: event.data.paymentRequest, expiresAt: event.data.expiresAt }),
      };
    case 'LightningInvoiceSettled': {
      const inv = state.invoices.get(event.data.invoiceId);
      const settled = { amount: event.data.amount, status: 'Settled' as const, paymentRequest: inv?.paymentRequest ?? '', expiresAt: inv?.expiresAt ?? null };
      return { ...state, invoices: withEntry(state.invoices, event.data.invoiceId, settled) };
    }
    case 'DepositHeldForReview': {
      const d = event.data;
      return d.method === 'bitcoin'
        ? { ...state, deposits: withEntry(state.deposits, `${d.txid}:${d.vout}`, { amount: d.amount, status: 'Held', address: d.address, confirmations: d.confirmations }) }
        : {
            ...state,
            invoices: withEntry(state.invoices, d.invoiceId, {
              amount: d.amount, status: 'Held', paymentRequest: state.invoices.get(d.invoiceId)?.paymentRequest ?? '', expiresAt: state.invoices.get(d.invoiceId)?.expiresAt ?? null,
            }),
          };
    }
    case 'LightningInvoiceCanceled': {
      const inv = state.invoices.get(event.data.invoiceId);
      return inv ? { ...state, invoices: withEntry(state.invoices, event.data.invoiceId, { ...inv, status: 'Canceled' }) } : state;
    }
    case 'WithdrawalRequested':
      return {
        ...state,
        withdrawals: withEntry(state.withdrawals, event.data.withdrawalId, {
          amount: event.data.amount, method: event.data.method, target: event.data.target, status: 'Created', paid: false, payoutStartedAt: null, payoutFailures: 0,
          firstApprovedBy: null,
        }),
      };
    case 'WithdrawalFirstApproved': {
      const w = state.withdrawals.get(event.data.withdrawalId);
      return w ? { ...state, withdrawals: withEntry(state.withdrawals, event.data.withdrawalId, { ...w, firstApprovedBy: event.data.reviewerId }) } : state;
    }
    case 'WithdrawalApproved':
    case 'WithdrawalDeclined':
    case 'WithdrawalCanceled':
    case 'WithdrawalPayoutStarted':
    case 'WithdrawalPayoutFailed':
    case 'WithdrawalPaid': {
      const w = state.withdrawals.get(event.data.withdrawalId);
      if (!w) return state;
      const next =
        event.type === 'WithdrawalPaid'
          ? { ...w, paid: true, payoutStartedAt: null }
          : event.type === 'WithdrawalPayoutStarted'
            ? { ...w, payoutStartedAt: event.data.startedAt }
            : event.type === 'WithdrawalPayoutFailed'
              ? { ...w, payoutStartedAt: null, payoutFailures: (w.payoutFailures ?? 0) + 1 }
              : { ...w, status: event.type === 'WithdrawalApproved' ? ('Approved' as const) : event.type === 'WithdrawalDeclined' ? ('Declined' as const) : ('Canceled' as const) };
      return { ...state, withdrawals: withEntry(state.withdrawals, event.data.withdrawalId, next) };
    }
    case 'HeldDepositReleased':
      return state;
    case 'HeldDepositRefundRequested': {
      const d = event.data;
      return { ...state, refunds: withEntry(state.refunds, heldKey(d.method, d.id), { amount: d.amount, target: d.target, paid: false, payoutStartedAt: null, failures: 0 }) };
    }
    case 'HeldDepositRefundStarted':
    case 'HeldDepositRefundFailed':
    case 'HeldDepositRefunded': {
      const key = heldKey(event.data.method, event.data.id);
      const r = state.refunds.get(key);
      if (!r) return state;
      const next =
        event.type === 'HeldDepositRefundStarted'
          ? { ...r, payoutStartedAt: event.data.startedAt }
          : event.type === 'HeldDepositRefundFailed'
            ? { ...r, payoutStartedAt: null, failures: r.failures + 1 }
            : { ...r, paid: true, payoutStartedAt: null };
      return { ...state, refunds: withEntry(state.refunds, key, next) };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/**
 * Stream `payment-request-<payment hash>`: the withdrawal that uses a Lightning payment request. Claimed
 * before the withdrawal is requested and released if the request is refused, so a payment request is
 * paid out at most once across all accounts.
 */
export const paymentRequestStream = (paymentHash: string) => `payment-request-${paymentHash}`;

export type PaymentRequestEvent =
  | DomainEvent<'PaymentRequestClaimed', { paymentHash: string; withdrawalId: string; playerId: string; claimedAt: string }>
  | DomainEvent<'PaymentRequestReleased', { paymentHash: string; withdrawalId: string; releasedAt: string }>;
export type PaymentRequestCommand =
  | { type: 'ClaimPaymentRequest'; paymentHash: string; withdrawalId: string; playerId: string; now: string }
  | { type: 'ReleasePaymentRequest'; paymentHash: string; withdrawalId: string; now: string };

export const paymentRequestDecider: Decider<PaymentRequestCommand, { withdrawalId: string | null }, PaymentRequestEvent> = {
  initialState: () => ({ withdrawalId: null }),
  decide(command, state) {
    switch (command.type) {
      case 'ClaimPaymentRequest': {
        if (state.withdrawalId === command.withdrawalId) return [];
        if (state.withdrawalId) throw new DomainError('PaymentRequestAlreadyExists', 'That payment request has already been used for a withdrawal.');
        const { paymentHash, withdrawalId, playerId, now } = command;
        return [{ type: 'PaymentRequestClaimed', data: { paymentHash, withdrawalId, playerId, claimedAt: now } }];
      }
      case 'ReleasePaymentRequest':
        if (state.withdrawalId !== command.withdrawalId) return [];
        return [{ type: 'PaymentRequestReleased', data: { paymentHash: command.paymentHash, withdrawalId: command.withdrawalId, releasedAt: command.now } }];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
  evolve: (state, event) => ({ withdrawalId: event.type === 'PaymentRequestClaimed' ? event.data.withdrawalId : null }),
};

/**
 * Stream `bitcoin-addresses`: one event per derivation index handed out; the event's revision is the
 * index, so two servers can never derive the same address for two players.
 */
export const BITCOIN_ADDRESSES_STREAM = 'bitcoin-addresses';
export type AddressIndexEvent = DomainEvent<'BitcoinAddressIndexReserved', { derivationIndex: number; playerId: string; reservedAt: string }>;
