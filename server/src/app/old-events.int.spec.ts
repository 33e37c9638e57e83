import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../adapters/db/database';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { backupEventStore, restoreEventStore } from '../adapters/event-store/postgres-backup';
import { PostgresEventStore } from '../adapters/event-store/postgres-event-store';
import { UpcastingEventStore } from '../application/upcasting-event-store';
import { DatabaseToken } from '../config/tokens';
import { allProjections } from '../projections';
import { migrateReadModels } from '../projections/migrations';
import { ProjectionRunner } from '../projections/runner';
import type { ReadModels } from '../projections/schema';
import { type HandRowKeys, handStateFromStored } from '../projections/hands/stored-state';
import { type Auth, TestApi } from './app.test-support';

/*
 * Events written by an earlier release must always be read to the same read models. Each `fixtures/events-<date>/`
 * holds a store written by the release of that date (a session with hands of every kind, deposits on both rails,
 * withdrawals paid, declined, cancelled, failed and retried, approved by two admins, bonuses, a code, limits,
 * self-exclusion, held deposits released and refunded, staff decisions) and the banks, ledgers, hands and
 * withdrawals that release built from it. The test restores it into an empty store and folds it through today's
 * code: a change that reads old events differently fails here. `WRITE_EVENT_FIXTURE=1` writes this release's fixture
 * (only when events change on purpose, with an upcaster or a fold that reads the old shape; keep the old fixtures too).
 * 2026-11-28: each card dealt is its own `CardDealt`. 2026-11-29: the events that deal cards carry them.
 */

const FIXTURES = join(__dirname, '../../fixtures');
/** The stores of earlier releases, oldest first. */
const RELEASES = readdirSync(FIXTURES).filter((d) => /^events-\d{4}-\d{2}-\d{2}$/.test(d)).sort();
/** Where `WRITE_EVENT_FIXTURE=1` writes: this release's store. */
const FIXTURE = join(FIXTURES, 'events-2026-11-29');
const SEEDS = JSON.parse(readFileSync(join(__dirname, '../../../e2e/fixtures/seeds.json'), 'utf8')) as Record<string, { houseSeed: string; playerSeed: string }>;

/** The rows players and admins read, as JSON would carry them. */
async function readModels(db: Kysely<unknown>) {
  const rows = async (query: string) => JSON.parse(JSON.stringify((await sql.raw<Record<string, unknown>>(query).execute(db)).rows)) as Record<string, unknown>[];
  return {
    banks: await rows('select player_id, bank, revision from banks order by player_id'),
    ledger: await rows('select id, player_id, type, created_time, hand_id, reference, amount, seq from ledger_entries order by player_id, seq'),
    hands: await rows('select id, player_id, shoe_id, hand_number, created_time, settled_time, phase, base_bet, total_bet, win_amount, net, state from hands order by id'),
    withdrawals: await rows('select * from withdraw_requests order by id'),
  };
}

/** The read models with each hand's state as its readers get it back (a row may store only part of it). */
const asRead = (models: Awaited<ReturnType<typeof readModels>>) => ({
  ...models,
  hands: models.hands.map((h) => ({ ...h, state: handStateFromStored(h.state, h as unknown as HandRowKeys) })),
});

describeEachDatabase('events written by earlier releases', (database) => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close();
  });

  it.each(RELEASES)('%s: are folded by today’s code to the same banks, ledgers, hands and withdrawals', async (release) => {
    // Each release's store in an empty database of its own.
    const db = await database.open();
    opened.push(db);
    await migrateReadModels(db.kysely, db.schema);
    await new PostgresEventStore(db).init();
    const manifest = await restoreEventStore(db.kysely, join(FIXTURES, release));
    const expected = JSON.parse(readFileSync(join(FIXTURES, release, 'expected.json'), 'utf8')) as Awaited<ReturnType<typeof readModels>> & { types: string[] };
    expect(manifest.events).toBeGreaterThanOrEqual(250);
    expect(expected.types.length).toBeGreaterThanOrEqual(45);

    const runner = new ProjectionRunner(db.kysely as Kysely<ReadModels>, new UpcastingEventStore(new PostgresEventStore(db)), allProjections({}));
    await runner.init();
    // Up to the newest restored event: on a shared server, another session's open transaction can keep it from
    // readers for a moment (the store hands out an event only once every transaction before it has ended).
    const { rows: head } = await sql<{ checkpoint: string }>`select transaction_id::text || ':' || position as checkpoint from es_events order by transaction_id desc, position desc limit 1`.execute(db.kysely);
    expect(await runner.waitFor(head[0]!.checkpoint, 60_000)).toBe(true);
    const { types: _types, ...rows } = expected;
    expect(asRead(await readModels(db.kysely))).toEqual(asRead(rows));
  });
});

/** Writes a new fixture from a session of play (WRITE_EVENT_FIXTURE=1; PGlite only). */
describeEachDatabase('a new fixture of stored events', (database) => {
  const write = process.env.WRITE_EVENT_FIXTURE === '1' && database.name === 'pglite';
  const api = new TestApi(database, `fixture_${randomBytes(4).toString('hex')}`, {
    ADMIN_EMAILS: 'boss@example.com,deputy@example.com',
    MAX_BANK_SATS: '400000',
    WITHDRAW_SECOND_APPROVAL_SATS: '30000',
    HOUSE_SEED_KEY: 'Zml4dHVyZS1rZXktb2YtdGhlLW9sZC1ldmVudHMtMzI=',
  });
  beforeAll(async () => {
    if (write) await api.start();
  });
  afterAll(async () => {
    if (write) await api.stop();
  });

  const put = (auth: Auth, url: string, payload?: object) => api.inject({ method: 'PUT', url, headers: auth, ...(payload ? { payload } : {}) });
  const outsideInvoice = async (amount: number) => (await api.inject({ method: 'POST', url: '/api/dev/outside/invoice', payload: { amount } })).json().paymentRequest as string;
  const outsideAddress = async () => (await api.inject({ method: 'POST', url: '/api/dev/outside/address' })).json().address as string;

  /** Hands on a shoe of `seed`, each played with the first of `moves` the table allows. */
  async function hands(auth: Auth, seed: string, count: number, moves: string[]) {
    expect((await api.post(auth, '/api/dev/shoe', { houseSeed: SEEDS[seed]!.houseSeed })).statusCode).toBe(200);
    for (let i = 0; i < count; i++) {
      const dealt = await api.post(auth, '/api/hands', { betAmount: 1_000 + 500 * i, playerSeed: SEEDS[seed]!.playerSeed });
      expect(dealt.statusCode).toBe(200);
      let answer = dealt.json() as { hand?: { phase: string; allowedActions: string[] } };
      for (let step = 0; step < 30 && answer.hand && answer.hand.phase !== 'Settled'; step++) {
        const move = [...moves, 'noinsurance', 'noevenmoney', 'stand'].find((m) => answer.hand!.allowedActions.includes(m)) ?? 'stand';
        const next = await put(auth, `/api/hands/${move}`);
        // A move the table refuses (a rule of the hand) is played out with a stand.
        answer = next.statusCode === 200 ? next.json() : (await put(auth, '/api/hands/stand')).json();
      }
    }
  }

  (write ? it : it.skip)('is written from a session of play', async () => {
    const boss = await api.signIn('boss@example.com');
    const deputy = await api.signIn('deputy@example.com');
    const [amina, baraka, chausiku] = [await api.signIn('amina@example.com'), await api.signIn('baraka@example.com'), await api.signIn('chausiku@example.com')];
    for (const p of [amina, baraka, chausiku]) await api.verifyPhone(p.auth);

    // Deposits: Lightning (a bonus offered, accepted by one player, declined by another) and on-chain.
    await api.deposit(amina.auth, 150_000);
    await api.deposit(baraka.auth, 120_000);
    await api.deposit(chausiku.auth, 80_000);
    const offer = async (p: { auth: Auth }) => ((await api.get(p.auth, '/api/players/bonuses')).json() as { id: string; status: string }[]).find((b) => b.status === 'Offered');
    const aminaOffer = await offer(amina);
    if (aminaOffer) await api.post(amina.auth, `/api/players/acceptbonus/${aminaOffer.id}`);
    const barakaOffer = await offer(baraka);
    if (barakaOffer) await api.post(baraka.auth, `/api/players/declinebonus/${barakaOffer.id}`);
    const { address } = (await api.get(chausiku.auth, '/api/players/getbitcoinaddress')).json() as { address: string };
    await api.inject({ method: 'POST', url: '/api/dev/bitcoin/pay', payload: { address, amount: 40_000, confirmations: 6 } });
    await api.post(chausiku.auth, '/api/players/lightningaddinvoice', { amount: '5000' });

    // Hands of every kind: insurance, even money, splits, doubles, hits and stands; a shoe retired.
    await hands(amina.auth, 'insurance', 2, ['insurance', 'stand']);
    await hands(amina.auth, 'evenMoney', 1, ['evenmoney', 'stand']);
    await hands(baraka.auth, 'split', 2, ['split', 'double', 'hit', 'stand']);
    await hands(baraka.auth, 'fourWaySplit', 1, ['split', 'stand']);
    await hands(chausiku.auth, 'plain', 4, ['noinsurance', 'noevenmoney', 'double', 'stand']);
    await hands(baraka.auth, 'plain', 16, ['noinsurance', 'noevenmoney', 'hit', 'stand']);
    await api.post(chausiku.auth, '/api/shoes/retire');
    await hands(chausiku.auth, 'fiveCards', 1, ['noinsurance', 'hit', 'stand']);

    // Withdrawals: paid, declined with a reason, cancelled, a failed payout retried, and one approved by two admins.
    const withdraw = async (p: { auth: Auth }, amount: number, body: object) => {
      await api.post(p.auth, '/api/players/withdraw', { amount, ...body });
      return ((await api.get(p.auth, '/api/players/withdrawrequests')).json() as { id: string }[])[0]!.id;
    };
    const approve = (who: { auth: Auth }, id: string, reason?: string) => put(who.auth, `/api/players/approvewithdrawrequest?id=${id}`, reason ? { reason } : undefined);
    await approve(boss, await withdraw(chausiku, 5_000, { paymentRequest: await outsideInvoice(5_000) }));
    await put(boss.auth, `/api/players/declinewithdrawrequest?id=${await withdraw(chausiku, 4_000, { address: await outsideAddress() })}`, { reason: 'Same wallet as another account' });
    await api.post(chausiku.auth, `/api/players/withdrawrequests/${await withdraw(chausiku, 3_000, { address: await outsideAddress() })}/cancel`);
    const failing = await withdraw(chausiku, 6_000, { paymentRequest: await outsideInvoice(6_000) });
    await api.inject({ method: 'POST', url: '/api/dev/lightning/refuse-payouts', payload: { count: 1, reason: 'no route' } });
    await approve(boss, failing);
    await approve(boss, failing);
    const large = await withdraw(chausiku, 35_000, { address: await outsideAddress() });
    await approve(boss, large, 'Long history, own wallet');
    await approve(deputy, large);

    // A code redeemed, limits, self-exclusion and its lift requested, staff decisions on a player.
    await api.post(boss.auth, '/api/admin/redeem-codes', { code: 'FIXTURE-25', bonusAmount: 2_500, minBank: 1_000 });
    await api.post(baraka.auth, '/api/players/redeemcode', { code: 'FIXTURE-25' });
    await put(baraka.auth, '/api/players/limits', { dailyDeposit: 500_000, dailyLoss: 200_000, sessionReminderMinutes: 60 });
    await api.post(boss.auth, `/api/players/${baraka.id}/suspect/30`, { reason: 'Bets follow the count' });
    await api.post(boss.auth, `/api/admin/players/${baraka.id}/notes`, { note: 'Called about his limits' });
    await api.post(boss.auth, `/api/players/${chausiku.id}/ban`, { reason: 'Shared wallet with another account' });
    await api.post(boss.auth, `/api/players/${chausiku.id}/unban`, {});

    // Held past MAX_BANK_SATS: one released with the confirmation, one refunded.
    await api.deposit(amina.auth, 300_000);
    await api.deposit(amina.auth, 200_000);
    const held = ((await api.get(boss.auth, '/api/admin/held-deposits')).json() as { id: string; playerId: string; method: string; amount: number; status: string }[]).filter((h) => h.status === 'Held');
    if (held[0]) await api.post(boss.auth, '/api/admin/held-deposits/release', { playerId: held[0].playerId, method: held[0].method, id: held[0].id, reason: 'Known player, source checked', confirmPastLimit: true });
    if (held[1]) await api.post(boss.auth, '/api/admin/held-deposits/refund', { playerId: held[1].playerId, method: held[1].method, id: held[1].id, target: await outsideInvoice(held[1].amount), reason: 'Source of funds unclear' });
    await api.post(amina.auth, '/api/players/selfexclude/true');
    await api.post(amina.auth, '/api/players/selfexclude/false');
    await api.post(baraka.auth, '/api/players/logout');
    await api.caughtUp();

    const source = api.app.get<Database>(DatabaseToken).kysely;
    if (existsSync(FIXTURE)) rmSync(FIXTURE, { recursive: true });
    mkdirSync(join(FIXTURE, '..'), { recursive: true });
    await backupEventStore(source, FIXTURE);
    const types = (await sql<{ type: string }>`select distinct type from es_events order by type`.execute(source)).rows.map((r) => r.type);
    writeFileSync(join(FIXTURE, 'expected.json'), `${JSON.stringify({ types, ...(await readModels(source)) }, null, 1)}\n`);
  });
});
