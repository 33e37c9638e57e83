/**
 * Rebuilds read models from the events: `npm run projections:rebuild [-- --name NAME]` (all of them
 * together, in one pass over the log, unless one is named).
 * Uses the same settings as the server (DATABASE_URL / DATA_DIR / EVENTSTORE_URL). Safe while the
 * server runs: each batch and its checkpoint commit together, so the running server's loop and this
 * one never apply the same batch twice.
 */
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config/config';
import { openEventStore, openReadModels } from '../app/storage';
import { allProjections } from '../projections';
import { ProjectionRunner, REBUILD_BATCH_SIZE } from '../projections/runner';
import type { ReadModels } from '../projections/schema';

async function main() {
  const { values } = parseArgs({ options: { name: { type: 'string' } } });
  const config = loadConfig();
  const database = await openReadModels(config);
  const store = await openEventStore(config, database);
  try {
    const runner = new ProjectionRunner(database.kysely as Kysely<ReadModels>, store, allProjections({ suspect: config.suspect }), { batchSize: REBUILD_BATCH_SIZE });
    await runner.init();
    const started = Date.now();
    // Every read model at once unless one is named: one pass over the log feeds them all.
    const events = await runner.rebuild(values.name);
    const names = values.name ? values.name : `${runner.projections.length} read models (${runner.projections.map((p) => p.name).join(', ')})`;
    console.log(`${names}: rebuilt from ${events} events in ${Date.now() - started} ms`);
  } finally {
    await store.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
