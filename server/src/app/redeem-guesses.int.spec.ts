import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Redis from 'ioredis';
import { TooManyRequestsError } from '../application/errors';
import { RateLimitStore, StoreRateLimiter } from '../adapters/rate-limits/rate-limits';
import { describeEachDatabase, testDatabases } from '../adapters/db/test-databases';
import { type Auth, TestApi } from './app.test-support';

/*
 * Redeem codes cannot be guessed: refused redemptions are limited per player and per client IP, counted
 * before the code is looked up, so past a limit even the right code is refused and nothing is credited.
 */

const LIMITS = { RATE_LIMIT_REDEEM_FAILURES_PLAYER: '3/3600', RATE_LIMIT_REDEEM_FAILURES_IP: '5/3600' };
const BOSS = 'boss@example.com';

type Answer = Awaited<ReturnType<TestApi['inject']>>;

function expectTooMany(res: Answer): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ statusCode: 429, error: 'TooManyRequests' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

const refusedWith = (res: Answer, error: string) => expect(res.json()).toMatchObject({ error });

/** A code nobody created, different on every call. */
const wrongGuess = () => `GUESS-${randomBytes(6).toString('hex').toUpperCase()}`;

function redeemer(api: TestApi) {
  return (auth: Auth, code: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    api.inject({ method: 'POST', url: '/api/players/redeemcode', headers: { ...auth, ...headers }, payload: { code }, remoteAddress });
}

describeEachDatabase('redeem codes cannot be guessed', (db) => {
  // No cooling-off: a self-exclusion asked to end ends at once, so the same player goes on guessing after it.
  const api = new TestApi(db, `guesses_${randomBytes(5).toString('hex')}`, { ADMIN_EMAILS: BOSS, SELF_EXCLUSION_COOLING_OFF_HOURS: '0', ...LIMITS });
  const redeem = redeemer(api);
  let boss: Auth;

  beforeAll(async () => {
    await api.start();
    boss = (await api.signIn(BOSS)).auth;
  });
  afterAll(() => api.stop());

  const createCode = async (code: string, terms: object = {}) => {
    expect((await api.post(boss, '/api/admin/redeem-codes', { code, bonusAmount: 2_500, ...terms })).statusCode).toBe(200);
  };
  const funded = async (email: string) => {
    const player = await api.signIn(email);
    await api.verifyPhone(player.auth);
    await api.deposit(player.auth, 1_000);
    return player;
  };
  const redeemedCodes = async (auth: Auth) => ((await api.get(auth, '/api/players/bonuses')).json() as { redeemCode: string | null }[]).filter((b) => b.redeemCode !== null);

  it("refuses a player's 4th try after 3 wrong codes with 429 and Retry-After, and then the right code too, crediting nothing", async () => {
    await createCode('RIGHT-CODE-A');
    const { auth } = await funded('guesser@example.com');
    for (let i = 0; i < 3; i++) refusedWith(await redeem(auth, wrongGuess(), '198.51.100.1'), 'InvalidRedeemCode');
    expectTooMany(await redeem(auth, wrongGuess(), '198.51.100.1'));
    expectTooMany(await redeem(auth, 'right-code-a', '198.51.100.1'));
    expect((await api.get(auth, '/api/players/bank')).json()).toBe(1_000);
    expect(await redeemedCodes(auth)).toEqual([]);
    const codes = (await api.get(boss, '/api/admin/redeem-codes')).json() as { code: string; redemptions: number }[];
    expect(codes.find((c) => c.code === 'RIGHT-CODE-A')?.redemptions).toBe(0);
  });

  it('counts every refusal that tells something about a code: a bank too low, a code already redeemed, an expired one', async () => {
    await createCode('RICH-ONLY', { minBank: 5_000 });
    await createCode('ONCE-ONLY');
    await createCode('GONE-BY', { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const { auth } = await funded('refused@example.com');
    refusedWith(await redeem(auth, 'RICH-ONLY', '198.51.100.2'), 'BankTooLowToRedeem');
    expect((await redeem(auth, 'ONCE-ONLY', '198.51.100.2')).statusCode).toBe(200);
    refusedWith(await redeem(auth, 'ONCE-ONLY', '198.51.100.2'), 'CodeAlreadyRedeemed');
    refusedWith(await redeem(auth, 'GONE-BY', '198.51.100.2'), 'InvalidRedeemCode');
    expectTooMany(await redeem(auth, 'RICH-ONLY', '198.51.100.2'));
  });

  it('does not count a redeemed code: three codes redeemed between three wrong ones, and only the 4th wrong one is refused', async () => {
    for (const code of ['GOOD-ONE', 'GOOD-TWO', 'GOOD-THREE']) await createCode(code);
    const { auth } = await funded('lucky@example.com');
    for (const code of ['GOOD-ONE', 'GOOD-TWO', 'GOOD-THREE']) {
      expect((await redeem(auth, code, '198.51.100.3')).statusCode).toBe(200);
      refusedWith(await redeem(auth, wrongGuess(), '198.51.100.3'), 'InvalidRedeemCode');
    }
    expectTooMany(await redeem(auth, wrongGuess(), '198.51.100.3'));
    expect((await api.get(auth, '/api/players/bank')).json()).toBe(1_000 + 3 * 2_500);
  });

  it('does not count refusals made before the code is looked at: a reused Idempotency-Key, self-exclusion, a ban', async () => {
    await createCode('KEYED-GOOD');
    const player = await funded('careful@example.com');
    let auth = player.auth;
    expect((await redeem(auth, 'KEYED-GOOD', '198.51.100.4', { 'idempotency-key': 'redeem-1' })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) refusedWith(await redeem(auth, wrongGuess(), '198.51.100.4', { 'idempotency-key': 'redeem-1' }), 'IdempotencyKeyReused');
    // A repeat of the request the key was bound to is answered as the first time.
    expect((await redeem(auth, 'KEYED-GOOD', '198.51.100.4', { 'idempotency-key': 'redeem-1' })).statusCode).toBe(200);

    expect((await api.post(auth, '/api/players/selfexclude/true')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) refusedWith(await redeem(auth, wrongGuess(), '198.51.100.4'), 'SelfExcluded');
    expect((await api.post(auth, '/api/players/selfexclude/false')).statusCode).toBe(200);

    expect((await api.post(boss, `/api/players/${player.id}/ban`, { reason: 'Ban for the test' })).statusCode).toBe(200);
    auth = (await api.signIn('careful@example.com')).auth;
    for (let i = 0; i < 5; i++) refusedWith(await redeem(auth, wrongGuess(), '198.51.100.4'), 'Banned');
    expect((await api.post(boss, `/api/players/${player.id}/unban`)).statusCode).toBe(200);

    for (let i = 0; i < 3; i++) refusedWith(await redeem(auth, wrongGuess(), '198.51.100.4'), 'InvalidRedeemCode');
    expectTooMany(await redeem(auth, wrongGuess(), '198.51.100.4'));
  });

  it('limits a second player from the same IP by the IP rule, and gives that player back the try the IP refused', async () => {
    const ana = await api.signIn('ana@example.com');
    const ben = await api.signIn('ben@example.com');
    for (let i = 0; i < 3; i++) refusedWith(await redeem(ana.auth, wrongGuess(), '198.51.100.5'), 'InvalidRedeemCode');
    expectTooMany(await redeem(ana.auth, wrongGuess(), '198.51.100.5'));
    // Ana's refused 4th try was not counted against the IP: it holds 3 of its 5.
    for (let i = 0; i < 2; i++) refusedWith(await redeem(ben.auth, wrongGuess(), '198.51.100.5'), 'InvalidRedeemCode');
    expectTooMany(await redeem(ben.auth, wrongGuess(), '198.51.100.5'));
    // From another IP Ben still has his 3rd try, and no 4th.
    refusedWith(await redeem(ben.auth, wrongGuess(), '198.51.100.6'), 'InvalidRedeemCode');
    expectTooMany(await redeem(ben.auth, wrongGuess(), '198.51.100.6'));
  });

  it('evaluates at most 3 of 50 simultaneous wrong guesses; the others answer 429', async () => {
    const { auth } = await api.signIn('burst@example.com');
    const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(auth, wrongGuess(), '198.51.100.7')));
    const evaluated = answers.filter((a) => a.statusCode !== 429);
    expect(evaluated.length).toBeLessThanOrEqual(3);
    expect(evaluated.every((a) => a.json().error === 'InvalidRedeemCode')).toBe(true);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(50 - evaluated.length);
    expectTooMany(answers.find((a) => a.statusCode === 429)!);
  });
});

/** Redis of REDIS_URL (default the local one); its suite is skipped, saying so, when nothing answers there. */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const shownUrl = REDIS_URL.replace(/\/\/[^@]*@/, '//');
const redisAnswers = (() => {
  const probe = `const u=new URL(process.argv[1]);const s=require('net').connect(Number(u.port||6379),u.hostname,()=>s.write('PING\\r\\n'));s.on('data',d=>process.exit(/PONG|NOAUTH/.test(String(d))?0:1));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1500);`;
  return spawnSync(process.execPath, ['-e', probe, REDIS_URL], { timeout: 3000 }).status === 0;
})();

if (!redisAnswers) console.warn(`Redis at ${shownUrl} does not answer: the suite of redeem failures counted in Redis is SKIPPED`);

(redisAnswers ? describe : describe.skip)(
  redisAnswers ? 'redeem failures counted in Redis, by two API instances together' : `redeem failures counted in Redis: SKIPPED, nothing answers at ${shownUrl}`,
  () => {
    const prefix = `bahati-test:${randomBytes(6).toString('hex')}:`;
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, ...LIMITS };
    // Each instance has its own embedded database: only the counts are shared.
    const pglite = testDatabases({})[0]!;
    const one = new TestApi(pglite, 'unused', env);
    const two = new TestApi(pglite, 'unused', env);
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    beforeAll(async () => {
      await one.start();
      await two.start();
    });
    afterAll(async () => {
      await one.stop();
      await two.stop();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    });

    it('reserves atomically in Redis: 2 of 50 at once, a release frees one, keys hashed under the prefix', async () => {
      const store = new RateLimitStore({ url: REDIS_URL, keyPrefix: prefix });
      await store.onModuleInit();
      expect(store.kind).toBe('redis');
      const limiter = new StoreRateLimiter(store);
      const rule = { limit: 2, seconds: 3600 };
      const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => limiter.reserve('redeem-failures-ip', '203.0.113.90', rule)));
      const held = outcomes.filter((o) => o.status === 'fulfilled');
      expect(held).toHaveLength(2);
      const refused = outcomes.find((o) => o.status === 'rejected')!.reason as TooManyRequestsError;
      expect(refused).toBeInstanceOf(TooManyRequestsError);
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(3599);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
      await held[0]!.value.release();
      await held[0]!.value.release();
      await limiter.reserve('redeem-failures-ip', '203.0.113.90', rule);
      await expect(limiter.reserve('redeem-failures-ip', '203.0.113.90', rule)).rejects.toBeInstanceOf(TooManyRequestsError);
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((k) => k.includes('203.0.113.90'))).toEqual([]);
      for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
      await store.onModuleDestroy();
    });

    it('counts the failures of one IP on both instances together', async () => {
      const [redeemOne, redeemTwo] = [redeemer(one), redeemer(two)];
      const ana = await one.signIn('ana-shared@example.com');
      const ben = await two.signIn('ben-shared@example.com');
      for (let i = 0; i < 3; i++) refusedWith(await redeemOne(ana.auth, wrongGuess(), '203.0.113.91'), 'InvalidRedeemCode');
      for (let i = 0; i < 2; i++) refusedWith(await redeemTwo(ben.auth, wrongGuess(), '203.0.113.91'), 'InvalidRedeemCode');
      expectTooMany(await redeemTwo(ben.auth, wrongGuess(), '203.0.113.91'));
      expectTooMany(await redeemOne(ana.auth, wrongGuess(), '203.0.113.92'));
    });

    it('evaluates at most 5 of 50 simultaneous wrong guesses from one IP, spread over both instances', async () => {
      const [redeemOne, redeemTwo] = [redeemer(one), redeemer(two)];
      const players = [await one.signIn('c1@example.com'), await one.signIn('c2@example.com'), await two.signIn('c3@example.com'), await two.signIn('c4@example.com')];
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 4 < 2 ? redeemOne : redeemTwo)(players[i % 4]!.auth, wrongGuess(), '203.0.113.93')),
      );
      const evaluated = answers.filter((a) => a.statusCode !== 429);
      expect(evaluated.length).toBeLessThanOrEqual(5);
      expect(evaluated.every((a) => a.json().error === 'InvalidRedeemCode')).toBe(true);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(50 - evaluated.length);
    });
  },
);
