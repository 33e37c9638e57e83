/** At most `limit` hits in `seconds`; one more is refused until the window has passed. */
export interface RateRule {
  limit: number;
  seconds: number;
}

/**
 * Counts hits per key in fixed windows, shared by every API instance when the counts live in Redis
 * (`REDIS_URL`), per instance otherwise. `take` throws `TooManyRequestsError` once a key is over its rule.
 */
export abstract class RateLimiter {
  /** `bucket` names the limit (`code-sends-number`); `key` what is counted (a player id, a phone number, an IP). */
  abstract take(bucket: string, key: string, rule: RateRule): Promise<void>;
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
}

/** No limit (`RATE_LIMITS=off`, and the operator's scripts). */
export class NoRateLimiter extends RateLimiter {
  async take(): Promise<void> {}
}
