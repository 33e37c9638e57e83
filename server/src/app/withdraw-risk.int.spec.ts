import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { AuditEntry, PlayerOverview, WithdrawalRisk, WithdrawRequestView } from '@bahati/contracts';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { type Auth, TestApi } from './app.test-support';

const SHARED = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const OWN = 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry';

describeEachDatabase('the risk of a withdrawal', (db) => {
  const api = new TestApi(db, `risk_${randomBytes(5).toString('hex')}`, {
    ADMIN_EMAILS: 'boss@example.com,second@example.com',
    SUPPORT_EMAILS: 'desk@example.com',
    WITHDRAW_SECOND_APPROVAL_SATS: '30000',
    WITHDRAW_HOLD_SUSPECT_LEVEL: '50',
  });
  let boss: { auth: Auth; id: string };
  let second: { auth: Auth; id: string };

  beforeAll(async () => {
    await api.start();
    boss = await api.signIn('boss@example.com');
    second = await api.signIn('second@example.com');
  });

  const approve = (who: { auth: Auth }, id: string, reason?: string) =>
    api.inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${id}`, headers: who.auth, ...(reason === undefined ? {} : { payload: { reason } }) });
  const request = async (id: string) => ((await api.get(boss.auth, '/api/players/adminwithdrawrequests')).json() as WithdrawRequestView[]).find((w) => w.id === id)!;
  afterAll(() => api.stop());

  async function withdrawing(email: string, address: string, amount: number) {
    const p = await api.signIn(email);
    await api.verifyPhone(p.auth);
    await api.deposit(p.auth, 50_000);
    const res = await api.post(p.auth, '/api/players/withdraw', { amount, address });
    expect(res.statusCode).toBe(200);
    return p;
  }

  it('names, for each request in review, the other players who withdrew to the same address, and what the player put in and took out', async () => {
    const players: { auth: Auth; id: string }[] = [];
    for (const n of [1, 2, 3, 4]) players.push(await withdrawing(`mule${n}@example.com`, SHARED, 10_000 * n));
    const loner = await withdrawing('loner@example.com', OWN, 5_000);
    expect((await api.post(boss.auth, `/api/players/${players[0]!.id}/suspect/60`, { reason: 'Four accounts, one wallet' })).statusCode).toBe(200);

    const risk = (await api.get(boss.auth, '/api/admin/withdraw-risk')).json() as WithdrawalRisk[];
    const of = (id: string) => risk.find((r) => r.playerId === id)!;
    for (const [i, p] of players.entries()) {
      expect(of(p.id).sharedWith.map((s) => s.email).sort()).toEqual(
        ['mule1@example.com', 'mule2@example.com', 'mule3@example.com', 'mule4@example.com'].filter((_, j) => j !== i),
      );
      expect(of(p.id)).toMatchObject({ deposited: 50_000, withdrawn: 10_000 * (i + 1), bank: 50_000 - 10_000 * (i + 1), gameNet: 0, accountAgeDays: 0, banned: false });
    }
    expect(of(loner.id).sharedWith).toEqual([]);
    expect(of(players[0]!.id)).toMatchObject({ suspectLevel: 60, latestSuspect: [expect.objectContaining({ reason: 'AdminManualChange', suspectChange: 60 })] });

    // A declined request leaves the queue (and its refund the figures); its address still counts as shared.
    expect((await api.inject({ method: 'PUT', url: `/api/players/declinewithdrawrequest?id=${of(players[3]!.id).withdrawalId}`, headers: boss.auth, payload: { reason: 'Shared wallet' } })).statusCode).toBe(200);
    const after = (await api.get(boss.auth, '/api/admin/withdraw-risk')).json() as WithdrawalRisk[];
    expect(after.find((r) => r.playerId === players[3]!.id)).toBeUndefined();
    expect(after.find((r) => r.playerId === players[0]!.id)!.sharedWith).toHaveLength(3);
  });

  it('pays a request above the four-eyes amount only once a second, different admin approves it', async () => {
    const big = await withdrawing('big@example.com', OWN, 40_000);
    const [w] = ((await api.get(big.auth, '/api/players/withdrawrequests')).json() as WithdrawRequestView[]);
    const risk = ((await api.get(boss.auth, '/api/admin/withdraw-risk')).json() as WithdrawalRisk[]).find((r) => r.withdrawalId === w!.id)!;
    expect(risk).toMatchObject({ approvalsNeeded: 2, heldForReview: false });

    const first = await approve(boss, w!.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'Created', paid: false, payout: 'None', firstApproval: { reviewerId: boss.id, email: 'boss@example.com' } });
    // The same admin again changes nothing and pays nothing.
    expect((await approve(boss, w!.id)).json()).toMatchObject({ status: 'Created', paid: false });
    // The player sees a request still in review, without the staff's names.
    expect(((await api.get(big.auth, '/api/players/withdrawrequests')).json() as WithdrawRequestView[])[0]).toMatchObject({ status: 'Created', firstApproval: null });

    const paid = await approve(second, w!.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'Approved', paid: true, payout: 'Paid', reviewerId: second.id, firstApproval: { reviewerId: boss.id } });

    const log = (await api.get(boss.auth, `/api/admin/audit-log?player=${big.id}`)).json() as { items: AuditEntry[] };
    expect(log.items.map((e) => [e.action, e.staffEmail, e.after])).toEqual([
      ['WithdrawalApproved', 'second@example.com', 'Approved'],
      ['WithdrawalFirstApproved', 'boss@example.com', 'FirstApproval'],
    ]);
  });

  it('keeps a first approval’s admin and reason from the player who cancels and from support, and shows them to admins', async () => {
    const wary = await withdrawing('wary@example.com', OWN, 35_000);
    const [w] = ((await api.get(wary.auth, '/api/players/withdrawrequests')).json() as WithdrawRequestView[]);
    expect((await approve(boss, w!.id, 'Checked the deposits against the wins')).json()).toMatchObject({ firstApproval: { email: 'boss@example.com' } });

    const desk = await api.signIn('desk@example.com');
    const supportView = (await api.get(desk.auth, `/api/admin/players/${wary.id}/overview`)).json() as PlayerOverview;
    expect(supportView.withdrawals).toEqual([expect.objectContaining({ id: w!.id, status: 'Created', firstApproval: null, decisionReason: null, payoutError: null })]);
    const adminView = (await api.get(boss.auth, `/api/admin/players/${wary.id}/overview`)).json() as PlayerOverview;
    expect(adminView.withdrawals).toEqual([expect.objectContaining({ id: w!.id, firstApproval: expect.objectContaining({ email: 'boss@example.com', reason: 'Checked the deposits against the wins' }) })]);

    const cancelled = await api.post(wary.auth, `/api/players/withdrawrequests/${w!.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ bank: 50_000, request: { id: w!.id, status: 'Canceled', firstApproval: null, decisionReason: null, payoutError: null } });
    expect(JSON.stringify(cancelled.json())).not.toContain('boss@example.com');
    // The admins' own list keeps the trail of the request.
    expect((await request(w!.id)).firstApproval).toMatchObject({ email: 'boss@example.com' });
  });

  it('holds a suspect player’s request for review: approved only with a reason, which the audit log keeps', async () => {
    const held = await withdrawing('held@example.com', OWN, 9_000);
    expect((await api.post(boss.auth, `/api/players/${held.id}/suspect/70`, { reason: 'Bets follow the count' })).statusCode).toBe(200);
    const [w] = ((await api.get(held.auth, '/api/players/withdrawrequests')).json() as WithdrawRequestView[]);
    const risk = ((await api.get(boss.auth, '/api/admin/withdraw-risk')).json() as WithdrawalRisk[]).find((r) => r.withdrawalId === w!.id)!;
    expect(risk).toMatchObject({ approvalsNeeded: 1, heldForReview: true, holdLevel: 50, suspectLevel: 70 });

    const bare = await approve(boss, w!.id);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ error: 'ValidationFailed' });
    expect((await request(w!.id)).status).toBe('Created');

    const reasoned = await approve(boss, w!.id, 'Called the player; the deposits match the wins');
    expect(reasoned.json()).toMatchObject({ status: 'Approved', paid: true, decisionReason: 'Called the player; the deposits match the wins' });
    const log = (await api.get(boss.auth, `/api/admin/audit-log?player=${held.id}&action=WithdrawalApproved`)).json() as { items: AuditEntry[] };
    expect(log.items.map((e) => e.reason)).toEqual(['Called the player; the deposits match the wins']);
  });

  it('is for admins only', async () => {
    const desk = await api.signIn('desk@example.com');
    expect((await api.get(desk.auth, '/api/admin/withdraw-risk')).statusCode).toBe(403);
  });
});
