import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { PlayerPage, ReconciliationReport, ReconciliationRepairResponse, ReconciliationRun } from '@bahati/contracts';
import type { Database } from '../adapters/db/database';
import { describeEachDatabase } from '../adapters/db/test-databases';
import type { EventStore } from '../application/ports/event-store';
import { DatabaseToken, EventStoreToken } from '../config/tokens';
import { accountStream } from '../domain/account/account';
import { supportStream } from '../domain/support/support';
import type { ReadModels } from '../projections/schema';
import { type Auth, TestApi } from './app.test-support';

describeEachDatabase('the reconciliation of banks, ledgers and events', (db) => {
  const api = new TestApi(db, `reconcile_${randomBytes(5).toString('hex')}`, { ADMIN_EMAILS: 'boss@example.com', SUPPORT_EMAILS: 'help@example.com' });
  let admin: { auth: Auth; id: string };
  let kysely: Kysely<ReadModels>;
  let store: EventStore;
  const players: { auth: Auth; id: string }[] = [];

  beforeAll(async () => {
    await api.start();
    admin = await api.signIn('boss@example.com');
    kysely = api.app.get<Database>(DatabaseToken).kysely as Kysely<ReadModels>;
    store = api.app.get<EventStore>(EventStoreToken);
    for (const [i, funds] of [40_000, 25_000, 12_000].entries()) {
      const player = await api.signIn(`reconciled-${i}@example.com`);
      await api.verifyPhone(player.auth);
      await api.deposit(player.auth, funds);
      players.push(player);
    }
  });
  afterAll(() => api.stop());

  const run = async () => {
    await api.caughtUp();
    const res = await api.post(admin.auth, '/api/admin/reconciliation/run', {});
    expect(res.statusCode).toBe(200);
    return res.json<ReconciliationRun>();
  };
  /** The bank the header shows. */
  const header = async (auth: Auth) => (await api.get(auth, '/api/players/bank')).json<number>();

  it('reports nothing on an untouched database, and keeps the run as the last one, for the health details too', async () => {
    expect((await api.get(admin.auth, '/api/admin/reconciliation')).json<ReconciliationReport>()).toEqual({ lastRun: null });
    const clean = await run();
    expect(clean).toMatchObject({ playersChecked: 4, differences: [] });
    expect(Date.parse(clean.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await api.get(admin.auth, '/api/admin/reconciliation')).json<ReconciliationReport>()).toEqual({ lastRun: clean });
    const health = (await api.get(admin.auth, '/api/health')).json<{ details: Record<string, unknown> }>();
    expect(health.details.reconciliation).toEqual({ status: 'up', checkedAt: clean.checkedAt, differences: 0 });
  });

  it('reports a bank row changed in the database within one run, and its rebuild makes bank = ledger = events again, recorded as an event', async () => {
    const [p] = players;
    await kysely.updateTable('banks').set({ bank: 999_999 }).where('player_id', '=', p!.id).execute();
    // What the player and the admins see is wrong, and nothing else noticed.
    expect(await header(p!.auth)).toBe(999_999);
    expect((await api.get(admin.auth, '/api/players?q=reconciled-0@example.com')).json<PlayerPage>().items[0]).toMatchObject({ bank: 999_999 });

    const found = await run();
    expect(found.differences).toEqual([
      { playerId: p!.id, email: 'reconciled-0@example.com', name: 'reconciled-0', bankReadModel: 999_999, ledgerSum: 40_000, events: 40_000, ledgerRows: { missing: 0, extra: 0, changed: 0 }, checkedAt: found.checkedAt },
    ]);
    const health = (await api.get(admin.auth, '/api/health')).json<{ details: Record<string, unknown> }>();
    expect(health.details.reconciliation).toMatchObject({ differences: 1 });

    const repaired = await api.post(admin.auth, `/api/admin/reconciliation/${p!.id}/repair`, { reason: '  bank row edited in the database  ' });
    expect(repaired.statusCode).toBe(200);
    expect(repaired.json<ReconciliationRepairResponse>()).toEqual({ repaired: true, bank: { from: 999_999, to: 40_000 }, ledger: { missing: 0, extra: 0, changed: 0 }, matches: true });
    expect(await header(p!.auth)).toBe(40_000);
    // The row leaves the last run at once, and a new run finds nothing.
    expect((await api.get(admin.auth, '/api/admin/reconciliation')).json<ReconciliationReport>().lastRun).toMatchObject({ checkedAt: found.checkedAt, differences: [] });
    expect((await run()).differences).toEqual([]);

    const recorded = await store.readStream(supportStream(p!.id));
    expect(recorded.map((e) => [e.type, e.metadata.userId])).toEqual([['PlayerReadModelsRebuilt', admin.id]]);
    const [last] = await store.readStream(accountStream(p!.id), { direction: 'backwards', maxCount: 1 });
    expect(recorded[0]!.data).toMatchObject({
      playerId: p!.id, upToRevision: last!.revision, bank: { from: 999_999, to: 40_000 }, ledger: { missing: [], extra: [], changed: [] },
      reason: 'bank row edited in the database', repairedBy: admin.id,
    });

    // The bank follows the events again afterwards: a withdrawal moves it from the rebuilt figure.
    const withdrawal = await api.post(p!.auth, '/api/players/withdraw', { amount: 10_000, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' });
    expect(withdrawal.statusCode).toBe(200);
    expect(await header(p!.auth)).toBe(30_000);
    expect((await run()).differences).toEqual([]);
  });

  it('reports a deleted ledger row, and rebuilds it', async () => {
    const [, p] = players;
    const [deposit] = (await store.readStream(accountStream(p!.id))).filter((e) => e.type === 'LightningInvoiceSettled');
    await kysely.deleteFrom('ledger_entries').where('id', '=', `${deposit!.id}:0`).execute();

    const found = await run();
    expect(found.differences).toEqual([expect.objectContaining({ playerId: p!.id, bankReadModel: 25_000, ledgerSum: 0, events: 25_000, ledgerRows: { missing: 1, extra: 0, changed: 0 } })]);

    const repaired = (await api.post(admin.auth, `/api/admin/reconciliation/${p!.id}/repair`, { reason: 'ledger row lost' })).json<ReconciliationRepairResponse>();
    expect(repaired).toEqual({ repaired: true, bank: { from: 25_000, to: 25_000 }, ledger: { missing: 1, extra: 0, changed: 0 }, matches: true });
    expect((await store.readStream(supportStream(p!.id)))[0]!.data).toMatchObject({ ledger: { missing: [`${deposit!.id}:0`], extra: [], changed: [] } });
    expect((await run()).differences).toEqual([]);
  });

  it('rebuilds a player who already matches into nothing, recording nothing', async () => {
    const [, , p] = players;
    const res = (await api.post(admin.auth, `/api/admin/reconciliation/${p!.id}/repair`, { reason: 'just in case' })).json<ReconciliationRepairResponse>();
    expect(res).toEqual({ repaired: false, bank: { from: 12_000, to: 12_000 }, ledger: { missing: 0, extra: 0, changed: 0 }, matches: true });
    expect(await store.readStream(supportStream(p!.id))).toEqual([]);
  });

  describe('refusals', () => {
    it('is for admins only (403 for support and players)', async () => {
      const support = await api.signIn('help@example.com');
      const [p] = players;
      for (const auth of [support.auth, p!.auth]) {
        expect((await api.get(auth, '/api/admin/reconciliation')).json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
        expect((await api.post(auth, '/api/admin/reconciliation/run', {})).statusCode).toBe(403);
        expect((await api.post(auth, `/api/admin/reconciliation/${p!.id}/repair`, { reason: 'x' })).statusCode).toBe(403);
      }
    });

    it('needs a reason of 3 to 500 characters, a player id, and a player who exists', async () => {
      const [p] = players;
      const url = `/api/admin/reconciliation/${p!.id}/repair`;
      for (const body of [{}, { reason: '   ' }, { reason: 'ab' }, { reason: 'x'.repeat(501) }, { reason: 7 }]) {
        expect((await api.post(admin.auth, url, body)).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed', issues: [expect.objectContaining({ path: 'reason' })] });
      }
      expect((await api.post(admin.auth, '/api/admin/reconciliation/nobody/repair', { reason: 'x' })).json()).toMatchObject({ statusCode: 400, error: 'ValidationFailed' });
      expect((await api.post(admin.auth, `/api/admin/reconciliation/${randomUUID()}/repair`, { reason: 'checking' })).json()).toMatchObject({ statusCode: 404, error: 'NotFound' });
      expect(await store.readStream(supportStream(p!.id))).toHaveLength(1);
    });
  });
});
