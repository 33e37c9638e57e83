import { describe, expect, it } from '@jest/globals';
import { TooManyRequestsError } from '../../application/errors';
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
});
