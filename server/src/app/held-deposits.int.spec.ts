import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { HeldDeposit } from '@bahati/contracts';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { type Auth, TestApi } from './app.test-support';

jest.setTimeout(90_000);

const REASON = 'Checked the source of funds with the player';

/*
 * Deposits that would take a bank past MAX_BANK_SATS are held; an admin releases one (with a reason, and a
 * confirmation while it still passes the limit) or refunds it (to an address or a payment request, with a
 * reason), through the HTTP API, with the development chain and node standing in.
 */
describeEachDatabase('deposits held for review', (db) => {
  const api = new TestApi(db, `held_${randomBytes(5).toString('hex')}`, {
    ADMIN_EMAILS: 'boss@example.com', DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-held-')), MAX_BANK_SATS: '100000',
  });
  beforeAll(() => api.start());
  afterAll(() => api.stop());

  const now = new Date();
  const ledgerToday = `/api/players/ledger?d=${now.getUTCDate()}&m=${now.getUTCMonth() + 1}&y=${now.getUTCFullYear()}&o=0`;
  const held = async (boss: Auth) => {
    const res = await api.get(boss, '/api/admin/held-deposits');
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json() as HeldDeposit[];
  };
  const bank = async (auth: Auth) => (await api.get(auth, '/api/players/bank')).json() as number;
  const outside = {
    invoice: async (amount: number) => (await api.inject({ method: 'POST', url: '/api/dev/outside/invoice', payload: { amount } })).json().paymentRequest as string,
    address: async () => (await api.inject({ method: 'POST', url: '/api/dev/outside/address' })).json().address as string,
  };

  /** A player with 90,000 sats whose deposit of `amount` more over Lightning is held. */
  async function heldPlayer(email: string, amount = 30_000) {
    const p = await api.signIn(email);
    await api.verifyPhone(p.auth);
    await api.deposit(p.auth, 90_000);
    await api.deposit(p.auth, amount);
    await api.caughtUp();
    return p;
  }

  it('lists a held deposit for admins with the figures, and credits it once, with a reason and a confirmation past the limit', async () => {
    const boss = await api.signIn('boss@example.com');
    const p = await heldPlayer('held@example.com');
    expect(await bank(p.auth)).toBe(90_000);

    expect((await api.get(p.auth, '/api/admin/held-deposits')).statusCode).toBe(403);
    const [row] = (await held(boss.auth)).filter((h) => h.playerId === p.id);
    expect(row).toMatchObject({ method: 'lightning', amount: 30_000, bank: 90_000, maxBank: 100_000, email: 'held@example.com', status: 'Held', reason: null });

    const release = (body: object, auth = boss.auth) => api.post(auth, '/api/admin/held-deposits/release', { playerId: p.id, method: 'lightning', id: row!.id, ...body });
    expect((await release({ reason: REASON, confirmPastLimit: true }, p.auth)).statusCode).toBe(403);
    expect((await release({ id: 'no-such-invoice', reason: REASON, confirmPastLimit: true })).statusCode).toBe(404);
    const noReason = await release({ confirmPastLimit: true });
    expect([noReason.statusCode, noReason.json().error]).toEqual([400, 'ValidationFailed']);
    const unconfirmed = await release({ reason: REASON });
    expect([unconfirmed.statusCode, unconfirmed.json().error]).toEqual([409, 'PastLimitNotConfirmed']);
    expect(await bank(p.auth)).toBe(90_000);

    const released = await release({ reason: REASON, confirmPastLimit: true });
    expect(released.statusCode).toBe(200);
    expect((released.json() as HeldDeposit[]).find((h) => h.id === row!.id)).toMatchObject({ status: 'Released', reason: REASON, bank: 120_000 });
    expect(await bank(p.auth)).toBe(120_000);
    expect((await release({ reason: REASON, confirmPastLimit: true })).statusCode).toBe(200);
    expect(await bank(p.auth)).toBe(120_000);
    const ledger = (await api.get(p.auth, ledgerToday)).json() as { amount: number }[];
    expect(ledger.map((e) => e.amount).sort()).toEqual([30_000, 90_000]);
    // Released, it can no longer be refunded.
    const refund = await api.post(boss.auth, '/api/admin/held-deposits/refund', { playerId: p.id, method: 'lightning', id: row!.id, target: await outside.invoice(30_000), reason: REASON });
    expect([refund.statusCode, refund.json().error]).toEqual([409, 'Conflict']);

    const audit = (await api.get(boss.auth, `/api/admin/audit-log?player=${p.id}`)).json() as { items: { action: string; reason: string; amount: number }[] };
    expect(audit.items).toEqual([expect.objectContaining({ action: 'HeldDepositReleased', reason: REASON, amount: 30_000 })]);
  });

  it('refunds a held Lightning deposit to a payment request once, never crediting it; the player sees it Returned', async () => {
    const boss = await api.signIn('boss@example.com');
    const p = await heldPlayer('refund-ln@example.com', 40_000);
    const [row] = (await held(boss.auth)).filter((h) => h.playerId === p.id);
    const refund = (body: object) => api.post(boss.auth, '/api/admin/held-deposits/refund', { playerId: p.id, method: 'lightning', id: row!.id, reason: REASON, ...body });

    const wrongAmount = await refund({ target: await outside.invoice(39_999) });
    expect([wrongAmount.statusCode, wrongAmount.json().error]).toEqual([400, 'InvalidPaymentRequest']);
    expect((await refund({ target: await outside.address() })).json().error).toBe('InvalidPaymentRequest');
    expect((await refund({ target: await outside.invoice(40_000), reason: 'no' })).json().error).toBe('ValidationFailed');

    const target = await outside.invoice(40_000);
    const [first, second] = await Promise.all([refund({ target }), refund({ target })]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const done = (await held(boss.auth)).find((h) => h.id === row!.id)!;
    expect(done).toMatchObject({ status: 'Refunded', reason: REASON, target, reference: expect.any(String), failure: null });
    expect((await refund({ target })).statusCode).toBe(200);
    expect((await refund({ target: await outside.invoice(40_000) })).json().error).toBe('Conflict');

    expect(await bank(p.auth)).toBe(90_000);
    const invoices = (await api.get(p.auth, '/api/players/getlightninginvoices')).json() as { status: string; amount: number }[];
    expect(invoices.map((i) => i.status).sort()).toEqual(['Returned', 'Settled']);
    expect(((await api.get(p.auth, ledgerToday)).json() as { amount: number }[]).map((e) => e.amount)).toEqual([90_000]);
    const release = await api.post(boss.auth, '/api/admin/held-deposits/release', { playerId: p.id, method: 'lightning', id: row!.id, reason: REASON, confirmPastLimit: true });
    expect([release.statusCode, release.json().error]).toEqual([409, 'Conflict']);
    expect(await bank(p.auth)).toBe(90_000);

    const audit = (await api.get(boss.auth, `/api/admin/audit-log?player=${p.id}`)).json() as { items: { action: string; reason: string; before: string; after: string }[] };
    expect(audit.items).toEqual([expect.objectContaining({ action: 'HeldDepositRefunded', reason: REASON, before: 'Held', after: 'Returned' })]);
  });

  it('refunds a held on-chain deposit to an address of the network; a failed payout is kept with its reason and retried, paying once', async () => {
    const boss = await api.signIn('boss@example.com');
    const p = await api.signIn('refund-chain@example.com');
    await api.verifyPhone(p.auth);
    await api.deposit(p.auth, 90_000);
    const { address } = (await api.get(p.auth, '/api/players/getbitcoinaddress')).json() as { address: string };
    const paid = await api.inject({ method: 'POST', url: '/api/dev/bitcoin/pay', payload: { address, amount: 50_000, confirmations: 6 } });
    const { txid } = paid.json() as { txid: string };
    await api.caughtUp();
    const [row] = (await held(boss.auth)).filter((h) => h.playerId === p.id);
    expect(row).toMatchObject({ method: 'bitcoin', id: `${txid}:0`, amount: 50_000, status: 'Held' });
    const refund = (target: string) => api.post(boss.auth, '/api/admin/held-deposits/refund', { playerId: p.id, method: 'bitcoin', id: row!.id, target, reason: REASON });

    for (const target of ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'not an address', address]) {
      expect([target, (await refund(target)).json().error]).toEqual([target, 'InvalidAddress']);
    }

    await api.inject({ method: 'POST', url: '/api/dev/lightning/refuse-payouts', payload: { count: 1, reason: 'wallet locked' } });
    const back = await outside.address();
    const failed = await refund(back);
    expect([failed.statusCode, failed.json().error]).toEqual([502, 'PayoutFailed']);
    expect((await held(boss.auth)).find((h) => h.id === row!.id)).toMatchObject({ status: 'RefundFailed', failure: 'wallet locked', target: back });
    // Neither credited nor releasable while its refund is pending.
    expect((await api.post(boss.auth, '/api/admin/held-deposits/release', { playerId: p.id, method: 'bitcoin', id: row!.id, reason: REASON, confirmPastLimit: true })).statusCode).toBe(409);

    const retry = () => api.post(boss.auth, '/api/admin/held-deposits/refund-retry', { playerId: p.id, method: 'bitcoin', id: row!.id });
    const retried = await retry();
    expect(retried.statusCode).toBe(200);
    expect((retried.json() as HeldDeposit[]).find((h) => h.id === row!.id)).toMatchObject({ status: 'Refunded', reference: expect.any(String), failure: null });
    const reference = (await held(boss.auth)).find((h) => h.id === row!.id)!.reference;
    expect((await retry()).statusCode).toBe(200);
    expect((await held(boss.auth)).find((h) => h.id === row!.id)!.reference).toBe(reference);

    expect(await bank(p.auth)).toBe(90_000);
    const deposits = (await api.get(p.auth, '/api/players/deposits')).json() as { status: string }[];
    expect(deposits.map((d) => d.status)).toEqual(['Returned']);
    const audit = (await api.get(boss.auth, `/api/admin/audit-log?player=${p.id}`)).json() as { items: { action: string }[] };
    expect(audit.items.map((i) => i.action)).toEqual(['PayoutRetried', 'HeldDepositRefunded']);
  });
});
