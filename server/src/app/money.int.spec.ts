import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';

jest.setTimeout(60_000);
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as bolt11 from 'bolt11';
import { type Kysely, sql } from 'kysely';
import type { PlayerPushEvent } from '@bahati/contracts';
import { describeEachStorage } from './app-storage.test-support';
import type { Database } from '../adapters/db/database';
import { BitcoinDeposits } from '../application/money/bitcoin-deposits';
import { DevRails } from '../adapters/dev-rails';
import { PlayerEventsHub } from '../application/money/player-events';
import { BOLT11_NETWORKS } from '../adapters/lightning/dev-lightning-node';
import { DatabaseToken, EventStoreToken } from '../config/tokens';
import type { EventStore } from '../application/ports/event-store';
import { AccountCommands } from '../application/account-commands';
import { accountStream } from '../domain/account/account';
import { loadConfig } from '../config/config';
import type { ReadModels } from '../projections/schema';
import { ProjectionTiers } from '../projections/tiers';
import { createApp } from './create-app';

type Inject = NestFastifyApplication['inject'];

describeEachStorage('money in and out', (storage) => {
  let app: NestFastifyApplication;
  let inject: Inject;
  let kysely: Kysely<ReadModels>;
  const schema = `money_${randomBytes(5).toString('hex')}`;
  let phoneSeq = 0;

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-money-')),
      ADMIN_EMAILS: storage.email('boss@example.com'),
      LOG_LEVEL: 'silent',
      CLIENT_DIST: join(tmpdir(), 'no-client-here'),
      PRICE_SOURCE: 'fixed',
      BLOCKED_COUNTRIES: 'US,fr',
      ...storage.env(schema),
    };
    app = await createApp(loadConfig(env), { bufferLogs: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    inject = app.inject.bind(app);
    kysely = app.get<Database>(DatabaseToken).kysely as Kysely<ReadModels>;
  });

  afterAll(async () => {
    await app.close();
    await storage.drop(schema);
  });

  async function signIn(email: string): Promise<{ jwt: string; auth: { authorization: string }; id: string }> {
    const token = await inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: storage.email(email) } });
    const login = await inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token.json().idToken, photoUrl: null } });
    expect(login.statusCode).toBe(200);
    const jwt = login.json().jwt as string;
    const auth = { authorization: `Bearer ${jwt}` };
    const me = await inject({ method: 'GET', url: '/api/players/1234', headers: auth });
    return { jwt, auth, id: me.json().id };
  }

  const nextPhone = () => storage.phone(phoneSeq++);

  async function verifyPhone(auth: { authorization: string }, phone = nextPhone()): Promise<string> {
    const begin = await inject({ method: 'POST', url: '/api/players/beginphoneverify', headers: auth, payload: { phoneNumber: phone.slice(2), countryCode: 'us' } });
    expect(begin.statusCode).toBe(200);
    expect(begin.json()).toEqual({ phoneNumber: phone });
    const code = await inject({ method: 'GET', url: `/api/dev/phone-code?phoneNumber=${encodeURIComponent(phone)}` });
    const res = await inject({ method: 'POST', url: '/api/players/verifycode', headers: auth, payload: { code: code.json().code } });
    expect(res.json()).toEqual({ status: 'Approved' });
    return phone;
  }

  async function fund(auth: { authorization: string }, amount: number): Promise<void> {
    const inv = await inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: auth, payload: { amount: String(amount) } });
    expect(inv.statusCode).toBe(200);
    const settled = await inject({ method: 'POST', url: '/api/dev/lightning/settle', payload: { paymentRequest: inv.json().paymentRequest } });
    expect(settled.statusCode).toBe(200);
  }

  /** Read models follow the events within moments; these checks read them once they have caught up. */
  /** Every read model at the newest event stored (on PostgreSQL even while another session's open transaction hides it a moment). */
  const caughtUp = async () => {
    const store = app.get<EventStore>(EventStoreToken);
    const head =
      store.kind === 'eventstoredb'
        ? await store.headCheckpoint()
        : ((await sql<{ checkpoint: string }>`select transaction_id::text || ':' || position as checkpoint from es_events order by transaction_id desc, position desc limit 1`.execute(kysely)).rows[0]?.checkpoint ?? null);
    expect(await app.get(ProjectionTiers).waitForAll(head, 10_000)).toBe(true);
  };
  const bank = async (auth: { authorization: string }) => {
    await caughtUp();
    return (await inject({ method: 'GET', url: '/api/players/bank', headers: auth })).json() as number;
  };
  const ledgerSum = async (playerId: string) => {
    await caughtUp();
    const row = await kysely.selectFrom('ledger_entries').select((eb) => eb.fn.sum<string>('amount').as('sum')).where('player_id', '=', playerId).executeTakeFirst();
    return Number(row?.sum ?? 0);
  };

  it('verifies a phone: wrong code, right code, and the number stays linked to one account', async () => {
    const ana = await signIn('ana@example.com');
    const bad = await inject({ method: 'POST', url: '/api/players/beginphoneverify', headers: ana.auth, payload: { phoneNumber: '123', countryCode: 'us' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('InvalidPhoneNumber');
    const phone = nextPhone();
    await inject({ method: 'POST', url: '/api/players/beginphoneverify', headers: ana.auth, payload: { phoneNumber: phone, countryCode: 'KE' } });
    const code = (await inject({ method: 'GET', url: `/api/dev/phone-code?phoneNumber=${phone}` })).json().code as string;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await inject({ method: 'POST', url: '/api/players/verifycode', headers: ana.auth, payload: { code: wrong } })).json()).toEqual({ status: 'WrongCode' });
    expect((await inject({ method: 'POST', url: '/api/players/verifycode', headers: ana.auth, payload: { code: '12' } })).statusCode).toBe(400);
    expect((await inject({ method: 'POST', url: '/api/players/verifycode', headers: ana.auth, payload: { code } })).json()).toEqual({ status: 'Approved' });
    expect((await inject({ method: 'GET', url: '/api/players/1234', headers: ana.auth })).json().verifiedPhoneNumber).toBe(phone);

    const other = await inject({ method: 'POST', url: '/api/players/beginphoneverify', headers: ana.auth, payload: { phoneNumber: nextPhone(), countryCode: 'us' } });
    expect(other.json().error).toBe('PhoneDoesNotMatch');
    const ben = await signIn('ben@example.com');
    const dup = await inject({ method: 'POST', url: '/api/players/beginphoneverify', headers: ben.auth, payload: { phoneNumber: phone, countryCode: 'us' } });
    expect(dup.json().error).toBe('DuplicatePhone');
  });

  it('asks for a verified phone before any deposit or withdrawal', async () => {
    const { auth } = await signIn('unverified@example.com');
    for (const req of [
      { method: 'GET' as const, url: '/api/players/getbitcoinaddress' },
      { method: 'POST' as const, url: '/api/players/lightningaddinvoice', payload: { amount: '5000' } },
      { method: 'POST' as const, url: '/api/players/withdraw', payload: { amount: 5000, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' } },
    ]) {
      const res = await inject({ ...req, headers: auth });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('PhoneVerifyRequired');
    }
  });

  it('credits an on-chain deposit once, at the configured confirmations, however often it is seen', async () => {
    const p = await signIn('chain@example.com');
    await verifyPhone(p.auth);
    const first = await inject({ method: 'GET', url: '/api/players/getbitcoinaddress', headers: p.auth });
    const { address } = first.json();
    expect(address).toMatch(/^bcrt1q/);
    expect((await inject({ method: 'GET', url: '/api/players/getbitcoinaddress', headers: p.auth })).json().address).toBe(address);
    const q = await signIn('chain2@example.com');
    await verifyPhone(q.auth);
    expect((await inject({ method: 'GET', url: '/api/players/getbitcoinaddress', headers: q.auth })).json().address).not.toBe(address);

    const pay = await inject({ method: 'POST', url: '/api/dev/bitcoin/pay', payload: { address, amount: 25_000, confirmations: 0 } });
    const { txid } = pay.json();
    let deposits = (await inject({ method: 'GET', url: '/api/players/deposits', headers: p.auth })).json();
    expect(deposits).toEqual([expect.objectContaining({ transactionId: txid, depositAmount: 25_000, status: 'Pending' })]);
    expect(await bank(p.auth)).toBe(0);

    await inject({ method: 'POST', url: '/api/dev/bitcoin/confirm', payload: { txid, confirmations: 1 } });
    const watcher = app.get(BitcoinDeposits);
    const output = { txid, vout: 0, address, amount: 25_000, confirmations: 3 };
    for (let i = 0; i < 3; i++) await watcher.record(p.id, output, { correlationId: 'replay' });
    await watcher.poll();
    deposits = (await inject({ method: 'GET', url: '/api/players/deposits', headers: p.auth })).json();
    expect(deposits).toEqual([expect.objectContaining({ transactionId: txid, status: 'Deposited' })]);
    expect(await bank(p.auth)).toBe(25_000);
    expect(await ledgerSum(p.id)).toBe(25_000);
  });

  it('takes Lightning deposits: validates the amount, answers the long poll when paid, credits once', async () => {
    const p = await signIn('bolt@example.com');
    await verifyPhone(p.auth);
    for (const amount of ['abc', '-5', '1.5', '', '99999999999999999999', 2.5, null]) {
      const res = await inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: p.auth, payload: { amount } });
      // Spec §5: a server rule arrives as a code of §8.
      expect([res.statusCode, res.json().error]).toEqual([400, 'InvalidAmount']);
    }
    const small = await inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: p.auth, payload: { amount: '999' } });
    expect([small.statusCode, small.json().error]).toEqual([400, 'InvalidAmount']);
    expect(small.json().message).toContain('Deposit Amount must be at least 1000 Satoshis.');
    expect((await inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: p.auth, payload: {} })).statusCode).toBe(400);

    const inv = (await inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: p.auth, payload: { amount: '12000' } })).json();
    expect(inv.paymentRequest).toMatch(/^lnbcrt120u1/);
    const decoded = bolt11.decode(inv.paymentRequest);
    expect(decoded.satoshis).toBe(12_000);
    expect(decoded.tagsObject.payment_hash).toBe(inv.id);

    const pushed: PlayerPushEvent[] = [];
    const stop = await app.get(PlayerEventsHub).listen(p.id, (e) => pushed.push(e));
    const waiting = inject({ method: 'POST', url: '/api/players/invoice', headers: p.auth, payload: { id: inv.id } });
    await new Promise((r) => setTimeout(r, 300));
    await inject({ method: 'POST', url: '/api/dev/lightning/settle', payload: { paymentRequest: inv.paymentRequest } });
    expect((await waiting).json()).toEqual({ id: inv.id, status: 'Settled', amount: 12_000 });
    await inject({ method: 'POST', url: '/api/dev/lightning/settle', payload: { paymentRequest: inv.paymentRequest } });
    expect(await bank(p.auth)).toBe(12_000);
    expect(await ledgerSum(p.id)).toBe(12_000);
    const list = (await inject({ method: 'GET', url: '/api/players/getlightninginvoices', headers: p.auth })).json();
    expect(list).toEqual([expect.objectContaining({ id: inv.id, amount: 12_000, status: 'Settled', paymentRequest: inv.paymentRequest })]);
    for (let i = 0; i < 40 && !pushed.some((e) => e.type === 'BankChanged'); i++) await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(pushed).toEqual(expect.arrayContaining([{ type: 'InvoiceSettled', id: inv.id, amount: 12_000 }, { type: 'BankChanged', bank: 12_000 }]));
    const other = await signIn('bolt-other@example.com');
    expect((await inject({ method: 'POST', url: '/api/players/invoice', headers: other.auth, payload: { id: inv.id } })).statusCode).toBe(404);
  });

  it("refuses a withdrawal to one of our own deposit addresses or invoices, any player's, before it reaches review, and at approval", async () => {
    const p = await signIn('self-pay@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 20_000);
    const other = await signIn('self-pay-other@example.com');
    await verifyPhone(other.auth);
    const { address } = (await inject({ method: 'GET', url: '/api/players/getbitcoinaddress', headers: other.auth })).json();
    const { address: mine } = (await inject({ method: 'GET', url: '/api/players/getbitcoinaddress', headers: p.auth })).json();
    const invoice = (await inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: other.auth, payload: { amount: '2000' } })).json();
    const ownInvoice = (await inject({ method: 'POST', url: '/api/players/lightningaddinvoice', headers: p.auth, payload: { amount: '3000' } })).json();
    await caughtUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 2000, address }, 'InvalidAddress'],
      [{ amount: 2000, address: address.toUpperCase() }, 'InvalidAddress'],
      [{ amount: 2000, address: mine }, 'InvalidAddress'],
      [{ amount: 2000, paymentRequest: invoice.paymentRequest }, 'InvalidPaymentRequest'],
      [{ amount: 3000, paymentRequest: ownInvoice.paymentRequest }, 'InvalidPaymentRequest'],
    ];
    for (const [payload, error] of cases) {
      const res = await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload });
      expect({ payload, status: res.statusCode, error: res.json().error }).toEqual({ payload, status: 400, error });
    }
    expect(await bank(p.auth)).toBe(20_000);
    expect((await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json()).toEqual([]);

    // A request to one of our addresses recorded anyway (before this check, or racing the address's assignment) is not paid.
    const boss = await signIn('boss@example.com');
    const store = app.get<EventStore>(EventStoreToken);
    const withdrawalId = randomUUID();
    const { checkpoint } = await store.appendToStream(accountStream(p.id), [
      { id: randomUUID(), type: 'WithdrawalRequested', data: { withdrawalId, method: 'bitcoin', amount: 5000, target: address, requestedAt: new Date().toISOString() }, metadata: { correlationId: 'test' } },
    ]);
    app.get(AccountCommands).snapshots.clearCache();
    // Its own checkpoint, not "no lag": on a shared server another session's open transaction can hide it a moment.
    expect(await app.get(ProjectionTiers).waitForAll(checkpoint, 10_000)).toBe(true);
    const approval = await inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${withdrawalId}`, headers: boss.auth });
    expect(approval.json()).toMatchObject({ statusCode: 400, error: 'InvalidAddress' });
    expect(app.get(DevRails).node!.payouts[withdrawalId]).toBeUndefined();
    const declined = await inject({ method: 'PUT', url: `/api/players/declinewithdrawrequest?id=${withdrawalId}`, headers: boss.auth });
    expect(declined.statusCode).toBe(200);
    expect(await bank(p.auth)).toBe(20_000);
  });

  it('refuses bad withdrawals with the spec errors and records nothing', async () => {
    const p = await signIn('bad-withdraw@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 10_000);
    const addr = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
    const node = app.get(DevRails).node!;
    const otherNet = bolt11.sign(bolt11.encode({ network: BOLT11_NETWORKS.mainnet, satoshis: 2000, tags: [{ tagName: 'payment_hash', data: 'a'.repeat(64) }, { tagName: 'description', data: 'x' }] }), '11'.repeat(32)).paymentRequest!;
    const expired = bolt11.sign(bolt11.encode({ network: BOLT11_NETWORKS.regtest, satoshis: 2000, timestamp: Math.floor(Date.now() / 1000) - 7200, tags: [{ tagName: 'payment_hash', data: 'b'.repeat(64) }, { tagName: 'description', data: 'x' }, { tagName: 'expire_time', data: 60 }] }), '11'.repeat(32)).paymentRequest!;
    const twoThousand = (await node.createInvoice(2000, 'payout', 3600)).paymentRequest;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: 'abc', address: addr }, 400, 'InvalidAmount'],
      [{ amount: -5, address: addr }, 400, 'InvalidAmount'],
      [{ amount: 0, address: addr }, 400, 'InvalidAmount'],
      [{ amount: 1.5, address: addr }, 400, 'InvalidAmount'],
      [{ amount: 1e30, address: addr }, 400, 'InvalidAmount'],
      [{ address: addr }, 400, 'InvalidAmount'],
      [{ amount: 2000 }, 400, 'InvalidAddress'],
      [{ amount: 2000, address: addr, paymentRequest: twoThousand }, 400, 'InvalidAddress'],
      [{ amount: 'x', paymentRequest: 'y'.repeat(3000) }, 400, 'ValidationFailed'],
      [{ amount: 2000, paymentRequest: 'y'.repeat(3000) }, 400, 'InvalidPaymentRequest'],
      [{ amount: 2000, address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' }, 400, 'InvalidAddress'],
      [{ amount: 2000, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt081' }, 400, 'InvalidAddress'],
      [{ amount: 2000, address: 'not an address at all' }, 400, 'InvalidAddress'],
      [{ amount: 999, address: addr }, 400, 'InvalidAmount'],
      [{ amount: 20_000, address: addr }, 400, 'BankTooLow'],
      [{ amount: 2000, paymentRequest: 'lnbcrt-garbage-request' }, 400, 'InvalidPaymentRequest'],
      [{ amount: 2000, paymentRequest: 'hello world' }, 400, 'InvalidPaymentRequest'],
      [{ amount: 2000, paymentRequest: otherNet }, 400, 'InvalidPaymentRequest'],
      [{ amount: 2000, paymentRequest: expired }, 400, 'InvalidPaymentRequest'],
      [{ amount: 3000, paymentRequest: twoThousand }, 400, 'InvalidPaymentRequest'],
    ];
    for (const [payload, status, error] of cases) {
      const res = await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload });
      expect({ payload, status: res.statusCode, error: res.json().error }).toEqual({ payload, status, error });
    }
    // A request for another amount says so, with both amounts, for the player's own language.
    const mismatch = await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 3000, paymentRequest: twoThousand } });
    expect(mismatch.json()).toMatchObject({ error: 'InvalidPaymentRequest', detail: { reason: 'AmountMismatch', requested: 2000, amount: 3000 } });
    expect(await bank(p.auth)).toBe(10_000);
    expect((await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json()).toEqual([]);

    const ok = await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 2000, paymentRequest: twoThousand } });
    expect(ok.json()).toBe(8000);
    const again = await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 2000, paymentRequest: twoThousand } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('PaymentRequestAlreadyExists');
    const q = await signIn('bad-withdraw-2@example.com');
    await verifyPhone(q.auth);
    await fund(q.auth, 5000);
    expect((await inject({ method: 'POST', url: '/api/players/withdraw', headers: q.auth, payload: { amount: 2000, paymentRequest: twoThousand } })).json().error).toBe('PaymentRequestAlreadyExists');
    expect(await bank(p.auth)).toBe(8000);
    expect(await ledgerSum(p.id)).toBe(8000);
  });

  it('records a double-clicked withdrawal once (same Idempotency-Key)', async () => {
    const p = await signIn('double@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 10_000);
    const payload = { amount: 4000, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' };
    const headers = { ...p.auth, 'idempotency-key': 'click-123' };
    const answers = await Promise.all([1, 2, 3].map(() => inject({ method: 'POST', url: '/api/players/withdraw', headers, payload })));
    expect(answers.map((a) => a.json())).toEqual([6000, 6000, 6000]);
    expect((await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json()).toHaveLength(1);
    expect(await bank(p.auth)).toBe(6000);
  });

  it('shows a failed payout as failed, with the node\'s reason to admins only, until approving again pays it', async () => {
    const p = await signIn('payout-failed@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 10_000);
    const boss = await signIn('boss@example.com');
    const node = app.get(DevRails).node!;
    const pr = (await node.createInvoice(4000, 'payout', 3600)).paymentRequest;
    await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 4000, paymentRequest: pr } });
    const [{ id }] = (await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json() as [{ id: string }];
    const pay = jest.spyOn(node, 'pay').mockRejectedValueOnce(new Error('no route to the destination'));
    try {
      const refused = await inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${id}`, headers: boss.auth });
      expect([refused.statusCode, refused.json().error]).toEqual([502, 'PayoutFailed']);
      const adminRow = () => inject({ method: 'GET', url: '/api/players/adminwithdrawrequests', headers: boss.auth }).then((r) => (r.json() as { id: string }[]).find((w) => w.id === id));
      expect(await adminRow()).toMatchObject({ status: 'Approved', paid: false, payout: 'Failed', payoutError: 'no route to the destination' });
      const own = (await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json() as { id: string }[];
      expect(own.find((w) => w.id === id)).toMatchObject({ status: 'Approved', payout: 'Failed', payoutError: null });

      const retried = await inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${id}`, headers: boss.auth });
      expect(retried.json()).toMatchObject({ status: 'Approved', paid: true, payout: 'Paid', payoutError: null });
      expect(await adminRow()).toMatchObject({ payout: 'Paid', payoutError: null, reference: bolt11.decode(pr).tagsObject.payment_hash });
      expect(pay).toHaveBeenCalledTimes(2);
    } finally {
      pay.mockRestore();
    }
    expect(await bank(p.auth)).toBe(6000);
  });

  it('declines and refunds an approved request whose payout failed, only while the node confirms it paid nothing', async () => {
    const p = await signIn('payout-dead@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 10_000);
    const boss = await signIn('boss@example.com');
    const node = app.get(DevRails).node!;
    const pr = (await node.createInvoice(4000, 'payout', 3600)).paymentRequest;
    await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 4000, paymentRequest: pr } });
    const [{ id }] = (await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json() as [{ id: string }];
    const pay = jest.spyOn(node, 'pay').mockRejectedValueOnce(new Error('invoice expired'));
    const made = jest.spyOn(node, 'payoutMade');
    try {
      expect((await inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${id}`, headers: boss.auth })).json().error).toBe('PayoutFailed');
      // The node says a payment may still be in flight: not declined, nothing refunded.
      made.mockResolvedValueOnce('inFlight');
      const inFlight = await inject({ method: 'PUT', url: `/api/players/declinewithdrawrequest?id=${id}`, headers: boss.auth, payload: { reason: 'The payment request expired' } });
      expect([inFlight.statusCode, inFlight.json().error]).toEqual([409, 'Conflict']);
      expect(await bank(p.auth)).toBe(6000);

      const declined = await inject({ method: 'PUT', url: `/api/players/declinewithdrawrequest?id=${id}`, headers: boss.auth, payload: { reason: 'The payment request expired' } });
      expect(declined.json()).toMatchObject({ status: 'Declined', paid: false, decisionReason: 'The payment request expired' });
      expect(made).toHaveBeenLastCalledWith('lightning', pr, id);
      // Declined, it is never paid.
      expect((await inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${id}`, headers: boss.auth })).statusCode).toBe(409);
      expect(pay).toHaveBeenCalledTimes(1);
      const log = (await inject({ method: 'GET', url: `/api/admin/audit-log?player=${p.id}&action=WithdrawalDeclined`, headers: boss.auth })).json() as { items: { before: string; after: string }[] };
      expect(log.items.map((e) => [e.before, e.after])).toEqual([['Failed', 'Declined']]);
    } finally {
      pay.mockRestore();
      made.mockRestore();
    }
    expect(await bank(p.auth)).toBe(10_000);
    expect(await ledgerSum(p.id)).toBe(10_000);
  });

  it('refuses to approve a Lightning request whose payment request has run out, and a decline refunds it', async () => {
    const p = await signIn('payout-late@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 10_000);
    const boss = await signIn('boss@example.com');
    const node = app.get(DevRails).node!;
    // Payable when asked for, but it runs out within the minute an approval needs to pay it.
    const pr = (await node.createInvoice(3000, 'payout', 20)).paymentRequest;
    expect((await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 3000, paymentRequest: pr } })).json()).toBe(7000);
    const [{ id }] = (await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json() as [{ id: string }];
    const pay = jest.spyOn(node, 'pay');
    try {
      const refused = await inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${id}`, headers: boss.auth });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'InvalidPaymentRequest', detail: { reason: 'Expired' } });
      expect(pay).not.toHaveBeenCalled();
      const row = (await inject({ method: 'GET', url: '/api/players/adminwithdrawrequests', headers: boss.auth })).json() as { id: string }[];
      expect(row.find((w) => w.id === id)).toMatchObject({ status: 'Created', paid: false, payout: 'None' });

      const declined = await inject({ method: 'PUT', url: `/api/players/declinewithdrawrequest?id=${id}`, headers: boss.auth, payload: { reason: 'The payment request ran out' } });
      expect(declined.json()).toMatchObject({ status: 'Declined' });
    } finally {
      pay.mockRestore();
    }
    expect(await bank(p.auth)).toBe(10_000);
    expect(await ledgerSum(p.id)).toBe(10_000);
  });

  it('never overdraws an account under 50 parallel withdrawals, and the ledger sums to the bank', async () => {
    const p = await signIn('parallel@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 20_000);
    const payload = { amount: 1500, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload })));
    const ok = answers.filter((a) => a.statusCode === 200).length;
    // One process queues one account's commands: the requests past the money are refused, none is lost to contention.
    expect(answers.every((a) => a.statusCode === 200 || a.json().error === 'BankTooLow')).toBe(true);
    expect(ok).toBe(13);
    const final = await bank(p.auth);
    expect(final).toBe(20_000 - ok * 1500);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(p.id)).toBe(final);
    expect((await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json()).toHaveLength(ok);
  });

  it('answers every one of 50 parallel valid withdrawals on one account with 200, never 409', async () => {
    const p = await signIn('burst@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 50 * 1500 + 1000);
    const payload = { amount: 1500, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload })));
    expect(answers.map((a) => (a.statusCode === 200 ? 200 : `${a.statusCode} ${a.body}`))).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await bank(p.auth)).toBe(1000);
    expect(await ledgerSum(p.id)).toBe(1000);
    expect((await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json()).toHaveLength(50);
  });

  it('lets only admins decide; decline refunds; approve pays once however often it is repeated', async () => {
    const p = await signIn('payout@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 20_000);
    const boss = await signIn('boss@example.com');
    const node = app.get(DevRails).node!;
    const pr = (await node.createInvoice(5000, 'payout', 3600)).paymentRequest;
    await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 5000, paymentRequest: pr } });
    await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 3000, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' } });
    expect(await bank(p.auth)).toBe(12_000);
    const mine = (await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json() as { id: string; method: string; status: string; statusCode: number }[];
    expect(mine.map((w) => [w.status, w.statusCode])).toEqual([['Created', 0], ['Created', 0]]);
    const ln = mine.find((w) => w.method === 'lightning')!;
    const chain = mine.find((w) => w.method === 'bitcoin')!;

    expect((await inject({ method: 'GET', url: '/api/players/adminwithdrawrequests', headers: p.auth })).statusCode).toBe(403);
    expect((await inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${ln.id}`, headers: p.auth })).statusCode).toBe(403);
    expect((await inject({ method: 'PUT', url: '/api/players/approvewithdrawrequest?id=nope', headers: boss.auth })).statusCode).toBe(404);
    expect((await inject({ method: 'PUT', url: '/api/players/approvewithdrawrequest', headers: boss.auth })).statusCode).toBe(400);

    const approvals = await Promise.all([1, 2, 3].map(() => inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${ln.id}`, headers: boss.auth })));
    const again = await inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${ln.id}`, headers: boss.auth });
    const hash = bolt11.decode(pr).tagsObject.payment_hash;
    for (const a of [...approvals, again]) expect(a.json()).toMatchObject({ id: ln.id, status: 'Approved', statusCode: 1, paid: true, payout: 'Paid', reference: hash, reviewerId: boss.id });
    expect(Object.keys(node.payouts).filter((k) => k === ln.id)).toHaveLength(1);
    expect((await inject({ method: 'PUT', url: `/api/players/declinewithdrawrequest?id=${ln.id}`, headers: boss.auth })).statusCode).toBe(409);

    const declined = await inject({ method: 'PUT', url: `/api/players/declinewithdrawrequest?id=${chain.id}`, headers: boss.auth });
    expect(declined.json()).toMatchObject({ id: chain.id, status: 'Declined', statusCode: 2, paid: false, payout: 'None', reference: null });
    expect((await inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${chain.id}`, headers: boss.auth })).statusCode).toBe(409);
    expect(await bank(p.auth)).toBe(15_000);
    expect(await ledgerSum(p.id)).toBe(15_000);
    const all = (await inject({ method: 'GET', url: '/api/players/adminwithdrawrequests', headers: boss.auth })).json() as { playerId: string; email: string }[];
    expect(all.filter((w) => w.playerId === p.id).every((w) => w.email === storage.email('payout@example.com'))).toBe(true);
  });

  it('lets a player cancel their own request while it is in review: refunded at once, Canceled to the player and the admins', async () => {
    const p = await signIn('cancel@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 30_000);
    const boss = await signIn('boss@example.com');
    const stranger = await signIn('cancel-stranger@example.com');
    const address = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
    const node = app.get(DevRails).node!;
    const pr = (await node.createInvoice(4000, 'payout', 3600)).paymentRequest;
    await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 6000, address } });
    await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 4000, paymentRequest: pr } });
    expect(await bank(p.auth)).toBe(20_000);
    const mine = (await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json() as { id: string; method: string }[];
    const chain = mine.find((w) => w.method === 'bitcoin')!;
    const ln = mine.find((w) => w.method === 'lightning')!;
    const cancel = (id: string, auth = p.auth) => inject({ method: 'POST', url: `/api/players/withdrawrequests/${encodeURIComponent(id)}/cancel`, headers: auth });

    // Another player's request, an unknown one, and no session.
    const theirs = await cancel(chain.id, stranger.auth);
    expect([theirs.statusCode, theirs.json().error]).toEqual([404, 'NotFound']);
    expect((await cancel('no-such-request')).statusCode).toBe(404);
    expect((await inject({ method: 'POST', url: `/api/players/withdrawrequests/${chain.id}/cancel` })).statusCode).toBe(401);
    expect(await bank(p.auth)).toBe(20_000);

    const canceled = await cancel(chain.id);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ bank: 26_000, request: { id: chain.id, status: 'Canceled', statusCode: 3, paid: false, payout: 'None', reviewerId: null, amount: 6000 } });
    expect(canceled.json().request.decisionTime).toEqual(expect.any(String));
    // Repeating it answers the same and refunds nothing more.
    expect((await cancel(chain.id)).json()).toMatchObject({ bank: 26_000, request: { status: 'Canceled' } });
    expect(await bank(p.auth)).toBe(26_000);
    expect(await ledgerSum(p.id)).toBe(26_000);
    const refund = await kysely.selectFrom('ledger_entries').selectAll().where('player_id', '=', p.id).where('type', '=', 'WithdrawRefund').execute();
    expect(refund.map((r) => [Number(r.amount), r.reference])).toEqual([[6000, chain.id]]);

    // The admins see it cancelled and can no longer decide it.
    const adminRow = (await inject({ method: 'GET', url: '/api/players/adminwithdrawrequests', headers: boss.auth })).json().find((w: { id: string }) => w.id === chain.id);
    expect(adminRow).toMatchObject({ status: 'Canceled', statusCode: 3, email: storage.email('cancel@example.com') });
    for (const action of ['approvewithdrawrequest', 'declinewithdrawrequest']) {
      const refused = await inject({ method: 'PUT', url: `/api/players/${action}?id=${chain.id}`, headers: boss.auth });
      expect(refused.statusCode).toBe(409);
    }
    expect(node.payouts[chain.id]).toBeUndefined();

    // A request already decided cannot be cancelled: a clear error, nothing refunded.
    await inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${ln.id}`, headers: boss.auth });
    const late = await cancel(ln.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'WithdrawalNotPending', message: expect.stringContaining('approved') });
    expect(await bank(p.auth)).toBe(26_000);
    expect(await ledgerSum(p.id)).toBe(26_000);
  });

  it("frees a cancelled request's Lightning payment request for a new request", async () => {
    const p = await signIn('cancel-ln@example.com');
    await verifyPhone(p.auth);
    await fund(p.auth, 10_000);
    const pr = (await app.get(DevRails).node!.createInvoice(3000, 'payout', 3600)).paymentRequest;
    await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 3000, paymentRequest: pr } });
    const [{ id }] = (await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json() as [{ id: string }];
    expect((await inject({ method: 'POST', url: `/api/players/withdrawrequests/${id}/cancel`, headers: p.auth })).json().bank).toBe(10_000);
    const again = await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount: 3000, paymentRequest: pr } });
    expect([again.statusCode, again.json()]).toEqual([200, 7000]);
  });

  it('lets exactly one of a cancellation and an approval racing for the same request win, every time', async () => {
    const p = await signIn('race@example.com');
    await verifyPhone(p.auth);
    const rounds = 24;
    const amount = 1500;
    await fund(p.auth, rounds * amount);
    const boss = await signIn('boss@example.com');
    const node = app.get(DevRails).node!;
    const address = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
    let expected = rounds * amount;
    const winners = { cancel: 0, approve: 0 };
    for (let round = 0; round < rounds; round++) {
      expect((await inject({ method: 'POST', url: '/api/players/withdraw', headers: p.auth, payload: { amount, address } })).statusCode).toBe(200);
      expected -= amount;
      const [{ id }] = (await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json() as [{ id: string }];
      const cancel = () => inject({ method: 'POST', url: `/api/players/withdrawrequests/${id}/cancel`, headers: p.auth });
      const approve = () => inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${id}`, headers: boss.auth });
      // Either may be sent first, and the second at once or up to 12 ms later (so each wins some rounds).
      const gap = (round % 4) * 4;
      const delayed = <T>(run: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), gap));
      const [canceled, approved] = round % 2 === 0 ? await Promise.all([cancel(), delayed(approve)]) : (await Promise.all([approve(), delayed(cancel)])).reverse();
      const outcome = { cancel: canceled.statusCode, approve: approved.statusCode };
      expect([outcome, canceled.statusCode === 200 ? 'cancel' : approved.statusCode === 200 ? 'approve' : 'none']).toEqual(
        [outcome.cancel === 200 ? { cancel: 200, approve: 409 } : { cancel: 409, approve: 200 }, outcome.cancel === 200 ? 'cancel' : 'approve'],
      );
      if (canceled.statusCode === 200) {
        winners.cancel++;
        expected += amount;
        expect(canceled.json().request.status).toBe('Canceled');
        expect(node.payouts[id]).toBeUndefined();
      } else {
        winners.approve++;
        expect(canceled.json().error).toBe('WithdrawalNotPending');
        expect(approved.json()).toMatchObject({ status: 'Approved', paid: true });
        expect(node.payouts[id]).toBeDefined();
      }
      // The bank is right after every round: never both refunded and paid.
      expect(await bank(p.auth)).toBe(expected);
      expect(await ledgerSum(p.id)).toBe(expected);
    }
    const rows = (await inject({ method: 'GET', url: '/api/players/withdrawrequests', headers: p.auth })).json() as { status: string; paid: boolean }[];
    expect(rows).toHaveLength(rounds);
    expect(rows.filter((r) => r.status === 'Canceled' && !r.paid)).toHaveLength(winners.cancel);
    expect(rows.filter((r) => r.status === 'Approved' && r.paid)).toHaveLength(winners.approve);
    expect(winners.cancel + winners.approve).toBe(rounds);
  });

  it('refuses sign-in from a blocked country but not from loopback', async () => {
    const token = (await inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: storage.email('traveller@example.com') } })).json().idToken;
    const blocked = await inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token }, remoteAddress: '8.8.8.8' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('BlockedByGeolocation');
    expect((await inject({ method: 'POST', url: '/api/players/login', payload: { idToken: token } })).statusCode).toBe(200);
  });

  it('streams events to the holder of the session in the Authorization header, never to a token in the URL', async () => {
    const p = await signIn('sse@example.com');
    const other = await signIn('sse-other@example.com');
    // A token in the query string no longer authenticates, valid or not, with or without a bad header.
    expect((await inject({ method: 'GET', url: `/api/players/events?token=${p.jwt}` })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: `/api/players/events?token=${p.jwt}`, headers: { authorization: 'Bearer bad' } })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/players/events?token=bad' })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/players/events' })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/players/events', headers: { authorization: 'Bearer bad' } })).statusCode).toBe(401);

    await app.listen(0, '127.0.0.1');
    const url = `${await app.getUrl()}/api/players/events`.replace('[::1]', '127.0.0.1');
    const refused = await fetch(`${url}?token=${encodeURIComponent(p.jwt)}`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });

    const read = async (auth: { authorization: string }) => {
      const controller = new AbortController();
      const res = await fetch(url, { headers: { ...auth, accept: 'text/event-stream' }, signal: controller.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      return { reader: res.body!.getReader(), stop: () => controller.abort() };
    };
    const mine = await read(p.auth);
    const theirs = await read(other.auth);
    let text = '';
    await verifyPhone(p.auth);
    const deadline = Date.now() + 5000;
    while (!text.includes('PhoneVerified') && Date.now() < deadline) text += new TextDecoder().decode((await mine.reader.read()).value);
    mine.stop();
    expect(text).toContain('event: PhoneVerified');
    // The other player's stream had nothing but its greeting.
    const first = new TextDecoder().decode((await theirs.reader.read()).value);
    const next = await Promise.race([theirs.reader.read().then((r) => new TextDecoder().decode(r.value), () => ''), new Promise<string>((r) => setTimeout(() => r(''), 500))]);
    theirs.stop();
    expect(first + next).not.toContain('PhoneVerified');
  });
});
