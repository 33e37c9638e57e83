/**
 * How long a reconciliation run takes: `players` players with `events` deposits each on an embedded database
 * (PGlite under a fresh DATA_DIR), projected, then the check run twice on the untouched data and once after
 * three bank rows were changed (the players then compared row by row).
 *   npm run -s bench:reconcile [-- <players> <events per player>]   (default 200 100: 20,200 events)
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Reconciliation } from '../server/src/application/admin/reconciliation';
import { openEventStore, openReadModels } from '../server/src/app/storage';
import { loadConfig } from '../server/src/config/config';
import { allProjections } from '../server/src/projections';
import { ReconciliationRepository } from '../server/src/projections/reconciliation/reconciliation.repository';
import { ProjectionRunner } from '../server/src/projections/runner';
import type { ReadModels } from '../server/src/projections/schema';

async function main(players: number, perPlayer: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bahati-bench-reconcile-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openReadModels(config);
  const store = await openEventStore(config, database);
  const db = database.kysely as Kysely<ReadModels>;
  const runner = new ProjectionRunner(db, store, allProjections({ suspect: config.suspect }));
  await runner.init();
  const metadata = { correlationId: 'bench-reconcile' };
  const when = new Date().toISOString();
  for (let p = 0; p < players; p++) {
    const id = randomUUID();
    await store.appendToStream(`player-${id}`, [
      { id: randomUUID(), type: 'PlayerRegistered', data: { playerId: id, subject: `dev:p${p}@bench.test`, email: `p${p}@bench.test`, name: null, photoUrl: null, registeredAt: when }, metadata },
    ]);
    const deposits = Array.from({ length: perPlayer }, (_, i) => ({ id: randomUUID(), type: 'LightningInvoiceSettled', data: { invoiceId: `i${p}-${i}`, amount: 1_000, settledAt: when }, metadata }));
    for (let i = 0; i < deposits.length; i += 500) await store.appendToStream(`account-${id}`, deposits.slice(i, i + 500));
  }
  await runner.catchUp();
  const reconciliation = new Reconciliation(store, new ReconciliationRepository(db), runner);
  const events = players * (perPlayer + 1);
  for (const label of ['first run', 'second run']) {
    const run = await reconciliation.run();
    console.log(`${label}: ${run.playersChecked} players, ${events} events, ${run.differences.length} differences, ${run.durationMs} ms`);
  }
  const changed = (await db.selectFrom('banks').select('player_id').limit(3).execute()).map((r) => r.player_id);
  await db.updateTable('banks').set({ bank: 5 }).where('player_id', 'in', changed).execute();
  const run = await reconciliation.run();
  console.log(`three bank rows changed: ${run.differences.length} differences, ${run.durationMs} ms`);
  await store.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main(Number(process.argv[2] ?? 200), Number(process.argv[3] ?? 100)).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
