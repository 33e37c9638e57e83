import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { AdminPlayer, AuditLogPage, PlayerOverview, PlayerPage, StaffNoteView } from '@bahati/contracts';
import type { Database } from '../adapters/db/database';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { DatabaseToken } from '../config/tokens';
import type { ReadModels } from '../projections/schema';
import { type Auth, TestApi } from './app.test-support';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

describeEachDatabase('the player 360 view and the players list', (db) => {
  const api = new TestApi(db, `p360_${randomBytes(5).toString('hex')}`, { ADMIN_EMAILS: 'boss@example.com', SUPPORT_EMAILS: 'desk@example.com' });
  let boss: { auth: Auth; id: string };
  let desk: { auth: Auth; id: string };
  let ana: { auth: Auth; id: string };
  let ben: { auth: Auth; id: string };
  let kysely: Kysely<ReadModels>;

  /** Signs in as the browser would, from `address`. */
  async function signInFrom(email: string, address: string): Promise<{ auth: Auth; id: string }> {
    const token = await api.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email } });
    const login = await api.inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token.json().idToken, photoUrl: null }, remoteAddress: address });
    const auth = { authorization: `Bearer ${login.json().jwt}` };
    return { auth, id: (await api.get(auth, '/api/players/1234')).json().id };
  }

  beforeAll(async () => {
    await api.start();
    kysely = api.app.get<Database>(DatabaseToken).kysely as Kysely<ReadModels>;
    boss = await api.signIn('boss@example.com');
    desk = await api.signIn('desk@example.com');
    // Ana: a deposit, a limit, a withdrawal, a code redeemed, a hand, a suspect level, a note, then a self-exclusion and its lift.
    ana = await signInFrom('ana@example.com', '198.51.100.23');
    await api.verifyPhone(ana.auth);
    expect((await api.inject({ method: 'PUT', url: '/api/players/limits', headers: ana.auth, payload: { dailyDeposit: 200_000 } })).statusCode).toBe(200);
    await api.deposit(ana.auth, 50_000);
    expect((await api.post(ana.auth, '/api/players/withdraw', { amount: 10_000, address: ADDRESS })).statusCode).toBe(200);
    expect((await api.post(boss.auth, '/api/admin/redeem-codes', { code: 'HELLO-360', bonusAmount: 2_500 })).statusCode).toBeLessThan(300);
    expect((await api.post(ana.auth, '/api/players/redeemcode', { code: 'hello-360' })).statusCode).toBe(200);
    expect((await api.post(ana.auth, '/api/hands', { betAmount: 1_000 })).statusCode).toBe(200);
    expect((await api.post(boss.auth, `/api/players/${ana.id}/suspect/30`, { reason: 'Bets follow the count' })).statusCode).toBe(200);
    expect((await api.post(ana.auth, '/api/players/selfexclude/true')).statusCode).toBe(200);
    expect((await api.post(ana.auth, '/api/players/selfexclude/false')).statusCode).toBe(200);
    // Ben: a bigger bank, banned.
    ben = await api.signIn('ben@example.com');
    await api.verifyPhone(ben.auth);
    await api.deposit(ben.auth, 90_000);
    expect((await api.post(boss.auth, `/api/players/${ben.id}/ban`, { reason: 'Chargeback fraud' })).statusCode).toBe(200);
    await api.caughtUp();
  });
  afterAll(() => api.stop());

  describe('the 360 view', () => {
    it("shows an admin the player's money, bonuses and codes, sessions with their addresses, limits and self-exclusion, and the staff decisions", async () => {
      const res = await api.get(boss.auth, `/api/admin/players/${ana.id}/overview`);
      expect(res.statusCode).toBe(200);
      const view = res.json() as PlayerOverview;
      expect(view.totals).toEqual({ deposited: 50_000, withdrawn: 10_000, bonuses: 2_500 });
      expect(view.invoices).toEqual([expect.objectContaining({ amount: 50_000, status: 'Settled' })]);
      expect(view.withdrawals).toEqual([expect.objectContaining({ amount: 10_000, targetAddress: ADDRESS, status: 'Created' })]);
      expect(view.bonuses).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ redeemCode: 'HELLO-360', bonusAmount: 2_500, status: 'Accepted' }),
          // The first deposit's offer lapsed when she asked for a withdrawal.
          expect.objectContaining({ redeemCode: null, status: 'Expired', endedBy: 'withdrawal' }),
        ]),
      );
      expect(view.sessions).toEqual([expect.objectContaining({ address: '198.51.100.23', endedAt: null, endReason: null })]);
      expect(view.protections.map((p) => p.kind)).toEqual(['selfExclusionLiftRequested', 'selfExclusion', 'dailyDeposit']);
      expect(view.protections[2]).toMatchObject({ value: 200_000, effectiveAt: null });
      expect(view.protections[0]!.effectiveAt).not.toBeNull();
      expect(view.staffActions).toEqual([expect.objectContaining({ action: 'SuspectLevel', staffEmail: 'boss@example.com', reason: 'Bets follow the count', before: '0', after: '30' })]);
      expect(view.notes).toEqual([]);
    });

    it('ends the sessions a ban ends', async () => {
      const view = (await api.get(boss.auth, `/api/admin/players/${ben.id}/overview`)).json() as PlayerOverview;
      expect(view.sessions).toEqual([expect.objectContaining({ endReason: 'ban', address: '127.0.0.1' })]);
      expect(view.staffActions).toEqual([expect.objectContaining({ action: 'Ban', reason: 'Chargeback fraud' })]);
    });

    it('takes notes from support and admins, newest first, in the view and in the audit log', async () => {
      const first = await api.post(desk.auth, `/api/admin/players/${ana.id}/notes`, { note: '  Called about the withdrawal; told her it is in review.  ' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual([expect.objectContaining({ note: 'Called about the withdrawal; told her it is in review.', staffEmail: 'desk@example.com', staffId: desk.id })]);
      const second = (await api.post(boss.auth, `/api/admin/players/${ana.id}/notes`, { note: 'Asked for proof of address.' })).json() as StaffNoteView[];
      expect(second.map((n) => n.staffEmail)).toEqual(['boss@example.com', 'desk@example.com']);

      const view = (await api.get(boss.auth, `/api/admin/players/${ana.id}/overview`)).json() as PlayerOverview;
      expect(view.notes.map((n) => n.note)).toEqual(['Asked for proof of address.', 'Called about the withdrawal; told her it is in review.']);
      // The decisions list leaves the notes to their own section.
      expect(view.staffActions!.map((a) => a.action)).toEqual(['SuspectLevel']);
      const log = (await api.get(boss.auth, `/api/admin/audit-log?action=StaffNote&player=${ana.id}`)).json() as AuditLogPage;
      expect(log.items.map((e) => [e.staffEmail, e.reason])).toEqual([
        ['boss@example.com', 'Asked for proof of address.'],
        ['desk@example.com', 'Called about the withdrawal; told her it is in review.'],
      ]);
    });

    it('shows support everything but the staff decisions, which are the admins’ audit trail', async () => {
      const view = (await api.get(desk.auth, `/api/admin/players/${ana.id}/overview`)).json() as PlayerOverview;
      expect(view.staffActions).toBeNull();
      expect(view.totals.deposited).toBe(50_000);
      expect(view.sessions[0]!.address).toBe('198.51.100.23');
    });

    it('refuses a note too short or too long, an unknown player, and a player who is not staff', async () => {
      for (const note of ['ok', 'x'.repeat(501)]) {
        expect((await api.post(desk.auth, `/api/admin/players/${ana.id}/notes`, { note })).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
      }
      const nobody = '00000000-0000-4000-8000-000000000000';
      expect((await api.post(desk.auth, `/api/admin/players/${nobody}/notes`, { note: 'Nobody here' })).statusCode).toBe(404);
      expect((await api.get(desk.auth, `/api/admin/players/${nobody}/overview`)).statusCode).toBe(404);
      expect((await api.get(desk.auth, '/api/admin/players/not-an-id/overview')).statusCode).toBe(400);
      expect((await api.get(ana.auth, `/api/admin/players/${ana.id}/overview`)).statusCode).toBe(403);
      expect((await api.post(ana.auth, `/api/admin/players/${ana.id}/notes`, { note: 'I am staff now' })).statusCode).toBe(403);
    });
  });

  describe('the players list', () => {
    const list = async (query: string) => {
      const res = await api.get(desk.auth, `/api/players?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as PlayerPage;
    };
    const emails = (page: PlayerPage) => page.items.map((p: AdminPlayer) => p.email);

    it('sorts by suspect level, bank, first sign-in and last activity, either way, with the pages kept', async () => {
      expect(emails(await list('sort=suspect&dir=desc')).slice(0, 1)).toEqual(['ana@example.com']);
      expect(emails(await list('sort=bank&dir=desc')).slice(0, 2)).toEqual(['ben@example.com', 'ana@example.com']);
      expect(emails(await list('sort=bank&dir=asc')).slice(-2)).toEqual(['ana@example.com', 'ben@example.com']);
      expect(emails(await list('sort=created&dir=asc'))).toEqual(['boss@example.com', 'desk@example.com', 'ana@example.com', 'ben@example.com']);
      expect(emails(await list(''))).toEqual(['ben@example.com', 'ana@example.com', 'desk@example.com', 'boss@example.com']);
      const second = await list('sort=created&dir=asc&offset=1&limit=2');
      expect(emails(second)).toEqual(['desk@example.com', 'ana@example.com']);
      expect(second).toMatchObject({ total: 4, offset: 1, limit: 2 });
      // Ben signed in after Ana's hand: he is the most recently active.
      const active = await list('sort=activity&dir=desc');
      expect(emails(active)[0]).toBe('ben@example.com');
      expect(active.items.every((p) => p.lastActive !== null)).toBe(true);
    });

    it('filters by suspect level, ban, role and recent activity, and counts what it kept', async () => {
      expect(await list('suspectMin=30')).toMatchObject({ total: 1, items: [expect.objectContaining({ email: 'ana@example.com', suspectLevel: 30 })] });
      expect(emails(await list('banned=yes'))).toEqual(['ben@example.com']);
      expect((await list('banned=no')).total).toBe(3);
      expect(emails(await list('role=admin'))).toEqual(['boss@example.com']);
      expect(emails(await list('role=support'))).toEqual(['desk@example.com']);
      expect(emails(await list('role=player'))).toEqual(['ben@example.com', 'ana@example.com']);
      expect(emails(await list('role=player&banned=no&q=example'))).toEqual(['ana@example.com']);

      // Ben was last seen ten days ago: a week's activity leaves him out, and he sorts last by activity.
      await kysely.updateTable('player_activity').set({ last_active_at: new Date(Date.now() - 10 * 86_400_000) }).where('player_id', '=', ben.id).execute();
      expect(emails(await list('activeDays=7'))).not.toContain('ben@example.com');
      expect((await list('activeDays=7')).total).toBe(3);
      expect(emails(await list('activeDays=30'))).toContain('ben@example.com');
      expect(emails(await list('sort=activity&dir=desc')).at(-1)).toBe('ben@example.com');
      expect(emails(await list('sort=activity&dir=asc'))[0]).toBe('ben@example.com');
    });

    it('refuses a sort, direction or filter it does not know', async () => {
      for (const query of ['sort=email', 'dir=up', 'suspectMin=101', 'suspectMin=-1', 'suspectMin=1.5', 'banned=maybe', 'role=owner', 'activeDays=0', 'activeDays=3651']) {
        expect((await api.get(desk.auth, `/api/players?${query}`)).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
      }
    });
  });
});
