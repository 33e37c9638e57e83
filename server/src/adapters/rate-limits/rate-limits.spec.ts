import { describe, expect, it, jest } from '@jest/globals';
import { TooManyRequestsError } from '../../application/errors';
import { NoRateLimiter, type RateLimiter } from '../../application/ports/rate-limits';
import { RateLimitStore, StoreRateLimiter } from './rate-limits';

describe('rate limits', () => {
  it('refuses the hit past the limit with the seconds to wait, and counts each key apart', async () => {
    const store = new RateLimitStore(null);
    const limiter = new StoreRateLimiter(store);
    const rule = { limit: 2, seconds: 60 };
    await limiter.take('code-sends-number', '+14155550100', rule);
    await limiter.take('code-sends-number', '+14155550100', rule);
    const refused = await limiter.take('code-sends-number', '+14155550100', rule).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBeLessThanOrEqual(60);
    await expect(limiter.take('code-sends-number', '+14155550199', rule)).resolves.toBeUndefined();
    await expect(limiter.take('code-sends-player', '+14155550100', rule)).resolves.toBeUndefined();
    await store.onModuleDestroy();
  });

  it('counts an IPv6 client by its /64, so one subscriber cannot rotate addresses around the limit', async () => {
    const store = new RateLimitStore(null);
    const limiter = new StoreRateLimiter(store);
    await limiter.take('sign-in-ip', '2001:db8:1:2::1', { limit: 1, seconds: 60 });
    await expect(limiter.take('sign-in-ip', '2001:db8:1:2::ffff', { limit: 1, seconds: 60 })).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(limiter.take('sign-in-ip', '2001:db8:1:3::1', { limit: 1, seconds: 60 })).resolves.toBeUndefined();
    await store.onModuleDestroy();
  });

  it('keeps limiting, in memory, when the configured Redis does not answer (never an error to the caller)', async () => {
    const store = new RateLimitStore({ url: 'redis://127.0.0.1:1', keyPrefix: 'down:' });
    await store.onModuleInit();
    expect(store.kind).toBe('memory');
    const limiter = new StoreRateLimiter(store);
    await limiter.take('sign-in-ip', '203.0.113.1', { limit: 1, seconds: 60 });
    await expect(limiter.take('sign-in-ip', '203.0.113.1', { limit: 1, seconds: 60 })).rejects.toBeInstanceOf(TooManyRequestsError);
    await store.onModuleDestroy();
  });

  describe('a reservation (counted up front, given back when the request did not count)', () => {
    const rule = { limit: 2, seconds: 3600 };
    const refusal = (promise: Promise<unknown>) => promise.then(() => null, (err: unknown) => err);

    it('refuses the reservation past the limit with the seconds left in the window, without counting it', async () => {
      const store = new RateLimitStore(null);
      const limiter = new StoreRateLimiter(store);
      await limiter.reserve('redeem-failures-player', 'player-1', rule);
      await limiter.reserve('redeem-failures-player', 'player-1', rule);
      const refused = await refusal(limiter.reserve('redeem-failures-player', 'player-1', rule));
      expect(refused).toBeInstanceOf(TooManyRequestsError);
      expect((refused as TooManyRequestsError).retryAfterSeconds).toBeGreaterThanOrEqual(3599);
      expect((refused as TooManyRequestsError).retryAfterSeconds).toBeLessThanOrEqual(3600);
      await store.onModuleDestroy();
    });

    it('gives the slot back on release (once, however often release is called), so the next reservation passes', async () => {
      const store = new RateLimitStore(null);
      const limiter = new StoreRateLimiter(store);
      await limiter.reserve('redeem-failures-player', 'player-2', rule);
      const second = await limiter.reserve('redeem-failures-player', 'player-2', rule);
      await second.release();
      await second.release();
      const third = await limiter.reserve('redeem-failures-player', 'player-2', rule);
      await expect(limiter.reserve('redeem-failures-player', 'player-2', rule)).rejects.toBeInstanceOf(TooManyRequestsError);
      await third.release();
      await expect(limiter.reserve('redeem-failures-player', 'player-2', rule)).resolves.toBeDefined();
      await store.onModuleDestroy();
    });

    it('lets no more than the limit through when many reserve at once', async () => {
      const store = new RateLimitStore(null);
      const limiter = new StoreRateLimiter(store);
      const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => limiter.reserve('redeem-failures-player', 'player-3', rule)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
      expect(outcomes.filter((o) => o.status === 'rejected').every((o) => o.reason instanceof TooManyRequestsError)).toBe(true);
      await store.onModuleDestroy();
    });

    it('counts each key and each bucket apart, and apart from take', async () => {
      const store = new RateLimitStore(null);
      const limiter = new StoreRateLimiter(store);
      const one = { limit: 1, seconds: 60 };
      await limiter.reserve('redeem-failures-player', 'player-4', one);
      await expect(limiter.reserve('redeem-failures-player', 'player-4', one)).rejects.toBeInstanceOf(TooManyRequestsError);
      await expect(limiter.reserve('redeem-failures-player', 'player-5', one)).resolves.toBeDefined();
      await expect(limiter.reserve('redeem-failures-ip', 'player-4', one)).resolves.toBeDefined();
      await expect(limiter.take('redeem-failures-player', 'player-4', one)).resolves.toBeUndefined();
      await store.onModuleDestroy();
    });

    it('counts an IPv6 client by its /64', async () => {
      const store = new RateLimitStore(null);
      const limiter = new StoreRateLimiter(store);
      const one = { limit: 1, seconds: 60 };
      await limiter.reserve('redeem-failures-ip', '2001:db8:1:2::1', one);
      await expect(limiter.reserve('redeem-failures-ip', '2001:db8:1:2:abcd::9', one)).rejects.toBeInstanceOf(TooManyRequestsError);
      await expect(limiter.reserve('redeem-failures-ip', '2001:db8:1:3::1', one)).resolves.toBeDefined();
      await store.onModuleDestroy();
    });

    it('starts a new window once the old one has passed, and a late release does not free a slot of the new window', async () => {
      jest.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
      try {
        const store = new RateLimitStore(null);
        const limiter = new StoreRateLimiter(store);
        const one = { limit: 1, seconds: 60 };
        const old = await limiter.reserve('redeem-failures-player', 'player-6', one);
        const refused = await refusal(limiter.reserve('redeem-failures-player', 'player-6', one));
        expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(60);
        jest.setSystemTime(new Date('2026-03-01T10:00:45Z'));
        expect(((await refusal(limiter.reserve('redeem-failures-player', 'player-6', one))) as TooManyRequestsError).retryAfterSeconds).toBe(15);
        jest.setSystemTime(new Date('2026-03-01T10:01:00Z'));
        await limiter.reserve('redeem-failures-player', 'player-6', one);
        await old.release();
        await expect(limiter.reserve('redeem-failures-player', 'player-6', one)).rejects.toBeInstanceOf(TooManyRequestsError);
        await store.onModuleDestroy();
      } finally {
        jest.useRealTimers();
      }
    });

    it('counts in memory when the configured Redis does not answer', async () => {
      const store = new RateLimitStore({ url: 'redis://127.0.0.1:1', keyPrefix: 'down:' });
      await store.onModuleInit();
      const limiter = new StoreRateLimiter(store);
      await limiter.reserve('redeem-failures-ip', '203.0.113.1', { limit: 1, seconds: 60 });
      await expect(limiter.reserve('redeem-failures-ip', '203.0.113.1', { limit: 1, seconds: 60 })).rejects.toBeInstanceOf(TooManyRequestsError);
      await store.onModuleDestroy();
    });

    it('allows everything without limits (RATE_LIMITS=off)', async () => {
      const limiter: RateLimiter = new NoRateLimiter();
      for (let i = 0; i < 20; i++) await limiter.reserve('redeem-failures-player', 'player-7', { limit: 1, seconds: 60 });
    });
  });
});
