import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../adapters/db/database';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { DevIdentityProvider } from '../adapters/identity/dev-identity-provider';
import { DatabaseToken } from '../config/tokens';
import { type Auth, TestApi } from './app.test-support';

jest.setTimeout(60_000);

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
/** All bitcoin there will ever be, in satoshis: the default MAX_BANK_SATS. */
const ALL_BITCOIN = 2_100_000_000_000_000;

describeEachDatabase('inputs at the edge and money bounds', (db) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bahati-hardening-'));
  const api = new TestApi(db, `hardening_${randomBytes(5).toString('hex')}`, { ADMIN_EMAILS: 'boss@example.com', DATA_DIR: dataDir });
  let kysely: Kysely<unknown>;

  beforeAll(async () => {
    await api.start();
    kysely = api.app.get<Database>(DatabaseToken).kysely as Kysely<unknown>;
  });
  afterAll(() => api.stop());

  /** How many events the store holds: a refused request must not have added one. */
  const eventCount = async () => (await sql<{ n: number }>`select count(*)::int as n from es_events`.execute(kysely)).rows[0]!.n;

  async function funded(email: string, funds: number) {
    const player = await api.signIn(email);
    await api.verifyPhone(player.auth);
    await api.deposit(player.auth, funds);
    await api.caughtUp();
    return player;
  }

  const withdraw = (auth: Auth, key: string, payload: object) =>
    api.inject({ method: 'POST', url: '/api/players/withdraw', headers: { ...auth, 'idempotency-key': key }, payload });

  describe('Idempotency-Key', () => {
    it('answers a repeated request with its first answer, and refuses the key with another body (422), recording nothing more', async () => {
      const p = await funded('idem@example.com', 10_000);
      const first = await withdraw(p.auth, 'key-1', { amount: 5000, address: ADDRESS });
      expect([first.statusCode, first.json()]).toEqual([200, 5000]);
      const again = await withdraw(p.auth, 'key-1', { amount: '5000', address: ` ${ADDRESS} ` });
      expect([again.statusCode, again.json()]).toEqual([200, 5000]);

      const before = await eventCount();
      const other = await withdraw(p.auth, 'key-1', { amount: 7000, address: ADDRESS });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({ error: 'IdempotencyKeyReused' });
      expect(await eventCount()).toBe(before);
      const requests = (await api.get(p.auth, '/api/players/withdrawrequests')).json() as { amount: number }[];
      expect(requests.map((r) => r.amount)).toEqual([5000]);
      expect((await api.get(p.auth, '/api/players/bank')).json()).toBe(5000);
    });

    it('refuses the key with another target too, and a new key records a new request', async () => {
      const p = await funded('idem-target@example.com', 10_000);
      expect((await withdraw(p.auth, 'k', { amount: 2000, address: ADDRESS })).statusCode).toBe(200);
      const moved = await withdraw(p.auth, 'k', { amount: 2000, address: 'bcrt1qqurswpc8qurswpc8qurswpc8qurswpc8dxm0gk' });
      expect([moved.statusCode, moved.json().error]).toEqual([422, 'IdempotencyKeyReused']);
      expect((await withdraw(p.auth, 'k2', { amount: 2000, address: ADDRESS })).json()).toBe(6000);
    });

    it('answers a repeated withdrawal with the bank it answered first, though the bank moved since', async () => {
      const p = await funded('idem-first@example.com', 10_000);
      expect((await withdraw(p.auth, 'w-first', { amount: 4000, address: ADDRESS })).json()).toBe(6000);
      await api.deposit(p.auth, 3000);
      expect((await api.get(p.auth, '/api/players/bank')).json()).toBe(9000);
      const again = await withdraw(p.auth, 'w-first', { amount: 4000, address: ADDRESS });
      expect([again.statusCode, again.json()]).toEqual([200, 6000]);
      expect((await api.get(p.auth, '/api/players/withdrawrequests')).json()).toHaveLength(1);
    });

    it('answers a repeated Lightning invoice request with the first invoice, and refuses the key with another amount', async () => {
      const p = await funded('idem-invoice@example.com', 1000);
      const invoice = (key: string, amount: string) =>
        api.inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: { ...p.auth, 'idempotency-key': key }, payload: { amount } });
      const first = await invoice('inv-1', '5000');
      expect(first.statusCode).toBe(200);
      const again = await invoice('inv-1', '5000');
      expect(again.json()).toEqual(first.json());

      const before = await eventCount();
      const other = await invoice('inv-1', '6000');
      expect([other.statusCode, other.json().error]).toEqual([422, 'IdempotencyKeyReused']);
      expect(await eventCount()).toBe(before);
      // The key of a withdrawal is not the key of an invoice either.
      expect((await withdraw(p.auth, 'inv-1', { amount: 1000, address: ADDRESS })).statusCode).toBe(422);
      const invoices = (await api.get(p.auth, '/api/players/getlightninginvoices')).json() as { id: string; amount: number }[];
      expect(invoices.filter((i) => i.amount === 5000).map((i) => i.id)).toEqual([first.json().id]);
      expect((await invoice('inv-2', '5000')).json().id).not.toBe(first.json().id);
    });

    it('answers concurrent repeats of one keyed invoice request with one invoice', async () => {
      const p = await funded('idem-invoice-race@example.com', 1000);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          api.inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: { ...p.auth, 'idempotency-key': 'inv-race' }, payload: { amount: '2000' } }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      await api.caughtUp();
      const invoices = (await api.get(p.auth, '/api/players/getlightninginvoices')).json() as { amount: number }[];
      expect(invoices.filter((i) => i.amount === 2000)).toHaveLength(1);
    });

    it('answers a repeated redeem with its first answer, credits the code once, and refuses the key with another code', async () => {
      const boss = await api.signIn('boss@example.com');
      for (const code of ['KEYED-ONE', 'KEYED-TWO']) expect((await api.post(boss.auth, '/api/admin/redeem-codes', { code, bonusAmount: 2_500 })).statusCode).toBe(200);
      const p = await funded('idem-redeem@example.com', 1000);
      const redeem = (key: string, code: string) => api.inject({ method: 'POST', url: '/api/players/redeemcode', headers: { ...p.auth, 'idempotency-key': key }, payload: { code } });
      const answers = await Promise.all([redeem('r-1', 'keyed-one'), redeem('r-1', 'KEYED-ONE'), redeem('r-1', 'keyed-one')]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((a) => a.json())).toEqual([answers[0]!.json(), answers[0]!.json(), answers[0]!.json()]);
      expect(answers[0]!.json()).toMatchObject({ bank: 3500, bonus: { redeemCode: 'KEYED-ONE', bonusAmount: 2500, status: 'Accepted' } });
      expect((await api.get(p.auth, '/api/players/bank')).json()).toBe(3500);

      const other = await redeem('r-1', 'keyed-two');
      expect([other.statusCode, other.json().error]).toEqual([422, 'IdempotencyKeyReused']);
      const codes = (await api.get(boss.auth, '/api/admin/redeem-codes')).json() as { code: string; redemptions: number }[];
      expect(Object.fromEntries(codes.map((c) => [c.code, c.redemptions]))).toMatchObject({ 'KEYED-ONE': 1, 'KEYED-TWO': 0 });
      expect((await redeem('r-2', 'keyed-two')).json()).toMatchObject({ bank: 6000 });
    });
  });

  describe('control characters', () => {
    it('refuses a NUL in a body field with 400 naming the field (players/invoice id)', async () => {
      const p = await api.signIn('nul-invoice@example.com');
      const res = await api.post(p.auth, '/api/players/invoice', { id: 'abc\u0000def' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ValidationFailed', issues: [{ path: 'id' }] });
      expect(res.json().message).toMatch(/^id: /);
    });

    it('refuses a NUL in a query string with 400 (approvewithdrawrequest?id=%00), writing nothing', async () => {
      const boss = await api.signIn('boss@example.com');
      const before = await eventCount();
      const res = await api.inject({ method: 'PUT', url: '/api/players/approvewithdrawrequest?id=%00', headers: boss.auth });
      expect([res.statusCode, res.json().error]).toEqual([400, 'ValidationFailed']);
      expect(res.json().message).toMatch(/^id /);
      expect(await eventCount()).toBe(before);
    });

    it('refuses a NUL in a path parameter and a DEL, another C0 character or a lone surrogate in any text', async () => {
      const p = await api.signIn('nul-param@example.com');
      expect((await api.get(p.auth, '/api/shoes/%00')).statusCode).toBe(400);
      for (const bad of ['a\u007fb', 'a\u0008b', 'a\ud800b']) {
        const res = await api.post(p.auth, '/api/players/redeemcode', { code: `CODE${bad}` });
        expect([res.statusCode, res.json().error, res.json().issues?.[0]?.path]).toEqual([400, 'ValidationFailed', 'code']);
      }
    });

    it('refuses a NUL in the photoUrl and in the identity name at sign-in, registering no one', async () => {
      const before = await eventCount();
      const token = (await api.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'photo-nul@example.com' } })).json().idToken as string;
      const photo = await api.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token, photoUrl: 'https://example.com/a\u0000.png' } });
      expect([photo.statusCode, photo.json().error, photo.json().issues?.[0]?.path]).toEqual([400, 'ValidationFailed', 'photoUrl']);

      const asked = await api.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'name-nul@example.com', name: 'Ana\u0000' } });
      expect([asked.statusCode, asked.json().issues?.[0]?.path]).toEqual([400, 'name']);
      // A token whose identity carries the NUL (as a provider could send it) is refused before it is decided.
      const named = new DevIdentityProvider(dataDir).issue('name-nul@example.com', 'Ana\u0000Bahati');
      const login = await api.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: named, photoUrl: null } });
      expect([login.statusCode, login.json().error]).toEqual([400, 'ValidationFailed']);
      expect(login.json().message).toMatch(/name/);
      expect(await eventCount()).toBe(before);
    });

    it('keeps line breaks and tabs where text may span lines (a brand drawing)', async () => {
      const boss = await api.signIn('boss@example.com');
      const brands = (await api.get(boss.auth, '/api/players/brands')).json() as { id: string }[];
      const brand = (await api.get(boss.auth, `/api/players/brand?id=${brands[0]!.id}`)).json() as Record<string, unknown>;
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48">\n\t<rect width="48" height="48"/>\r\n</svg>';
      const saved = await api.post(boss.auth, '/api/players/brand', { ...brand, logoSvg: svg });
      expect(saved.statusCode).toBe(200);
    });
  });

  describe('photoUrl', () => {
    it('takes only https addresses', async () => {
      const token = async (email: string) => (await api.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email } })).json().idToken as string;
      for (const photoUrl of ['javascript:alert(1)', 'http://example.com/me.png', 'data:image/png;base64,AAAA']) {
        const res = await api.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: await token('photo-js@example.com'), photoUrl } });
        expect([photoUrl, res.statusCode, res.json().error]).toEqual([photoUrl, 400, 'ValidationFailed']);
      }
      const ok = await api.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: await token('photo-ok@example.com'), photoUrl: 'https://example.com/me.png' } });
      expect(ok.statusCode).toBe(200);
      const me = await api.get({ authorization: `Bearer ${ok.json().jwt as string}` }, '/api/players/1234');
      expect(me.json().photoUrl).toBe('https://example.com/me.png');
    });
  });

  describe('amounts', () => {
    it('holds for review the deposits that would take the bank past MAX_BANK_SATS; the bank stays exact and readable', async () => {
      const p = await api.signIn('whale@example.com');
      await api.verifyPhone(p.auth);
      for (let i = 0; i < 5; i++) await api.deposit(p.auth, ALL_BITCOIN);
      const bank = await api.get(p.auth, '/api/players/bank');
      expect([bank.statusCode, bank.json()]).toEqual([200, ALL_BITCOIN]);
      const invoices = (await api.get(p.auth, '/api/players/getlightninginvoices')).json() as { status: string; amount: number }[];
      expect(invoices.map((i) => i.status).sort()).toEqual(['Held', 'Held', 'Held', 'Held', 'Settled']);
      expect(invoices.every((i) => i.amount === ALL_BITCOIN)).toBe(true);
      const me = await api.get(p.auth, '/api/players/1234');
      expect(me.statusCode).toBe(200);
      // The first deposit's bonus offer stays readable too (its playthrough target is bounded to an exact integer).
      const bonuses = await api.get(p.auth, '/api/players/bonuses');
      expect(bonuses.statusCode).toBe(200);
      expect((bonuses.json() as { playthroughTarget: number }[]).every((b) => Number.isSafeInteger(b.playthroughTarget))).toBe(true);
      const ledger = await api.get(p.auth, `/api/players/ledger?d=${new Date().getUTCDate()}&m=${new Date().getUTCMonth() + 1}&y=${new Date().getUTCFullYear()}&o=0`);
      expect(ledger.statusCode).toBe(200);
      expect((ledger.json() as { amount: number }[]).reduce((s, e) => s + e.amount, 0)).toBe(ALL_BITCOIN);
    });

    it('refuses an invoice, a withdrawal or a code above all bitcoin', async () => {
      const p = await funded('too-much@example.com', 10_000);
      const big = String(ALL_BITCOIN + 1);
      expect((await api.post(p.auth, '/api/players/lightningaddinvoice', { amount: big })).json().error).toBe('InvalidAmount');
      expect((await withdraw(p.auth, 'big', { amount: big, address: ADDRESS })).json().error).toBe('InvalidAmount');
      expect((await withdraw(p.auth, 'huge', { amount: '9007199254740993', address: ADDRESS })).json().error).toBe('InvalidAmount');
      const boss = await api.signIn('boss@example.com');
      const code = await api.post(boss.auth, '/api/admin/redeem-codes', { code: 'TOOBIG', bonusAmount: ALL_BITCOIN + 1 });
      expect([code.statusCode, code.json().error]).toEqual([400, 'ValidationFailed']);
    });
  });
});
