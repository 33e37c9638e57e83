import { z } from 'zod';

/** Server error codes of spec §8, plus the ones the decisions add. */
export const ERROR_CODES = [
  'BankTooLow',
  'InvalidBetAmount',
  'NoActiveHand',
  'NoDoubleAfterHit',
  'NoDoubleAfterSplit',
  'EvenMoneyNotAllowed',
  'InsuranceNotAllowed',
  'NoInsuranceNotAllowed',
  'SplitNotAllowed',
  'InvalidPlayer',
  'Banned',
  'NoEvenMoneyNotAllowed',
  'PhoneVerifyRequired',
  'ActiveHand',
  'InvalidRedeemCode',
  'CodeAlreadyRedeemed',
  'BankTooLowToRedeem',
  'PaymentRequestAlreadyExists',
  'InvalidAmount',
  'PlaythroughRequirementNotMet',
  'InvalidAddress',
  'InvalidPaymentRequest',
  'ShoeNotFound',
  'SelfExcluded',
  'BlockedByGeolocation',
  'PhoneDoesNotMatch',
  'DuplicatePhone',
  'InvalidPhoneNumber',
  'ValidationFailed',
  'NotFound',
  'Unauthorized',
  'Forbidden',
  'Conflict',
  'InternalError',
  'PayoutFailed',
  'UnknownTwilioError',
  'ServiceUnavailable',
  'InvalidSeed',
  'BonusNotOffered',
  'LimitReached',
  /** An Idempotency-Key sent again with a different request (another amount or target). */
  'IdempotencyKeyReused',
  'TooManyRequests',
  'PhoneCodeLocked',
  /** A withdrawal request that is no longer in review (approved, declined or cancelled) cannot be cancelled. */
  'WithdrawalNotPending',
  /** A request body larger than its route accepts (413). */
  'PayloadTooLarge',
  /** A request body that is not JSON (415). */
  'UnsupportedMediaType',
  /** Releasing a held deposit that would still take the bank past MAX_BANK_SATS, without `confirmPastLimit: true`. */
  'PastLimitNotConfirmed',
  /** Hitting a split ace where the rules deal split aces one card each (the table never offers it; an API client may try). */
  'NoHitSplitAces',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The spec's code for a request refused at the edge, by the field refused (the fields not named get `ValidationFailed`). */
export type FieldErrorCodes = Readonly<Partial<Record<string, ErrorCode>>>;

/** Every non-2xx answer of the API has this body. */
export const ApiErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /**
   * What the player is told besides the code, where the server knows it: `reason` tells two refusals of one
   * code apart (see ERROR_REASONS), and amounts (satoshis), limits and times are quoted as plain values.
   */
  detail: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/**
 * The `detail.reason` a refusal may carry, by code:
 * - `InvalidPaymentRequest` `AmountMismatch`: the request asks for `requested` sats, the withdrawal is for `amount`.
 * - `CodeAlreadyRedeemed` `AlreadyRedeemed`: this player redeemed the code before; `UsedUp`: other players
 *   took all of its uses.
 * - `LimitReached` `Deposit` / `Loss`: the player's own `kind` limit of `limit` sats, `used` so far in its window.
 * - `BonusNotOffered` `DepositSpent`: a first-deposit offer matches a deposit of `deposit` sats and is accepted only
 *   while the bank holds as much; it holds `bank`.
 * - `InvalidPaymentRequest` `Expired`: (an admin approving) the withdrawal's payment request has expired, or
 *   expires within the minute the payout needs.
 */
export const ERROR_REASONS = {
  InvalidPaymentRequest: ['AmountMismatch', 'Expired'],
  BonusNotOffered: ['DepositSpent'],
  CodeAlreadyRedeemed: ['AlreadyRedeemed', 'UsedUp'],
  LimitReached: ['Deposit', 'Loss'],
} as const satisfies Partial<Record<ErrorCode, readonly string[]>>;
