import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { BonusReadModel } from '../application/ports/read-models';
import { TestApi } from './app.test-support';

const withdrawal = { amount: 5_000, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' };

describeEachDatabase("the player's account", (db) => {
  const api = new TestApi(db, `account_${randomBytes(5).toString('hex')}`, { ADMIN_EMAILS: 'boss@example.com' });
  beforeAll(() => api.start());
  afterAll(() => api.stop());

  it('offers a bonus on the first deposit; accepting credits it and locks withdrawals while stakes count toward it', async () => {
    const { auth } = await api.signIn('bonus@example.com');
    await api.verifyPhone(auth);
    expect((await api.get(auth, '/api/players/bonuses')).json()).toEqual([]);
    await api.deposit(auth, 20_000);
    await api.deposit(auth, 7_000);
    const [offer, ...others] = (await api.get(auth, '/api/players/bonuses')).json();
    expect(others).toEqual([]);
    expect(offer).toMatchObject({ redeemCode: null, bonusAmount: 20_000, status: 'Offered', playthrough: 0, playthroughTarget: 2_500_000 });

    const accepted = await api.post(auth, `/api/players/acceptbonus/${offer.id}`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ bank: 47_000, bonus: { id: offer.id, status: 'Accepted', bonusAmount: 20_000 } });
    expect((await api.post(auth, `/api/players/acceptbonus/${offer.id}`)).json()).toMatchObject({ error: 'BonusNotOffered', statusCode: 409 });
    expect((await api.post(auth, `/api/players/declinebonus/${offer.id}`)).statusCode).toBe(409);

    const refused = await api.post(auth, '/api/players/withdraw', withdrawal);
    expect(refused.json()).toMatchObject({ statusCode: 400, error: 'PlaythroughRequirementNotMet', message: 'Accepted bonuses lock withdrawals: wager 2500000 sats more to open them.' });

    const dealt = await api.post(auth, '/api/hands', { betAmount: 1_000 });
    expect(dealt.statusCode).toBe(200);
    const [bonus] = (await api.get(auth, '/api/players/bonuses')).json();
    expect(bonus).toMatchObject({ status: 'Accepted', playthrough: 1_000 });
    const ledger = (await api.get(auth, `/api/players/ledger?d=${new Date().getUTCDate()}&m=${new Date().getUTCMonth() + 1}&y=${new Date().getUTCFullYear()}&o=0`)).json();
    expect(ledger).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'Bonus', amount: 20_000 })]));
  });

  it('lapses an offer still open when a withdrawal is requested: accepting it then answers BonusNotOffered (409) and moves no money', async () => {
    const { auth, id } = await api.signIn('freeroll@example.com');
    await api.verifyPhone(auth);
    await api.deposit(auth, 10_000);
    const [offer] = (await api.get(auth, '/api/players/bonuses')).json();
    expect(offer).toMatchObject({ status: 'Offered', bonusAmount: 10_000, endedBy: null, endedAt: null });

    expect((await api.post(auth, '/api/players/withdraw', { amount: 10_000, address: withdrawal.address })).statusCode).toBe(200);
    const accepted = await api.post(auth, `/api/players/acceptbonus/${offer.id}`);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toMatchObject({ error: 'BonusNotOffered', message: expect.stringContaining('lapsed when you requested a withdrawal') });
    expect((await api.post(auth, `/api/players/declinebonus/${offer.id}`)).json()).toMatchObject({ statusCode: 409, error: 'BonusNotOffered' });
    expect((await api.get(auth, '/api/players/bank')).json()).toBe(0);

    const [request] = (await api.get(auth, '/api/players/withdrawrequests')).json();
    expect((await api.get(auth, '/api/players/bonuses')).json()).toEqual([
      { ...offer, status: 'Expired', expiresAt: null, endedBy: 'withdrawal', endedAt: request.requestTime },
    ]);
    const ledger = (await api.get(auth, `/api/players/ledger?d=${new Date().getUTCDate()}&m=${new Date().getUTCMonth() + 1}&y=${new Date().getUTCFullYear()}&o=0`)).json();
    expect(ledger.map((line: { type: string }) => line.type)).toEqual(['LightningDeposit', 'Withdraw']);
    // The same day a page at a time, newest first, with the whole day's totals on every page.
    const page = (await api.get(auth, `/api/players/ledger/page?d=${new Date().getUTCDate()}&m=${new Date().getUTCMonth() + 1}&y=${new Date().getUTCFullYear()}&o=0&limit=1`)).json();
    expect(page).toMatchObject({
      items: [{ type: 'Withdraw', amount: -10_000 }], total: 2, offset: 0, limit: 1,
      totals: { net: 0, parts: { deposits: { amount: 10_000, lines: 1 }, withdrawals: { amount: -10_000, lines: 1 }, play: { amount: 0, lines: 0 } } },
    });
    // The expiry sweep has nothing left to do for it, even after its 30 days.
    expect(await api.app.get(BonusReadModel).playersWithExpiredOffers(new Date(Date.now() + 31 * 86_400_000))).not.toContain(id);
  });

  it('declines an offer without moving money; unknown or malformed ids are 404 and 400', async () => {
    const { auth } = await api.signIn('decline@example.com');
    await api.verifyPhone(auth);
    await api.deposit(auth, 5_000);
    const [offer] = (await api.get(auth, '/api/players/bonuses')).json();
    expect((await api.post(auth, `/api/players/declinebonus/${offer.id}`)).json()).toMatchObject({ bank: 5_000, bonus: { status: 'Declined' } });
    expect((await api.post(auth, '/api/players/acceptbonus/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await api.post(auth, '/api/players/acceptbonus/12')).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
    const other = await api.signIn('other@example.com');
    expect((await api.post(other.auth, `/api/players/acceptbonus/${offer.id}`)).statusCode).toBe(404);
    expect((await api.post(auth, '/api/players/withdraw', withdrawal)).statusCode).toBe(200);
  });

  it('self-exclusion refuses deals and new deposits but lets a withdrawal through, also while a lift cools off; it shows on the player', async () => {
    const { auth } = await api.signIn('pause@example.com');
    await api.verifyPhone(auth);
    await api.deposit(auth, 10_000);
    expect((await api.post(auth, '/api/players/selfexclude/maybe')).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
    expect((await api.post(auth, '/api/players/selfexclude/true')).json()).toEqual({ selfExclude: true, selfExclusionLiftsAt: null });
    expect((await api.get(auth, '/api/players/1234')).json()).toMatchObject({ selfExclude: true, selfExclusionLiftsAt: null, banned: false });
    expect((await api.post(auth, '/api/hands', { betAmount: 1_000 })).json()).toMatchObject({ statusCode: 403, error: 'SelfExcluded' });
    expect((await api.post(auth, '/api/players/lightningaddinvoice', { amount: '5000' })).json()).toMatchObject({ statusCode: 403, error: 'SelfExcluded' });
    expect((await api.post(auth, '/api/players/withdraw', withdrawal)).statusCode).toBe(200);
    const asked = Date.now();
    const lift = (await api.post(auth, '/api/players/selfexclude/false')).json();
    expect(lift.selfExclude).toBe(true);
    // The default cooling-off: 24 hours from the request.
    expect(Date.parse(lift.selfExclusionLiftsAt) - asked).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(Date.parse(lift.selfExclusionLiftsAt) - asked).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    expect((await api.get(auth, '/api/players/1234')).json()).toMatchObject({ selfExclude: true, selfExclusionLiftsAt: lift.selfExclusionLiftsAt });
    expect((await api.post(auth, '/api/hands', { betAmount: 1_000 })).json()).toMatchObject({ statusCode: 403, error: 'SelfExcluded' });
    expect((await api.post(auth, '/api/players/lightningaddinvoice', { amount: '5000' })).json()).toMatchObject({ statusCode: 403, error: 'SelfExcluded' });
    // Asking again keeps the first time; excluding again cancels the lift.
    expect((await api.post(auth, '/api/players/selfexclude/false')).json()).toEqual(lift);
    expect((await api.post(auth, '/api/players/selfexclude/true')).json()).toEqual({ selfExclude: true, selfExclusionLiftsAt: null });
    expect((await api.get(auth, '/api/players/1234')).json()).toMatchObject({ selfExclude: true, selfExclusionLiftsAt: null });
  });

  it('stores the animation preference', async () => {
    const { auth } = await api.signIn('still@example.com');
    expect((await api.get(auth, '/api/players/1234')).json().animate).toBe(true);
    expect((await api.post(auth, '/api/players/animate/false')).json()).toEqual({ animate: false });
    expect((await api.get(auth, '/api/players/1234')).json().animate).toBe(false);
  });

  it('lets only admins ban; the ban ends the sessions, and a banned player signed in again gets Banned on every player command until unbanned', async () => {
    const boss = await api.signIn('boss@example.com');
    const before = await api.signIn('cheat@example.com');
    const id = before.id;
    await api.verifyPhone(before.auth);
    await api.deposit(before.auth, 10_000);
    expect((await api.post(before.auth, `/api/players/${id}/ban`, { reason: 'Ban for the test' })).statusCode).toBe(403);
    expect((await api.post(boss.auth, '/api/players/00000000-0000-4000-8000-000000000000/ban', { reason: 'Ban for the test' })).statusCode).toBe(404);
    expect((await api.post(boss.auth, `/api/players/${id}/ban`, { reason: 'Ban for the test' })).json()).toEqual({ id, banned: true });
    expect((await api.get(before.auth, '/api/players/1234')).statusCode).toBe(401);
    const { auth } = await api.signIn('cheat@example.com');
    expect((await api.get(auth, '/api/players/1234')).json().banned).toBe(true);
    for (const [url, payload] of [
      ['/api/hands', { betAmount: 1_000 }],
      ['/api/players/withdraw', withdrawal],
      ['/api/players/lightningaddinvoice', { amount: '5000' }],
      ['/api/players/selfexclude/true', undefined],
    ] as const) {
      expect((await api.post(auth, url, payload)).json()).toMatchObject({ statusCode: 403, error: 'Banned' });
    }
    const [offer] = (await api.get(auth, '/api/players/bonuses')).json();
    expect((await api.post(auth, `/api/players/acceptbonus/${offer.id}`)).json()).toMatchObject({ error: 'Banned' });
    expect((await api.post(boss.auth, `/api/players/${id}/unban`)).json()).toEqual({ id, banned: false });
    expect((await api.post(auth, '/api/hands', { betAmount: 1_000 })).statusCode).toBe(200);
  });

  it('redeems admin codes once per player, case-insensitively, within their uses and minimum bank', async () => {
    const boss = await api.signIn('boss@example.com');
    const { auth } = await api.signIn('lucky@example.com');
    await api.verifyPhone(auth);
    expect((await api.post(auth, '/api/admin/redeem-codes', { code: 'NOPE1', bonusAmount: 1_000 })).statusCode).toBe(403);
    expect((await api.post(boss.auth, '/api/admin/redeem-codes', { code: 'ab', bonusAmount: 1_000 })).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
    const created = await api.post(boss.auth, '/api/admin/redeem-codes', { code: 'Welcome-25', bonusAmount: 2_500, minBank: 1_000 });
    expect(created.json()).toMatchObject({ code: 'WELCOME-25', bonusAmount: 2_500, playthroughTarget: 312_500, maxRedemptions: null, minBank: 1_000, redemptions: 0 });
    expect((await api.post(boss.auth, '/api/admin/redeem-codes', { code: 'welcome-25', bonusAmount: 1 })).statusCode).toBe(409);

    expect((await api.post(auth, '/api/players/redeemcode', { code: 'welcome-25' })).json()).toMatchObject({ statusCode: 400, error: 'BankTooLowToRedeem' });
    await api.deposit(auth, 1_000);
    for (const code of ['abc', 'NOSUCHCODE']) expect((await api.post(auth, '/api/players/redeemcode', { code })).json()).toMatchObject({ error: 'InvalidRedeemCode' });
    for (const code of ['bad\u0000code', 'x'.repeat(65)]) expect((await api.post(auth, '/api/players/redeemcode', { code })).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });

    const redeemed = await api.post(auth, '/api/players/redeemcode', { code: 'welcome-25' });
    expect(redeemed.json()).toMatchObject({ bank: 3_500, bonus: { redeemCode: 'WELCOME-25', bonusAmount: 2_500, status: 'Accepted', playthroughTarget: 312_500 } });
    expect((await api.post(auth, '/api/players/redeemcode', { code: 'WELCOME-25' })).json()).toMatchObject({ statusCode: 409, error: 'CodeAlreadyRedeemed' });
    expect((await api.get(auth, '/api/players/bonuses')).json()).toEqual(expect.arrayContaining([expect.objectContaining({ redeemCode: 'WELCOME-25', status: 'Accepted' })]));
    expect((await api.get(boss.auth, '/api/admin/redeem-codes')).json()).toEqual([expect.objectContaining({ code: 'WELCOME-25', redemptions: 1 })]);
  });

  it('gives the last use of a code to exactly one of two players redeeming at once', async () => {
    const boss = await api.signIn('boss@example.com');
    await api.post(boss.auth, '/api/admin/redeem-codes', { code: 'ONLY-ONE', bonusAmount: 500, maxRedemptions: 1 });
    const players = await Promise.all(['race1@example.com', 'race2@example.com'].map((e) => api.signIn(e)));
    for (const p of players) {
      await api.verifyPhone(p.auth);
      await api.deposit(p.auth, 1_000);
    }
    const answers = await Promise.all(players.map((p) => api.post(p.auth, '/api/players/redeemcode', { code: 'only-one' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    // The other player is told the code is used up, and the one who got it that they redeemed it already.
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ error: 'CodeAlreadyRedeemed', detail: { reason: 'UsedUp' } });
    const winner = players[answers.findIndex((a) => a.statusCode === 200)]!;
    const again = await api.post(winner.auth, '/api/players/redeemcode', { code: 'only-one' });
    expect(again.json()).toMatchObject({ statusCode: 409, error: 'CodeAlreadyRedeemed', detail: { reason: 'AlreadyRedeemed' } });
    const banks = await Promise.all(players.map(async (p) => (await api.get(p.auth, '/api/players/bank')).json()));
    expect(banks.sort()).toEqual([1_000, 1_500]);
  });

  it('keeps the limits a player sets: tighter at once, looser after 24 hours, and refuses what passes one', async () => {
    const { auth } = await api.signIn('careful@example.com');
    await api.verifyPhone(auth);
    const empty = (await api.get(auth, '/api/players/limits')).json();
    expect(empty.limits.dailyDeposit).toEqual({ value: null, pending: null });
    const set = await api.inject({ method: 'PUT', url: '/api/players/limits', headers: auth, payload: { dailyDeposit: 30_000, sessionReminderMinutes: 60 } });
    expect(set.json()).toMatchObject({ limits: { dailyDeposit: { value: 30_000, pending: null }, sessionReminderMinutes: { value: 60 } } });
    await api.deposit(auth, 20_000);
    expect((await api.get(auth, '/api/players/limits')).json().usage).toMatchObject({ dailyDeposit: 20_000 });
    expect((await api.post(auth, '/api/players/lightningaddinvoice', { amount: '15000' })).json()).toMatchObject({
      statusCode: 403, error: 'LimitReached', detail: { reason: 'Deposit', kind: 'dailyDeposit', limit: 30_000, used: 20_000 },
    });
    const raised = await api.inject({ method: 'PUT', url: '/api/players/limits', headers: auth, payload: { dailyDeposit: 100_000 } });
    expect(raised.json().limits.dailyDeposit).toMatchObject({ value: 30_000, pending: { value: 100_000 } });
    expect((await api.post(auth, '/api/players/lightningaddinvoice', { amount: '15000' })).json()).toMatchObject({ error: 'LimitReached' });
    for (const payload of [{ dailyLoss: -1 }, { dailyLoss: 1.5 }, { weeklyLoss: 'lots' }, { sessionReminderMinutes: 0 }, { nonsense: 1 }]) {
      expect((await api.inject({ method: 'PUT', url: '/api/players/limits', headers: auth, payload })).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
    }
    await api.inject({ method: 'PUT', url: '/api/players/limits', headers: auth, payload: { dailyLoss: 500 } });
    expect((await api.post(auth, '/api/hands', { betAmount: 1_000 })).json()).toMatchObject({ statusCode: 403, error: 'LimitReached' });
  });

  it('counts the invoices still open toward a deposit limit, and shows no deposit address once the limit is used up', async () => {
    const { auth } = await api.signIn('side-by-side@example.com');
    await api.verifyPhone(auth);
    expect((await api.inject({ method: 'PUT', url: '/api/players/limits', headers: auth, payload: { dailyDeposit: 10_000 } })).statusCode).toBe(200);
    const address = await api.get(auth, '/api/players/getbitcoinaddress');
    expect(address.statusCode).toBe(200);
    const first = await api.post(auth, '/api/players/lightningaddinvoice', { amount: '8000' });
    expect(first.statusCode).toBe(200);
    // A second invoice beside the first, unpaid: both paid would pass the limit.
    expect((await api.post(auth, '/api/players/lightningaddinvoice', { amount: '8000' })).json()).toMatchObject({
      statusCode: 403, error: 'LimitReached', detail: { kind: 'dailyDeposit', limit: 10_000, used: 8_000 },
    });
    expect((await api.post(auth, '/api/players/lightningaddinvoice', { amount: '2000' })).statusCode).toBe(200);
    // Used up by the open invoices: the address given before is not shown again.
    expect((await api.get(auth, '/api/players/getbitcoinaddress')).json()).toMatchObject({ statusCode: 403, error: 'LimitReached' });
  });
});
