/** At most `limit` hits in `seconds`; one more is refused until the window has passed. */
export interface RateRule {
  limit: number;
  seconds: number;
}

/** One counted hit that may be given back: `release()` when the request turned out not to count (at most once). */
export interface RateReservation {
  release(): Promise<void>;
}

/**
 * Counts hits per key in fixed windows, shared by every API instance when the counts live in Redis
 * (`REDIS_URL`), per instance otherwise. `take` throws `TooManyRequestsError` once a key is over its rule.
 */
export abstract class RateLimiter {
  /** `bucket` names the limit (`code-sends-number`); `key` what is counted (a player id, a phone number, an IP). */
  abstract take(bucket: string, key: string, rule: RateRule): Promise<void>;

  /**
   * Counts one hit up front, before the outcome that decides whether it counts is known, so concurrent
   * requests cannot all pass a limit they would exceed together. Past the rule it throws
   * `TooManyRequestsError`, not counting itself; otherwise the hit stays counted unless released.
   */
  abstract reserve(bucket: string, key: string, rule: RateRule): Promise<RateReservation>;
}

/** The limits the application applies itself (the HTTP edge applies the general per-session ceiling). */
export interface RateLimitSettings {
  /** Sign-ins from one client IP, counted before the ID token is checked. */
  signInPerIp: RateRule;
  /** Sign-ins of one player, counted once the ID token is verified. */
  signInPerPlayer: RateRule;
  /** Codes sent to one phone number, whoever asks. */
  codeSendsPerNumber: RateRule;
  /** Codes one player asks for, to any numbers. */
  codeSendsPerPlayer: RateRule;
  /** Redeem codes refused to one player (a wrong, spent or expired code, a bank too low). */
  redeemFailuresPerPlayer: RateRule;
  /** Redeem codes refused to one client IP, whichever player sent them. */
  redeemFailuresPerIp: RateRule;
}

const NOTHING_TO_RELEASE: RateReservation = { release: async () => undefined };

/** No limit (`RATE_LIMITS=off`, and the operator's scripts). */
export class NoRateLimiter extends RateLimiter {
  async take(): Promise<void> {}

  async reserve(): Promise<RateReservation> {
    return NOTHING_TO_RELEASE;
  }
}
