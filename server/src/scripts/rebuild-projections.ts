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
import { ProjectionRunner, REBUILD_BATCH_SIZE, positionOf } from '../projections/runner';
import type { ReadModels } from '../projections/schema';

/**
 * A progress bar on a terminal (one line, redrawn): the share of the log applied, events, rate and time left.
 * Without a terminal (a log file), a line every 10 %.
 */
function progressBar(out: NodeJS.WriteStream, head: number, started: number) {
  let lastTenth = -1;
  const draw = (applied: number, position: number) => {
    const share = head > 0 ? Math.min(1, position / head) : 1;
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(applied / seconds) : 0;
    const left = share > 0 && share < 1 ? Math.round((seconds * (1 - share)) / share) : 0;
    const text = `${(share * 100).toFixed(1).padStart(5)} %  ${applied} events  ${rate}/s  ${left} s left`;
    if (out.isTTY) {
      const width = 30;
      const filled = Math.round(share * width);
      out.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}`);
    } else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      out.write(`${text}\n`);
    }
  };
  return Object.assign(draw, { done: () => out.isTTY && out.write('\n') });
}

async function main() {
  const { values } = parseArgs({ options: { name: { type: 'string' } } });
  const config = loadConfig();
  const database = await openReadModels(config);
  const store = await openEventStore(config, database);
  try {
    const runner = new ProjectionRunner(database.kysely as Kysely<ReadModels>, store, allProjections({ suspect: config.suspect }), { batchSize: REBUILD_BATCH_SIZE });
    // Rebuilt in place here: an operator asked for it (the server upgrades a new version beside the old rows).
    await runner.init({ upgradeBeside: false });
    const started = Date.now();
    const head = positionOf(await store.headCheckpoint(), store.kind);
    const bar = progressBar(process.stderr, head, started);
    // Every read model at once unless one is named: one pass over the log feeds them all.
    const events = await runner.rebuild(values.name, (applied, checkpoint) => bar(applied, positionOf(checkpoint, store.kind)));
    bar.done();
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
