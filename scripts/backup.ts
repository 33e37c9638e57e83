/**
 * Backs up the PostgreSQL event store (DATABASE_URL, or the embedded data under DATA_DIR with the server
 * stopped) into a folder: every event in commit order and a manifest with its SHA-256. The server may be
 * running on PostgreSQL: the backup reads one consistent snapshot.
 *   npm run -s backup -- --out DIR
 * EventStoreDB keeps its own backups (see README, "Backup and restore"). Exit status: 0 done, 1 a failure, 2 a usage error.
 */
import { backupEventStore } from '../server/src/adapters/event-store/postgres-backup';
import { openDatabase } from '../server/src/adapters/db/database';
import { loadConfig } from '../server/src/config/config';
import { join } from 'node:path';
import { console_, type Output, runWhenStarted, folderOption } from './operator';

const USAGE = 'usage: npm run -s backup -- --out DIR';

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, out: Output = console_): Promise<number> {
  const folder = folderOption(argv, 'out', USAGE, out);
  if (folder === null) return 2;
  const config = loadConfig(env);
  if (config.eventStoreUrl) {
    out.error('EVENTSTORE_URL is set: back up EventStoreDB with its own tools (README, "Backup and restore").');
    return 2;
  }
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, schema: config.databaseSchema, poolSize: 2 } : { dataDir: join(config.dataDir, 'pglite') });
  try {
    let shown = 0;
    const manifest = await backupEventStore(database.kysely, folder, (n) => {
      if (n - shown >= 50_000) out.line(`${(shown = n)} events…`);
    });
    out.line(`Backed up ${manifest.events} events to ${folder} (last checkpoint ${manifest.lastCheckpoint ?? 'none'}, sha256 ${manifest.sha256}).`);
    return 0;
  } catch (err) {
    out.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await database.close();
  }
}

runWhenStarted(module, main);
