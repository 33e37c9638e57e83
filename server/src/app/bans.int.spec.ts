import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { type Auth, TestApi } from './app.test-support';

const WITHDRAW_TO = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

describeEachDatabase('bans', (db) => {
  const api = new TestApi(db, `bans_${randomBytes(5).toString('hex')}`, {
    ADMIN_EMAILS: 'boss@example.com,deputy@example.com', SUPPORT_EMAILS: 'desk@example.com',
  });
  let boss: { auth: Auth; id: string };
  let deputy: { auth: Auth; id: string };

  beforeAll(async () => {
    await api.start();
    boss = await api.signIn('boss@example.com');
    deputy = await api.signIn('deputy@example.com');
  });
  afterAll(() => api.stop());

  const put = (auth: Auth, url: string, payload?: object) => api.inject({ method: 'PUT', url, headers: auth, ...(payload ? { payload } : {}) });
  const ban = (by: Auth, id: string) => api.post(by, `/api/players/${id}/ban`, { reason: 'Ban for the test' });
  const unban = (by: Auth, id: string) => api.post(by, `/api/players/${id}/unban`);

  describe('a banned player', () => {
    it('is answered Banned by every player command, sends no code by SMS, and still reads their own data and signs out', async () => {
      const email = 'banned-player@example.com';
      const p = await api.signIn(email);
      await api.verifyPhone(p.auth);
      await api.deposit(p.auth, 50_000);
      const pending = await api.post(p.auth, '/api/players/withdraw', { amount: 5_000, address: WITHDRAW_TO });
      expect(pending.statusCode).toBe(200);
      const [request] = (await api.get(p.auth, '/api/players/withdrawrequests')).json<{ id: string }[]>();
      const [bonus] = (await api.get(p.auth, '/api/players/bonuses')).json<{ id: string }[]>();
      await api.caughtUp();
      const before = (await api.get(p.auth, '/api/players/bank')).json();

      expect((await ban(boss.auth, p.id)).json()).toEqual({ id: p.id, banned: true });
      // The ban ended the session; the player signs in again (to read the suspension page).
      expect((await api.get(p.auth, '/api/players/1234')).statusCode).toBe(401);
      const again = await api.signIn(email);

      const number = '+14155550777';
      const commands = [
        api.post(again.auth, '/api/players/beginphoneverify', { phoneNumber: number, countryCode: 'us' }),
        api.post(again.auth, '/api/players/verifycode', { code: '123456' }),
        put(again.auth, '/api/players/limits', { dailyLoss: 1_000 }),
        api.post(again.auth, '/api/players/animate/false'),
        api.post(again.auth, '/api/players/selfexclude/true'),
        api.post(again.auth, '/api/hands', { betAmount: 1_000, playerSeed: null }),
        put(again.auth, '/api/hands/stand'),
        put(again.auth, '/api/shoes/retire'),
        api.post(again.auth, '/api/players/lightningaddinvoice', { amount: '10000' }),
        api.post(again.auth, '/api/players/withdraw', { amount: 1_000, address: WITHDRAW_TO }),
        api.post(again.auth, `/api/players/withdrawrequests/${request!.id}/cancel`),
        api.post(again.auth, '/api/players/redeemcode', { code: 'WELCOME10' }),
        api.post(again.auth, `/api/players/acceptbonus/${bonus!.id}`),
        api.post(again.auth, `/api/players/declinebonus/${bonus!.id}`),
      ];
      for (const res of await Promise.all(commands)) {
        expect({ url: res.raw.req.url, status: res.statusCode, error: res.json().error }).toEqual({ url: res.raw.req.url, status: 403, error: 'Banned' });
      }
      expect((await api.inject({ method: 'GET', url: '/api/players/getbitcoinaddress', headers: again.auth })).json()).toMatchObject({ statusCode: 403, error: 'Banned' });
      // No code went out to the number, and nothing moved.
      expect((await api.inject({ method: 'GET', url: `/api/dev/phone-code?phoneNumber=${encodeURIComponent(number)}` })).statusCode).toBe(404);
      expect((await api.get(again.auth, '/api/players/bank')).json()).toEqual(before);
      for (const url of ['/api/players/1234', '/api/players/bank', '/api/players/limits', '/api/players/bonuses', '/api/players/withdrawrequests', '/api/players/1234/hands']) {
        expect({ url, status: (await api.get(again.auth, url)).statusCode }).toEqual({ url, status: 200 });
      }
      expect((await api.get(again.auth, '/api/players/1234')).json()).toMatchObject({ banned: true });
      expect((await api.post(again.auth, '/api/players/logout')).statusCode).toBeLessThan(300);
    });
  });

  describe('staff', () => {
    it('cannot ban themselves', async () => {
      expect((await ban(boss.auth, boss.id)).json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect((await api.get(boss.auth, '/api/players/1234')).json()).toMatchObject({ banned: false, isAdmin: true });
    });

    it('lose every staff power while banned, on a new session too, cannot unban themselves, and have them back once unbanned', async () => {
      const desk = await api.signIn('desk@example.com');
      expect((await api.get(desk.auth, '/api/admin/roles')).json()).toEqual({ roles: ['support'] });
      expect((await ban(boss.auth, desk.id)).statusCode).toBe(200);
      const bannedDesk = await api.signIn('desk@example.com');
      expect((await api.get(bannedDesk.auth, '/api/admin/roles')).json()).toEqual({ roles: [] });
      expect((await api.get(bannedDesk.auth, '/api/players')).json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect((await api.get(bannedDesk.auth, `/api/players/${boss.id}/hands`)).statusCode).toBe(404);

      // An admin banned by another admin: no admin powers, not even to lift the ban.
      expect((await ban(boss.auth, deputy.id)).statusCode).toBe(200);
      const bannedDeputy = await api.signIn('deputy@example.com');
      expect((await api.get(bannedDeputy.auth, '/api/players/1234')).json()).toMatchObject({ banned: true, isAdmin: false });
      expect((await unban(bannedDeputy.auth, deputy.id)).json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect((await ban(bannedDeputy.auth, boss.id)).json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect((await api.get(boss.auth, '/api/players/1234')).json()).toMatchObject({ banned: false, isAdmin: true });

      expect((await unban(boss.auth, deputy.id)).json()).toEqual({ id: deputy.id, banned: false });
      expect((await unban(boss.auth, desk.id)).json()).toEqual({ id: desk.id, banned: false });
      expect((await api.get(bannedDeputy.auth, '/api/admin/roles')).json()).toEqual({ roles: ['admin'] });
      expect((await api.get(bannedDesk.auth, '/api/admin/roles')).json()).toEqual({ roles: ['support'] });
      deputy = bannedDeputy;
    });
  });
});
