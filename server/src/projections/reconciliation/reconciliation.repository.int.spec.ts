import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReconciliationRun } from '@bahati/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/db/database';
import { describeEachDatabase } from '../../adapters/db/test-databases';
import type { LedgerEntryRow } from '../../domain/account/ledger';
import { migrateReadModels } from '../migrations';
import { alice, bob } from '../projection.test-support';
import type { ReadModels } from '../schema';
import { ReconciliationRepository } from './reconciliation.repository';

const at = '2026-03-01T10:00:00.000Z';
const row = (id: string, amount: number, seq: number) => ({ id, player_id: alice, type: 'Bet' as const, created_time: at, hand_id: null, reference: null, amount, seq });
const entry = (id: string, amount: number, seq: number): LedgerEntryRow => ({ id, type: 'LightningDeposit', createdTime: at, handId: null, reference: null, amount, seq });
const run = (checkedAt: string, differences: ReconciliationRun['differences'] = []): ReconciliationRun => ({ checkedAt, playersChecked: 2, durationMs: 12, differences });
const difference = (playerId: string, email: string): ReconciliationRun['differences'][number] => ({
  playerId, email, name: null, bankReadModel: 9, ledgerSum: 5, events: 5, ledgerRows: { missing: 0, extra: 0, changed: 0 }, checkedAt: at,
});

describeEachDatabase('the reconciliation tables and reads', (testDb) => {
  let database: Database;
  let db: Kysely<ReadModels>;
  let repository: ReconciliationRepository;
  beforeAll(async () => {
    database = await testDb.open();
    db = database.kysely as Kysely<ReadModels>;
    await migrateReadModels(db, database.schema);
    repository = new ReconciliationRepository(db);
  });
  afterAll(() => database.close());

  describe('runs', () => {
    it('given no run, the last run is none', async () => {
      expect(await repository.lastRun()).toBeNull();
    });

    it('given runs stored, the newest is the last one, its differences in e-mail order; a resolved player leaves it', async () => {
      await repository.saveRun(run('2026-03-01T09:00:00.000Z', [difference(bob, 'old@example.com')]));
      await repository.saveRun(run('2026-03-01T10:00:00.000Z', [difference(bob, 'zed@example.com'), difference(alice, 'amy@example.com')]));
      expect((await repository.lastRun())?.differences.map((d) => d.email)).toEqual(['amy@example.com', 'zed@example.com']);
      expect(await repository.lastRun()).toMatchObject({ checkedAt: '2026-03-01T10:00:00.000Z', playersChecked: 2, durationMs: 12 });

      await repository.resolve(alice);
      await repository.resolve(alice);
      expect((await repository.lastRun())?.differences.map((d) => d.email)).toEqual(['zed@example.com']);
      expect((await db.selectFrom('reconciliation_runs').select('differences').orderBy('checked_at', 'desc').executeTakeFirstOrThrow()).differences).toBe(1);
    });

    it('when more than 20 runs are stored, the oldest go with their differences', async () => {
      for (let i = 0; i < 25; i++) await repository.saveRun(run(new Date(Date.parse('2026-03-02T00:00:00.000Z') + i * 60_000).toISOString(), [difference(bob, `b${i}@example.com`)]));
      expect(await db.selectFrom('reconciliation_runs').select('id').execute()).toHaveLength(20);
      expect(await db.selectFrom('reconciliation_differences').select('run_id').execute()).toHaveLength(20);
      expect((await repository.lastRun())?.differences[0]?.email).toBe('b24@example.com');
    });
  });

  describe('banks, ledgers and a rebuild', () => {
    beforeAll(async () => {
      await db.insertInto('banks').values([{ player_id: alice, bank: 999_999, revision: 2 }, { player_id: bob, bank: 700, revision: 0 }]).execute();
      await db.insertInto('ledger_entries').values([row('a0:0', 1_000, 0), row('a2:0', -300, 32), row('bogus:0', 5, 40), { ...row('b0:0', 700, 0), player_id: bob }]).execute();
    });

    it('given banks and ledger rows, answers every bank and each player ledger summed in one query', async () => {
      expect((await repository.banks()).sort((a, b) => a.playerId.localeCompare(b.playerId))).toEqual(
        [{ playerId: alice, bank: 999_999, revision: 2 }, { playerId: bob, bank: 700, revision: 0 }].sort((a, b) => a.playerId.localeCompare(b.playerId)),
      );
      expect((await repository.ledgerTotals()).find((t) => t.playerId === alice)).toEqual({ playerId: alice, sum: 705, rows: 3 });
      expect((await repository.ledgerRows(alice)).map((r) => [r.id, r.seq])).toEqual([['a0:0', 0], ['a2:0', 32], ['bogus:0', 40]]);
    });

    it('when the bank row already holds a later event than the rebuild read, writes nothing', async () => {
      expect(await repository.rebuild(alice, 1, { bank: 700, bankRevision: 1 }, [entry('a0:0', 1_000, 0)], [])).toBe(false);
      expect(await repository.bankRow(alice)).toEqual({ playerId: alice, bank: 999_999, revision: 2 });
    });

    it("when rebuilt, the bank and the ledger rows are the events': rows of later events stay, extra rows go, other players are untouched", async () => {
      // Rows of events up to revision 2 rewritten; a row at revision 4 (seq 64) is a later event's and stays.
      await db.insertInto('ledger_entries').values(row('a4:0', 50, 64)).execute();
      const rows = [entry('a0:0', 1_000, 0), entry('a1:0', 200, 16), entry('a2:0', -300, 32)];
      expect(await repository.rebuild(alice, 2, { bank: 900, bankRevision: 2 }, rows, ['bogus:0'])).toBe(true);
      expect(await repository.bankRow(alice)).toEqual({ playerId: alice, bank: 900, revision: 2 });
      expect((await repository.ledgerRows(alice)).map((r) => [r.id, r.amount])).toEqual([['a0:0', 1_000], ['a1:0', 200], ['a2:0', -300], ['a4:0', 50]]);
      expect((await repository.ledgerRows(bob)).map((r) => r.id)).toEqual(['b0:0']);
      expect(await repository.bankRow(bob)).toEqual({ playerId: bob, bank: 700, revision: 0 });
    });

    it('when no event moved the bank, the rebuilt player has no bank row', async () => {
      expect(await repository.rebuild(bob, 0, { bank: 0, bankRevision: -1 }, [], ['b0:0'])).toBe(true);
      expect(await repository.bankRow(bob)).toBeNull();
      expect(await repository.ledgerRows(bob)).toEqual([]);
    });
  });
});
