import { z } from 'zod';
import { Sats, SatsInput } from './money';
import { StaffReason } from './admin';
import type { FieldErrorCodes } from './errors';

/* Phone verification (spec "Phone verification dialog", §5, §8). */

/** POST players/beginphoneverify. `phoneNumber` may be national digits (with `countryCode`) or full E.164. */
export const PhoneVerifyRequest = z.object({
  phoneNumber: z.string().trim().min(1, 'phoneNumber is required').max(32, 'phoneNumber is too long'),
  /** ISO 3166-1 alpha-2 country, e.g. "us" or "KE" (the dialog's country select). */
  countryCode: z.string().trim().regex(/^[A-Za-z]{2}$/, 'countryCode must be a two-letter country code'),
});
export type PhoneVerifyRequest = z.infer<typeof PhoneVerifyRequest>;

export const PhoneVerifyResponse = z.object({
  /** The E.164 number the code was sent to. */
  phoneNumber: z.string(),
});
export type PhoneVerifyResponse = z.infer<typeof PhoneVerifyResponse>;

/** The SMS code: six digits; spaces and dashes as a player pastes them ("123 456", "123-456") are dropped first. */
export const VerifyCodeRequest = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'code must be exactly 6 digits')),
});
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequest>;

export const PHONE_VERIFY_STATUSES = ['Approved', 'WrongCode', 'UnknownTwilioError'] as const;
export const PhoneVerifyStatus = z.enum(PHONE_VERIFY_STATUSES);
export type PhoneVerifyStatus = z.infer<typeof PhoneVerifyStatus>;

/** POST players/verifycode. */
export const VerifyCodeResponse = z.object({ status: PhoneVerifyStatus });
export type VerifyCodeResponse = z.infer<typeof VerifyCodeResponse>;

/* On-chain deposits. */

/** GET players/getbitcoinaddress. */
export const BitcoinAddressResponse = z.object({ address: z.string() });
export type BitcoinAddressResponse = z.infer<typeof BitcoinAddressResponse>;

/**
 * `Held`: paid, but not credited: it would have taken the bank past the most a bank may hold, so it waits for review.
 * `Returned`: held, then sent back to the player by an admin (never credited).
 */
export const DEPOSIT_STATUSES = ['Pending', 'Deposited', 'Held', 'Returned'] as const;
export const DepositStatus = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof DepositStatus>;

/** One row of GET players/deposits (newest first). `Pending` is shown as unconfirmed. */
export const Deposit = z.object({
  time: z.string(),
  depositAmount: Sats,
  status: DepositStatus,
  transactionId: z.string(),
  /** Output index within the transaction; a deposit is credited once per `transactionId:vout`. */
  vout: z.number().int(),
  address: z.string(),
  confirmations: z.number().int(),
});
export type Deposit = z.infer<typeof Deposit>;
export const DepositList = z.array(Deposit);

/* Lightning deposits. */

const MIN_DEPOSIT_MESSAGE = 'Deposit Amount must be at least 1000 Satoshis.';

/** POST players/lightningaddinvoice. The amount arrives as a string (a number is accepted too); at least 1,000 sats. */
export const AddInvoiceRequest = z.object({
  amount: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number of satoshis')], 'amount is required')
    .transform((v) => (typeof v === 'string' ? Number(v) : v))
    .pipe(z.number().int('must be a whole number of satoshis').min(1000, MIN_DEPOSIT_MESSAGE).max(2_100_000_000_000_000, 'is larger than all bitcoin')),
});
export type AddInvoiceRequest = z.input<typeof AddInvoiceRequest>;
/** A deposit amount that is missing, not whole, or under 1,000 sats is refused as `InvalidAmount` (spec §5, §8). */
export const AddInvoiceRequestCodes: FieldErrorCodes = { amount: 'InvalidAmount' };

export const AddInvoiceResponse = z.object({ id: z.string(), paymentRequest: z.string() });
export type AddInvoiceResponse = z.infer<typeof AddInvoiceResponse>;

/** `Held`: paid, held for review instead of credited (as a deposit's `Held`); `Returned`: held, then sent back. */
export const INVOICE_STATUSES = ['Opened', 'Settled', 'Canceled', 'Held', 'Returned'] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/** One row of GET players/getlightninginvoices (newest first). */
export const LightningInvoice = z.object({
  id: z.string(),
  createdTime: z.string(),
  amount: Sats,
  status: InvoiceStatus,
  paymentRequest: z.string(),
  expiresAt: z.string(),
  settledTime: z.string().nullable(),
});
export type LightningInvoice = z.infer<typeof LightningInvoice>;
export const LightningInvoiceList = z.array(LightningInvoice);

/** POST players/invoice: waits (up to ~25 s) until the invoice is no longer Opened, then answers its status. */
export const InvoiceStatusRequest = z.object({ id: z.string().trim().min(1, 'id is required').max(100) });
export type InvoiceStatusRequest = z.infer<typeof InvoiceStatusRequest>;
export const InvoiceStatusResponse = z.object({ id: z.string(), status: InvoiceStatus, amount: Sats });
export type InvoiceStatusResponse = z.infer<typeof InvoiceStatusResponse>;

/* Withdrawals. */

/**
 * POST players/withdraw. Exactly one of `address` (on-chain, at least 1,000 sats) or `paymentRequest`
 * (Lightning BOLT11) is given; the other is empty or absent. Answer: the new bank (a number).
 * Send an `Idempotency-Key` header so a double click records one request.
 */
export const WithdrawRequest = z
  .object({
    amount: SatsInput,
    address: z.string().trim().max(100, 'address is too long').nullish(),
    paymentRequest: z.string().trim().max(2048, 'paymentRequest is too long').nullish(),
  })
  .refine((w) => Boolean(w.address) !== Boolean(w.paymentRequest), {
    message: 'give either a Bitcoin address or a Lightning payment request',
    path: ['address'],
  });
export type WithdrawRequest = z.input<typeof WithdrawRequest>;
/** The spec's codes for a withdrawal refused at the edge: the amount, the address (or no target), the payment request. */
export const WithdrawRequestCodes: FieldErrorCodes = { amount: 'InvalidAmount', address: 'InvalidAddress', paymentRequest: 'InvalidPaymentRequest' };
export const WithdrawResponse = Sats;

/**
 * Spec §4: Created 0, Approved 1, Declined 2; and Canceled 3, a request its player cancelled while it was in
 * review (refunded at once). JSON carries the name in `status` and the number in `statusCode`. The spec's
 * numbers never change: a new status takes the next number.
 */
export const WITHDRAW_STATUSES = ['Created', 'Approved', 'Declined', 'Canceled'] as const;
export const WithdrawStatus = z.enum(WITHDRAW_STATUSES);
export type WithdrawStatus = z.infer<typeof WithdrawStatus>;
export type WithdrawStatusCode = 0 | 1 | 2 | 3;
export const withdrawStatusCode = (s: WithdrawStatus): WithdrawStatusCode => WITHDRAW_STATUSES.indexOf(s) as WithdrawStatusCode;

/**
 * Where an approved request's payout is: `None` (not approved, or approved and not yet started), `Paying`
 * (the node is paying it), `Failed` (the node refused; approving again retries, never paying twice), `Paid`.
 */
export const PAYOUT_STATES = ['None', 'Paying', 'Failed', 'Paid'] as const;
export const PayoutState = z.enum(PAYOUT_STATES);
export type PayoutState = z.infer<typeof PayoutState>;

/** One row of GET players/withdrawrequests (own) and GET players/adminwithdrawrequests (all), newest first. */
export const WithdrawRequestView = z.object({
  id: z.string(),
  requestTime: z.string(),
  amount: Sats,
  playerId: z.string(),
  /** Player's e-mail (admin view; own view carries it too). */
  email: z.string().nullable(),
  method: z.enum(['lightning', 'bitcoin']),
  status: WithdrawStatus,
  statusCode: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** Payment hash (Lightning) or transaction id (on-chain) once paid; null before. */
  reference: z.string().nullable(),
  reviewerId: z.string().nullable(),
  decisionTime: z.string().nullable(),
  /** The Bitcoin address or the Lightning payment request. */
  targetAddress: z.string(),
  paid: z.boolean(),
  payout: PayoutState,
  /** The node's reason for a failed payout (admin view only; null in the player's own view and otherwise). */
  payoutError: z.string().nullable(),
  /** When the payout last started, failed or was paid; null before it starts. */
  payoutTime: z.string().nullable(),
  /**
   * The first of the two approvals a request above the four-eyes amount needs (admin view only): who gave it, when
   * and why. The request stays in review, unpaid, until a different admin approves it. Null otherwise.
   */
  firstApproval: z.object({ reviewerId: z.string(), email: z.string().nullable(), time: z.string(), reason: z.string().nullable() }).nullable(),
  /** The reason given with the approval or the decline (admin view only). */
  decisionReason: z.string().nullable(),
});
export type WithdrawRequestView = z.infer<typeof WithdrawRequestView>;
export const WithdrawRequestList = z.array(WithdrawRequestView);

/** Query of PUT players/approvewithdrawrequest?id= and declinewithdrawrequest?id=; the answer is the updated WithdrawRequestView. */
export const WithdrawDecisionQuery = z.object({ id: z.string().trim().min(1, 'id is required').max(100) });
export type WithdrawDecisionQuery = z.infer<typeof WithdrawDecisionQuery>;

/**
 * The `{id}` of POST players/withdrawrequests/{id}/cancel: the player's own request, while it is `Created`. The
 * answer is the request as cancelled and the bank with its amount back (`WithdrawCancelResponse`).
 */
export const WithdrawRequestId = z.string().trim().min(1, 'id is required').max(100, 'id is too long');
export const WithdrawCancelResponse = z.object({ request: WithdrawRequestView, bank: Sats });
export type WithdrawCancelResponse = z.infer<typeof WithdrawCancelResponse>;

/*
 * Deposits held for review (GET admin/held-deposits, POST admin/held-deposits/release | refund | refund-retry;
 * admins): paid, not credited, because they would have taken the bank past MAX_BANK_SATS. An admin releases one
 * (credits it) or refunds it (sends it back), each with a reason; the list keeps them with their outcome.
 */

/**
 * `Held` (waiting for review), `Released` (credited), `Refunding` (a refund asked for, its payout under way),
 * `RefundFailed` (its payout failed: `failure`, retry it), `Refunded` (sent back: `reference`).
 */
export const HELD_DEPOSIT_STATUSES = ['Held', 'Released', 'Refunding', 'RefundFailed', 'Refunded'] as const;
export type HeldDepositStatus = (typeof HELD_DEPOSIT_STATUSES)[number];

export const HeldDeposit = z.object({
  method: z.enum(['lightning', 'bitcoin']),
  /** The invoice id, or `txid:vout` for an on-chain output. */
  id: z.string(),
  playerId: z.string(),
  email: z.string().nullable(),
  amount: Sats,
  /** The player's bank now, beside which the amount was too much. */
  bank: Sats,
  /** The most a bank may hold (MAX_BANK_SATS) now: crediting past it needs a confirmation. */
  maxBank: Sats,
  /** When it was held (paid past the limit). */
  time: z.string(),
  status: z.enum(HELD_DEPOSIT_STATUSES),
  /** The admin's reason for the release or the refund; null while held. */
  reason: z.string().nullable(),
  /** Where a refund goes: a Bitcoin address or a payment request. */
  target: z.string().nullable(),
  /** The refund's payout reference (a transaction id or payment hash), once refunded. */
  reference: z.string().nullable(),
  /** Why the refund's last payout failed (status `RefundFailed`). */
  failure: z.string().nullable(),
  /** When it was released, or the refund asked for. */
  decidedAt: z.string().nullable(),
});
export type HeldDeposit = z.infer<typeof HeldDeposit>;
export const HeldDepositList = z.array(HeldDeposit);


/**
 * Credits a held deposit, with a reason. While the credit would take the bank past MAX_BANK_SATS, `confirmPastLimit`
 * must be `true` (409 `PastLimitNotConfirmed` otherwise).
 */
export const ReleaseHeldDepositRequest = z.object({
  playerId: z.string().uuid('playerId must be a player id'),
  method: z.enum(['lightning', 'bitcoin']),
  id: z.string().trim().min(1, 'id is required').max(200),
  reason: StaffReason,
  confirmPastLimit: z.boolean().default(false),
});
export type ReleaseHeldDepositRequest = z.input<typeof ReleaseHeldDepositRequest>;

/**
 * Sends a held deposit back, with a reason: `target` is a Bitcoin address of the server's network for an on-chain
 * deposit, a payment request (for the deposit's amount, or for none) for a Lightning one.
 */
export const RefundHeldDepositRequest = z.object({
  playerId: z.string().uuid('playerId must be a player id'),
  method: z.enum(['lightning', 'bitcoin']),
  id: z.string().trim().min(1, 'id is required').max(200),
  target: z.string().trim().min(1, 'target is required').max(2000),
  reason: StaffReason,
});
export type RefundHeldDepositRequest = z.infer<typeof RefundHeldDepositRequest>;

/** Pays again a refund whose payout failed (never twice: the node's payout is keyed by the deposit). */
export const RetryHeldDepositRefundRequest = z.object({
  playerId: z.string().uuid('playerId must be a player id'),
  method: z.enum(['lightning', 'bitcoin']),
  id: z.string().trim().min(1, 'id is required').max(200),
});
export type RetryHeldDepositRefundRequest = z.infer<typeof RetryHeldDepositRefundRequest>;

/*
 * Push channel: GET players/events with the session in `Authorization: Bearer <jwt>` like every other route
 * (a token in the query string is refused): server-sent events, one JSON object per `data:` line.
 */

/** What ended a session: its own sign-out, a sign-out everywhere, or a ban. */
export const SessionEndReason = z.enum(['logout', 'logout-all', 'ban']);
export type SessionEndReason = z.infer<typeof SessionEndReason>;

export const PlayerPushEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('InvoiceSettled'), id: z.string(), amount: Sats }),
  z.object({ type: z.literal('InvoiceCanceled'), id: z.string() }),
  z.object({ type: z.literal('DepositDetected'), transactionId: z.string(), vout: z.number().int(), amount: Sats }),
  z.object({ type: z.literal('DepositConfirmed'), transactionId: z.string(), vout: z.number().int(), amount: Sats }),
  z.object({ type: z.literal('WithdrawalChanged'), id: z.string(), status: WithdrawStatus }),
  z.object({ type: z.literal('BankChanged'), bank: Sats }),
  z.object({ type: z.literal('PhoneVerified'), phoneNumber: z.string() }),
  /** A bonus was offered, accepted, declined, expired (or lapsed at a withdrawal request), completed, forgiven or moved along its playthrough. */
  z.object({ type: z.literal('BonusChanged'), id: z.string() }),
  /** The player excluded themself, asked for the lift, or withdrew that request (on any device): read the player again. */
  z.object({ type: z.literal('SelfExclusionChanged') }),
  /**
   * The session the stream was opened with has ended (a logout, a logout everywhere, a ban); the stream closes after it.
   * `reason`: `logout` (that session), `logout-all` (signed out everywhere), `ban` (an admin suspended the account).
   */
  z.object({ type: z.literal('SessionEnded'), reason: SessionEndReason.optional() }),
]);
export type PlayerPushEvent = z.infer<typeof PlayerPushEvent>;

/* Development rails (404 under NODE_ENV=production). */

export const DevBitcoinPayRequest = z.object({
  address: z.string().trim().min(1).max(100),
  amount: SatsInput,
  confirmations: z.number().int().min(0).max(1000).default(1),
});
export type DevBitcoinPayRequest = z.input<typeof DevBitcoinPayRequest>;
export const DevBitcoinPayResponse = z.object({ txid: z.string() });
export type DevBitcoinPayResponse = z.infer<typeof DevBitcoinPayResponse>;

export const DevBitcoinConfirmRequest = z.object({
  txid: z.string().trim().regex(/^[0-9a-f]{64}$/, 'txid must be 64 hex characters'),
  confirmations: z.number().int().min(0).max(1000),
});
export type DevBitcoinConfirmRequest = z.infer<typeof DevBitcoinConfirmRequest>;

export const DevLightningSettleRequest = z.object({ paymentRequest: z.string().trim().min(10).max(2048) });
export type DevLightningSettleRequest = z.infer<typeof DevLightningSettleRequest>;
export const DevLightningSettleResponse = z.object({ paymentHash: z.string() });

/** A wallet outside the site (a withdrawal's target in development): an invoice of it for `amount`, or an address. */
export const DevOutsideInvoiceRequest = z.object({ amount: SatsInput });
export type DevOutsideInvoiceRequest = z.input<typeof DevOutsideInvoiceRequest>;
export const DevOutsideInvoiceResponse = z.object({ paymentRequest: z.string() });
export type DevOutsideInvoiceResponse = z.infer<typeof DevOutsideInvoiceResponse>;
export const DevOutsideAddressResponse = z.object({ address: z.string() });
export type DevOutsideAddressResponse = z.infer<typeof DevOutsideAddressResponse>;

/** The development node refuses its next `count` payouts with `reason` (as a real node refuses one it finds no route for). */
export const DevRefusePayoutsRequest = z.object({
  count: z.number().int().min(1).max(100).default(1),
  reason: z.string().trim().min(1).max(200).default('no route to the destination'),
});
export type DevRefusePayoutsRequest = z.input<typeof DevRefusePayoutsRequest>;

/** A raw '+' in a query string decodes to a space, so a missing '+' is restored. */
export const DevPhoneCodeQuery = z.object({
  phoneNumber: z
    .string()
    .trim()
    .transform((v) => (v.startsWith('+') ? v : `+${v}`))
    .pipe(z.string().regex(/^\+[1-9]\d{4,14}$/, 'phoneNumber must be E.164, e.g. +14155550100')),
});
export const DevPhoneCodeResponse = z.object({ code: z.string() });
export type DevPhoneCodeResponse = z.infer<typeof DevPhoneCodeResponse>;

/*
 * The risk of a withdrawal in review (GET admin/withdraw-risk; admins): what an admin weighs before paying it,
 * for each request still to decide or whose payout failed.
 */
export const WithdrawalRisk = z.object({
  withdrawalId: z.string(),
  playerId: z.string(),
  email: z.string().nullable(),
  /** First sign-in, and whole days since. */
  createdTime: z.string().nullable(),
  accountAgeDays: z.number().int().nullable(),
  banned: z.boolean(),
  selfExcluded: z.boolean(),
  suspectLevel: z.number().int(),
  /** The newest suspect records (at most 3). */
  latestSuspect: z.array(z.object({ time: z.string(), reason: z.string(), suspectChange: z.number().int() })),
  /** Everything deposited (credited), withdrawn (net of refunds, this request included), the game's net result, bonuses credited, the bank. */
  deposited: Sats,
  withdrawn: Sats,
  gameNet: z.number().int(),
  bonuses: Sats,
  bank: Sats,
  /** Other players who withdrew to the same Bitcoin address (any status). */
  sharedWith: z.array(z.object({ playerId: z.string(), email: z.string().nullable(), requests: z.number().int() })),
  /** How many different admins must approve it (2 above WITHDRAW_SECOND_APPROVAL_SATS). */
  approvalsNeeded: z.union([z.literal(1), z.literal(2)]),
  /** The player's suspect level is at or above `holdLevel` (WITHDRAW_HOLD_SUSPECT_LEVEL): approving needs a written reason. */
  heldForReview: z.boolean(),
  holdLevel: z.number().int(),
});
export type WithdrawalRisk = z.infer<typeof WithdrawalRisk>;
export const WithdrawalRiskList = z.array(WithdrawalRisk);
