import { createHash } from 'node:crypto';
import { type ExecutionContext, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  normalizeIp,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
  ThrottlerStorageService,
} from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { TooManyRequestsError } from '../../application/errors';
import { RateLimiter, type RateReservation, type RateRule } from '../../application/ports/rate-limits';
import { SessionTokens } from '../identity/session-tokens';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** How long a start-up waits for Redis before counting in memory until it answers. */
const CONNECT_WAIT_MS = 2_000;

/** What `RateLimitStore.reserve` answers: the hit counted, to be given back or kept; or refused, not counted. */
export type ReserveOutcome = { reservation: RateReservation } | { retryAfterSeconds: number };

/**
 * One hit reserved in a fixed window (the window starts at a key's first hit): counted, then given back at
 * once when it passes the limit, all in one script so concurrent reservations cannot overtake each other.
 * Answers the count with this hit and the milliseconds left in the window.
 */
const RESERVE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
if count > tonumber(ARGV[2]) then redis.call('DECR', KEYS[1]) end
return { count, left }`;

/** Gives a reserved hit back; a window that has ended meanwhile (the key gone) is left alone. */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

type ScriptedRedis = Redis & {
  reserveHit(key: string, windowMs: number, limit: number): Promise<[number, number]>;
  releaseHit(key: string): Promise<number>;
};

/**
 * Reserved hits counted in this process, in fixed windows that start at a key's first hit. A released
 * hit is given back only to the window it was counted in (the same object), never to a later one.
 */
class MemoryWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private sweeper: NodeJS.Timeout | undefined;

  reserve(key: string, windowMs: number, limit: number): ReserveOutcome {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
      this.sweeper ??= setInterval(() => this.sweep(), 60_000).unref();
    }
    if (window.count >= limit) return { retryAfterSeconds: secondsLeft(window.endsAt - now) };
    window.count++;
    const counted = window;
    return {
      reservation: once(async () => {
        if (this.windows.get(key) === counted && counted.count > 0) counted.count--;
      }),
    };
  }

  close(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.windows.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

const secondsLeft = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function once(release: () => Promise<void>): RateReservation {
  let done = false;
  return {
    release: async () => {
      if (done) return;
      done = true;
      await release();
    },
  };
}

/**
 * The counts behind every rate limit: in Redis when `REDIS_URL` is set, so all API instances count
 * together (the storage of `@nest-lab/throttler-storage-redis`: one Lua script per hit), in memory otherwise.
 *
 * Redis configured but unreachable: each instance counts in its own memory until Redis answers again
 * (a warning is logged at most once a minute). The limits then hold per instance instead of across them;
 * the API neither answers 500 nor stops limiting.
 */
export class RateLimitStore implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private readonly memory = new ThrottlerStorageService();
  private readonly reservedInMemory = new MemoryWindows();
  private readonly redis: ScriptedRedis | null;
  private readonly shared: ThrottlerStorageRedisService | null;
  private lastWarning = 0;

  constructor(
    settings: { url: string; keyPrefix: string } | null,
    /** Put before every key (distinct deployments or test runs on one Redis). */
    private readonly keyPrefix = settings?.keyPrefix ?? '',
  ) {
    this.redis = settings
      ? (new Redis(settings.url, {
          lazyConnect: true,
          // A hit must not wait for a reconnection: fail at once and count in memory meanwhile.
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          commandTimeout: 500,
          connectTimeout: CONNECT_WAIT_MS,
          retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
        }) as ScriptedRedis)
      : null;
    this.redis?.defineCommand('reserveHit', { numberOfKeys: 1, lua: RESERVE_SCRIPT });
    this.redis?.defineCommand('releaseHit', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    // The URL may hold a password: only the error's message is logged.
    this.redis?.on('error', (err: Error) => this.warn(`Redis: ${err.message}`));
    this.shared = this.redis ? new ThrottlerStorageRedisService(this.redis) : null;
  }

  /** `redis` when the counts are shared now, `memory` otherwise. */
  get kind(): 'redis' | 'memory' {
    return this.redis?.status === 'ready' ? 'redis' : 'memory';
  }

  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    await Promise.race([this.redis.connect().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]);
    if (this.redis.status !== 'ready') this.warn('Redis is not reachable yet: rate limits count per instance until it is');
  }

  async onModuleDestroy(): Promise<void> {
    this.memory.onApplicationShutdown();
    this.reservedInMemory.close();
    if (this.redis && this.redis.status !== 'end') this.redis.disconnect(false);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const prefixed = `${this.keyPrefix}${key}`;
    if (this.shared && this.redis?.status === 'ready') {
      try {
        return await this.shared.increment(prefixed, ttl, limit, blockDuration, throttlerName);
      } catch (err) {
        this.warn(`Redis did not count a hit (${err instanceof Error ? err.message : String(err)}): counting in memory`);
      }
    }
    return this.memory.increment(prefixed, ttl, limit, blockDuration, throttlerName);
  }

  /**
   * Counts one hit of `key` in a fixed window of `windowMs` unless that would pass `limit`. The
   * reservation gives the hit back where it was counted: to Redis, or to this instance's memory.
   */
  async reserve(key: string, windowMs: number, limit: number): Promise<ReserveOutcome> {
    const prefixed = `${this.keyPrefix}${key}`;
    const redis = this.redis;
    if (redis?.status === 'ready') {
      try {
        const [count, left] = await redis.reserveHit(prefixed, windowMs, limit);
        if (count > limit) return { retryAfterSeconds: secondsLeft(left) };
        return {
          reservation: once(async () => {
            // Not given back when Redis fails now: the hit stays counted until its window ends.
            await redis.releaseHit(prefixed).catch((err: unknown) => this.warn(`Redis did not give a reserved hit back (${err instanceof Error ? err.message : String(err)})`));
          }),
        };
      } catch (err) {
        this.warn(`Redis did not count a hit (${err instanceof Error ? err.message : String(err)}): counting in memory`);
      }
    }
    return this.reservedInMemory.reserve(prefixed, windowMs, limit);
  }

  private warn(message: string): void {
    if (Date.now() - this.lastWarning < 60_000) return;
    this.lastWarning = Date.now();
    this.logger.warn(message);
  }
}

/** The application's limits (sign-in, code sends) on the same counts as the HTTP ceiling. */
@Injectable()
export class StoreRateLimiter extends RateLimiter {
  constructor(private readonly store: RateLimitStore) {
    super();
  }

  async take(bucket: string, key: string, rule: RateRule): Promise<void> {
    const ms = rule.seconds * 1000;
    // Keys are hashed: a phone number or an IP is not written to Redis as it is.
    const { isBlocked, timeToBlockExpire } = await this.store.increment(`${bucket}:${digest(normaliseKey(key))}`, ms, rule.limit, ms, bucket);
    if (isBlocked) throw new TooManyRequestsError(Math.max(1, timeToBlockExpire));
  }

  async reserve(bucket: string, key: string, rule: RateRule): Promise<RateReservation> {
    // Apart from `take`'s counts: a reservation's key counts only what was reserved.
    const outcome = await this.store.reserve(`reserve:${bucket}:${digest(normaliseKey(key))}`, rule.seconds * 1000, rule.limit);
    if ('retryAfterSeconds' in outcome) throw new TooManyRequestsError(outcome.retryAfterSeconds);
    return outcome.reservation;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/** IPv6 clients are counted by their /64 (one subscriber's network), as @nestjs/throttler does. */
const normaliseKey = (key: string) => (key.includes(':') && /^[0-9a-f:.]+$/i.test(key) ? normalizeIp(key) : key);

/**
 * The ceiling on every route (`RATE_LIMIT_REQUESTS`): counted per player for a valid session token (in
 * the Authorization header, the event stream's too), per client IP otherwise, over all routes
 * together. Runs before the session check, so floods of bad tokens are counted against their IP.
 */
@Injectable()
export class RequestCeilingGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly sessions: SessionTokens,
  ) {
    super(options, storage, reflector);
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const request = req as unknown as FastifyRequest;
    const token = bearerOf(request);
    if (token) {
      try {
        return `player:${this.sessions.verify(token).sub}`;
      } catch {
        // An invalid token counts against the IP; the session check answers 401.
      }
    }
    return `ip:${normalizeIp(request.ip)}`;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `${name}:${digest(tracker)}`;
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw new TooManyRequestsError(Math.max(1, detail.timeToBlockExpire));
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1]! : null;
}
