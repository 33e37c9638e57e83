import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../adapters/db/database';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { backupEventStore, restoreEventStore, verifyBackup } from '../adapters/event-store/postgres-backup';
import { PostgresEventStore } from '../adapters/event-store/postgres-event-store';
import { DatabaseToken } from '../config/tokens';
import type { Database } from '../adapters/db/database';
import { type Auth, TestApi } from './app.test-support';

/** The rows players and admins read, in a stable order, as the read models hold them. */
async function readModels(db: Kysely<unknown>) {
  const rows = (query: string) => sql.raw<Record<string, unknown>>(query).execute(db).then((r) => r.rows);
  return {
    banks: await rows('select player_id, bank, revision from banks order by player_id'),
    ledger: await rows('select id, player_id, type, created_time, hand_id, reference, amount, seq from ledger_entries order by player_id, seq'),
    hands: await rows('select id, player_id, shoe_id, hand_number, created_time, settled_time, phase, base_bet, total_bet, win_amount, net, state from hands order by id'),
    withdrawals: await rows('select * from withdraw_requests order by id'),
    players: await rows('select id, email, created_time, banned, self_exclude, verified_phone_number from players order by id'),
  };
}

describeEachDatabase('backup and restore of the event store', (db) => {
  const keys = { HOUSE_SEED_KEY: randomBytes(32).toString('base64'), ADMIN_EMAILS: 'boss@example.com' };
  const original = new TestApi(db, `backup_a_${randomBytes(5).toString('hex')}`, keys);
  const restoredSchema = `backup_b_${randomBytes(5).toString('hex')}`;
  const restoredDir = mkdtempSync(join(tmpdir(), 'bahati-restored-'));
  const restored = new TestApi(db, restoredSchema, { ...keys, DATA_DIR: restoredDir });
  const backupDir = join(mkdtempSync(join(tmpdir(), 'bahati-backup-')), 'backup');

  /** The empty database the restored server will use (its own schema, or its own PGlite folder). */
  const openRestored = (): Promise<Database> =>
    db.name === 'postgres' ? openDatabase({ url: process.env.DATABASE_URL!, schema: restoredSchema, poolSize: 2 }) : openDatabase({ dataDir: join(restoredDir, 'pglite') });

  async function play(auth: Auth) {
    for (let i = 0; i < 4; i++) {
      let hand = (await original.post(auth, '/api/hands', { betAmount: 1_000 + i * 500 })).json() as { hand: { phase: string; allowedActions: string[] } };
      for (let step = 0; step < 6 && hand.hand.phase !== 'Settled'; step++) {
        const action = ['noinsurance', 'noevenmoney', 'hit', 'stand'].find((a) => hand.hand.allowedActions.includes(a) && (a !== 'hit' || step === 0)) ?? 'stand';
        hand = (await original.inject({ method: 'PUT', url: `/api/hands/${action}`, headers: auth })).json() as typeof hand;
      }
    }
  }

  beforeAll(async () => {
    await original.start();
    const boss = await original.signIn('boss@example.com');
    for (const email of ['amina@example.com', 'baraka@example.com']) {
      const p = await original.signIn(email);
      await original.verifyPhone(p.auth);
      await original.deposit(p.auth, 60_000);
      await play(p.auth);
      await original.post(p.auth, '/api/players/withdraw', { amount: 5_000, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' });
    }
    const requests = (await original.get(boss.auth, '/api/players/adminwithdrawrequests')).json() as { id: string }[];
    await original.inject({ method: 'PUT', url: `/api/players/approvewithdrawrequest?id=${requests[0]!.id}`, headers: boss.auth });
    await original.inject({ method: 'PUT', url: `/api/players/declinewithdrawrequest?id=${requests[1]!.id}`, headers: boss.auth, payload: { reason: 'Same wallet as another account' } });
    await original.caughtUp();
  });
  afterAll(async () => {
    await original.stop();
    await restored.stop();
    rmSync(restoredDir, { recursive: true, force: true });
  });

  it('restores every event into an empty database, and the rebuilt read models equal the original ones', async () => {
    const source = original.app.get<Database>(DatabaseToken).kysely;
    const manifest = await backupEventStore(source, backupDir);
    const stored = Number((await sql<{ n: string }>`select count(*)::text as n from es_events`.execute(source)).rows[0]!.n);
    expect(manifest).toMatchObject({ format: 1, store: 'postgres', events: stored });
    expect(stored).toBeGreaterThan(50);

    const empty = await openRestored();
    try {
      await new PostgresEventStore(empty).init();
      expect((await restoreEventStore(empty.kysely, backupDir)).events).toBe(stored);
      // Into a store that is no longer empty, nothing is restored twice.
      await expect(restoreEventStore(empty.kysely, backupDir)).rejects.toThrow(/already holds/);
    } finally {
      await empty.close();
    }

    // The server starts on the restored events and rebuilds every read model from them.
    await restored.start();
    await restored.caughtUp();
    // The same events, in the same order, with their times.
    const events = (k: Kysely<unknown>) => sql<{ event_id: string; created_at: Date }>`select event_id, created_at from es_events order by transaction_id, position`.execute(k).then((r) => r.rows);
    expect(await events(restored.app.get<Database>(DatabaseToken).kysely)).toEqual(await events(source));
    const before = await readModels(source);
    const after = await readModels(restored.app.get<Database>(DatabaseToken).kysely);
    expect(before.banks.length).toBe(2);
    expect(before.hands.length).toBe(8);
    expect(after).toEqual(before);
  });

  it('refuses a damaged backup before writing anything', async () => {
    const damaged = join(mkdtempSync(join(tmpdir(), 'bahati-damaged-')), 'backup');
    await backupEventStore(original.app.get<Database>(DatabaseToken).kysely, damaged);
    const file = join(damaged, 'events.ndjson');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"amount":60000', '"amount":6000000'));
    await expect(verifyBackup(damaged)).rejects.toThrow(/damaged/);
  });
});
