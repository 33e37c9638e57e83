import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventStore } from '../application/ports/event-store';
import { describeEachDatabase, testDatabases } from '../adapters/db/test-databases';
import { EventStoreToken } from '../config/tokens';
import { playerStream } from '../domain/player/player';
import { type Auth, TestApi } from './app.test-support';

/** Small limits, so each can be reached in a few requests; every other setting is the default. */
const LIMITS = {
  RATE_LIMIT_REQUESTS: '40/60',
  RATE_LIMIT_SIGN_IN_IP: '30/60',
  RATE_LIMIT_SIGN_IN_PLAYER: '3/600',
  RATE_LIMIT_CODE_SENDS_NUMBER: '2/3600',
  RATE_LIMIT_CODE_SENDS_PLAYER: '3/3600',
};

/** Shaped like an ID token, signed by nobody: the sign-in answers 401. */
const MADE_UP_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.bm90LWEtc2lnbmF0dXJl';

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, maxSeconds: number): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ statusCode: 429, error: 'TooManyRequests' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describeEachDatabase('rate limits', (db) => {
  const api = new TestApi(db, `limits_${randomBytes(5).toString('hex')}`, LIMITS);
  let phoneSeq = 0;
  const nextPhone = () => `+1415557${String(1000 + phoneSeq++).padStart(4, '0')}`;

  beforeAll(() => api.start());
  afterAll(() => api.stop());

  const begin = (auth: Auth, phoneNumber: string) => api.post(auth, '/api/players/beginphoneverify', { phoneNumber, countryCode: 'us' });
  const check = (auth: Auth, code: string) => api.post(auth, '/api/players/verifycode', { code });
  const codeFor = async (phone: string) => (await api.inject({ method: 'GET', url: `/api/dev/phone-code?phoneNumber=${encodeURIComponent(phone)}` })).json().code as string;
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('voids a code after 5 wrong ones: the 6th and then the right code are refused with PhoneCodeLocked until a new code is sent', async () => {
    const { auth, id } = await api.signIn('guesser@example.com');
    const phone = nextPhone();
    expect((await begin(auth, phone)).statusCode).toBe(200);
    const code = await codeFor(phone);
    for (let i = 0; i < 5; i++) expect((await check(auth, wrongOf(code))).json()).toEqual({ status: 'WrongCode' });
    const sixth = await check(auth, wrongOf(code));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ error: 'PhoneCodeLocked' });
    const right = await check(auth, code);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ error: 'PhoneCodeLocked' });
    expect((await api.get(auth, '/api/players/1234')).json().verifiedPhoneNumber).toBeNull();
    // The count lives in the player's events, so it holds across instances and restarts.
    const attempts = (await api.app.get<EventStore>(EventStoreToken).readStream(playerStream(id))).filter((e) => e.type === 'PhoneCodeAttempted');
    expect(attempts).toHaveLength(5);

    expect((await begin(auth, phone)).statusCode).toBe(200);
    expect((await check(auth, await codeFor(phone))).json()).toEqual({ status: 'Approved' });
  });

  it('counts a burst of simultaneous guesses too: at most 5 reach the verifier and the right code is then refused', async () => {
    const { auth, id } = await api.signIn('burst@example.com');
    const phone = nextPhone();
    await begin(auth, phone);
    const code = await codeFor(phone);
    const answers = await Promise.all(Array.from({ length: 25 }, () => check(auth, wrongOf(code))));
    expect(answers.filter((a) => a.statusCode === 200).every((a) => a.json().status === 'WrongCode')).toBe(true);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(5);
    expect(answers.every((a) => [200, 409, 429].includes(a.statusCode))).toBe(true);
    // Whatever the burst left, the code is void once 5 were counted.
    while ((await api.app.get<EventStore>(EventStoreToken).readStream(playerStream(id))).filter((e) => e.type === 'PhoneCodeAttempted').length < 5) {
      await check(auth, wrongOf(code));
    }
    expect((await check(auth, code)).json()).toMatchObject({ error: 'PhoneCodeLocked' });
  });

  it('limits code sends per phone number, whoever asks, with 429 TooManyRequests and Retry-After', async () => {
    const phone = nextPhone();
    const ana = await api.signIn('ana-sends@example.com');
    const ben = await api.signIn('ben-sends@example.com');
    expect((await begin(ana.auth, phone)).statusCode).toBe(200);
    expect((await begin(ana.auth, phone)).statusCode).toBe(200);
    expectTooMany(await begin(ana.auth, phone), 3600);
    // Another account asking for the same number is refused too; another number still gets its code.
    expectTooMany(await begin(ben.auth, phone), 3600);
    expect((await begin(ben.auth, nextPhone())).statusCode).toBe(200);
  });

  it('limits code sends per player, to any numbers', async () => {
    const { auth } = await api.signIn('many-numbers@example.com');
    for (let i = 0; i < 3; i++) expect((await begin(auth, nextPhone())).statusCode).toBe(200);
    expectTooMany(await begin(auth, nextPhone()), 3600);
  });

  it('limits sign-ins per client IP, made-up tokens included, and leaves other IPs alone', async () => {
    const login = (remoteAddress: string, idToken = MADE_UP_TOKEN) => api.inject({ method: 'POST', url: '/api/players/login', payload: { idToken }, remoteAddress });
    const flood = await Promise.all(Array.from({ length: 35 }, () => login('203.0.113.7')));
    expect(flood.filter((r) => r.statusCode === 401)).toHaveLength(30);
    expect(flood.filter((r) => r.statusCode === 429)).toHaveLength(5);
    expectTooMany(flood.find((r) => r.statusCode === 429)!, 60);
    const token = (await api.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'elsewhere@example.com' } })).json().idToken as string;
    expectTooMany(await login('203.0.113.7', token), 60);
    expect((await login('198.51.100.9', token)).statusCode).toBe(200);
  });

  it('limits sign-ins per player, from any IP', async () => {
    const token = (await api.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'again@example.com' } })).json().idToken as string;
    for (let i = 0; i < 3; i++) {
      expect((await api.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token }, remoteAddress: `192.0.2.${10 + i}` })).statusCode).toBe(200);
    }
    expectTooMany(await api.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token }, remoteAddress: '192.0.2.99' }), 600);
  });

  it('puts a ceiling on every route per session, then per IP without one; health stays open', async () => {
    const flooder = await api.signIn('flooder@example.com');
    const calm = await api.signIn('calm@example.com');
    let answered = 0;
    let refused: Awaited<ReturnType<typeof api.inject>> | undefined;
    for (let i = 0; i < 45 && !refused; i++) {
      const res = await api.inject({ method: 'GET', url: i % 2 ? '/api/players/bank' : '/api/players/1234', headers: flooder.auth });
      if (res.statusCode === 429) refused = res;
      else answered++;
    }
    // signIn read players/1234 once; the ceiling counts every route together.
    expect(answered).toBe(39);
    expectTooMany(refused!, 60);
    expect((await api.inject({ method: 'GET', url: '/api/players/bank', headers: calm.auth })).statusCode).toBe(200);

    const anonymous = await Promise.all(Array.from({ length: 45 }, () => api.inject({ method: 'GET', url: '/api/config', remoteAddress: '198.51.100.77' })));
    expect(anonymous.filter((r) => r.statusCode === 200)).toHaveLength(40);
    expectTooMany(anonymous.find((r) => r.statusCode === 429)!, 60);
    // Bad tokens are counted against their IP, before the session check answers 401.
    const bad = await Promise.all(Array.from({ length: 45 }, () => api.inject({ method: 'GET', url: '/api/players/bank', headers: { authorization: 'Bearer nope' }, remoteAddress: '198.51.100.78' })));
    expect(bad.filter((r) => r.statusCode === 401)).toHaveLength(40);
    expect(bad.filter((r) => r.statusCode === 429)).toHaveLength(5);
    for (let i = 0; i < 50; i++) expect((await api.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.77' })).statusCode).not.toBe(429);
  });
});

describeEachDatabase('no rate limits with RATE_LIMITS=off', (db) => {
  const api = new TestApi(db, `nolimits_${randomBytes(5).toString('hex')}`, { RATE_LIMITS: 'off', RATE_LIMIT_REQUESTS: '2/60' });
  beforeAll(() => api.start());
  afterAll(() => api.stop());

  it('answers every request and every redeem code tried, while the wrong-code lockout still holds', async () => {
    for (let i = 0; i < 5; i++) expect((await api.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    const { auth } = await api.signIn('unlimited@example.com');
    await api.post(auth, '/api/players/beginphoneverify', { phoneNumber: '+14155579999', countryCode: 'us' });
    for (let i = 0; i < 5; i++) await api.post(auth, '/api/players/verifycode', { code: '000000' });
    expect((await api.post(auth, '/api/players/verifycode', { code: '000000' })).json()).toMatchObject({ error: 'PhoneCodeLocked' });
    for (let i = 0; i < 15; i++) expect((await api.post(auth, '/api/players/redeemcode', { code: `NO-SUCH-CODE-${i}` })).json()).toMatchObject({ error: 'InvalidRedeemCode' });
  });
});

/** Redis of REDIS_URL (default the local one); its suite is skipped, saying so, when nothing answers there. */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = (() => {
  const probe = `const u=new URL(process.argv[1]);const s=require('net').connect(Number(u.port||6379),u.hostname,()=>s.write('PING\\r\\n'));s.on('data',d=>process.exit(/PONG|NOAUTH/.test(String(d))?0:1));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1500);`;
  return spawnSync(process.execPath, ['-e', probe, REDIS_URL], { timeout: 3000 }).status === 0;
})();

if (!redisAnswers) console.warn(`Redis at ${REDIS_URL.replace(/\/\/[^@]*@/, '//')} does not answer: the suite of rate limits shared by two instances is SKIPPED`);

(redisAnswers ? describe : describe.skip)(
  redisAnswers ? 'rate limits shared through Redis by two API instances' : `rate limits shared through Redis: SKIPPED, nothing answers at ${REDIS_URL.replace(/\/\/[^@]*@/, '//')}`,
  () => {
    const prefix = `bahati-test:${randomBytes(6).toString('hex')}:`;
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, ...LIMITS, RATE_LIMIT_SIGN_IN_IP: '5/60' };
    // Each instance has its own embedded database: only the counts are shared.
    const pglite = testDatabases({})[0]!;
    const one = new TestApi(pglite, 'unused', env);
    const two = new TestApi(pglite, 'unused', env);
    beforeAll(async () => {
      await one.start();
      await two.start();
    });
    afterAll(async () => {
      await one.stop();
      await two.stop();
    });

    it('counts sign-ins from one IP on both instances together', async () => {
      const login = (api: TestApi) => api.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: MADE_UP_TOKEN }, remoteAddress: '203.0.113.50' });
      for (let i = 0; i < 3; i++) expect((await login(one)).statusCode).toBe(401);
      for (let i = 0; i < 2; i++) expect((await login(two)).statusCode).toBe(401);
      expectTooMany(await login(two), 60);
      expectTooMany(await login(one), 60);
    });

    it('counts the request ceiling of one IP on both instances together', async () => {
      const get = (api: TestApi) => api.inject({ method: 'GET', url: '/api/config', remoteAddress: '203.0.113.51' });
      for (let i = 0; i < 40; i++) expect((await get(i % 2 ? one : two)).statusCode).toBe(200);
      expectTooMany(await get(one), 60);
      expectTooMany(await get(two), 60);
    });
  },
);
