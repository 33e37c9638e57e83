/**
 * The projections in a process of their own: `npm run projections` (built: `node server/dist/scripts/run-projections.js`).
 * Keeps every read model up to date from the event log without serving HTTP, so API instances can run
 * with PROJECTIONS=off and spend their event loop on requests. Needs a real PostgreSQL server
 * (DATABASE_URL): PGlite lives inside one process. Safe beside other runners (a batch and its
 * checkpoint commit together); stops cleanly on SIGTERM / SIGINT.
 */
import type { Kysely } from 'kysely';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config/config';
import { openEventStore, openReadModels } from '../app/storage';
import { allProjections } from '../projections';
import { ProjectionTiers } from '../projections/tiers';
import type { ReadModels } from '../projections/schema';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, base: { process: 'projections' } });
  if (!config.databaseUrl) throw new ConfigError('npm run projections needs DATABASE_URL: the embedded PGlite database can only be used by the server process itself.');
  // Per tier (live and analytic), one connection reads the log and one applies a batch.
  const database = await openReadModels({ ...config, databasePoolSize: 4 });
  const store = await openEventStore(config, database);
  const logTo = { info: (m: string) => log.info(m), error: (e: unknown, m: string) => log.error({ err: e }, m) };
  const runner = new ProjectionTiers(database.kysely as Kysely<ReadModels>, store, allProjections({ suspect: config.suspect }), {
    live: { log: logTo },
    analytic: { log: logTo, minStepMs: config.analyticStepMs },
  });
  await runner.init();
  runner.start();
  log.info(`Projections running: ${runner.projections.map((p) => p.name).join(', ')}; events in ${store.kind}`);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await runner.stop();
  await store.close();
  await database.close();
  log.info('Projections stopped');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
