/**
 * Restores a backup made by `npm run -s backup` into an empty PostgreSQL event store (DATABASE_URL, or the
 * embedded data under DATA_DIR; the server stopped), checking the backup's SHA-256 first, all in one
 * transaction; then rebuilds every read model from the restored events.
 *   npm run -s restore -- --from DIR
 * The restored house seeds are sealed: the server needs the same HOUSE_SEED_KEY (and HOUSE_SEED_PREVIOUS_KEYS).
 * Exit status: 0 done, 1 a failure (nothing restored), 2 a usage error.
 */
import { restoreEventStore } from '../server/src/adapters/event-store/postgres-backup';
import { loadConfig } from '../server/src/config/config';
import { console_, openOperator, type Output, runWhenStarted, folderOption } from './operator';

const USAGE = 'usage: npm run -s restore -- --from DIR';

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, out: Output = console_): Promise<number> {
  const folder = folderOption(argv, 'from', USAGE, out);
  if (folder === null) return 2;
  if (loadConfig(env).eventStoreUrl) {
    out.error('EVENTSTORE_URL is set: restore EventStoreDB with its own tools (README, "Backup and restore").');
    return 2;
  }
  const operator = await openOperator(env);
  try {
    let shown = 0;
    const manifest = await restoreEventStore(operator.database.kysely, folder, (n) => {
      if (n - shown >= 50_000) out.line(`${(shown = n)} events restored…`);
    });
    out.line(`Restored ${manifest.events} events from ${folder}. Rebuilding the read models…`);
    await operator.runner.catchUp();
    out.line('The read models are rebuilt from the restored events.');
    return 0;
  } catch (err) {
    out.error(`Restore failed, nothing was restored: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await operator.close();
  }
}

runWhenStarted(module, main);
