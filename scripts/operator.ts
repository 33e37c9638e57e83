/**
 * What the operator commands (`npm run -s roles`, `npm run -s ledger:day`) share: the server's storage
 * opened with the server's settings (DATABASE_URL / DATA_DIR / EVENTSTORE_URL), the one command path, and
 * a projection runner that brings the read models up to date before they are read. They run the same
 * bus handlers as the API, called directly (no HTTP, no Nest container). With the embedded database
 * (no DATABASE_URL) the server must be stopped first: PGlite lives inside one process.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { openEventStore, openReadModels } from '../server/src/app/storage';
import type { Database } from '../server/src/adapters/db/database';
import { CommandPath } from '../server/src/application/command-path';
import type { EventStore } from '../server/src/application/ports/event-store';
import { type AppConfig, loadConfig } from '../server/src/config/config';
import { allProjections } from '../server/src/projections';
import { ProjectionRunner } from '../server/src/projections/runner';
import type { ReadModels } from '../server/src/projections/schema';

export interface Operator {
  config: AppConfig;
  database: Database;
  /** The read-model tables, as the repositories of `server/src/projections/<name>/` read them. */
  readModels: Kysely<ReadModels>;
  store: EventStore;
  /** Not started: `waitFor` catches the read models up itself. */
  runner: ProjectionRunner;
  commands: CommandPath;
  close(): Promise<void>;
}

export async function openOperator(env: NodeJS.ProcessEnv = process.env): Promise<Operator> {
  const config = loadConfig(env);
  const database = await openReadModels(config);
  const store = await openEventStore(config, database);
  const readModels = database.kysely as Kysely<ReadModels>;
  const runner = new ProjectionRunner(readModels, store, allProjections({ suspect: config.suspect }));
  await runner.init();
  const commands = new CommandPath(store, { onAppended: () => runner.notify() });
  return {
    config, database, readModels, store, runner, commands,
    async close() {
      await store.close();
      await database.close();
    },
  };
}

/** Where a command writes: lines for people, or one JSON document. */
export interface Output {
  line(text: string): void;
  error(text: string): void;
}

export const console_: Output = { line: (t) => process.stdout.write(`${t}\n`), error: (t) => process.stderr.write(`${t}\n`) };

/** The one folder option a command takes (`--out DIR`, `--from DIR`), or null after saying what is wrong (exit status 2). */
export function folderOption(argv: readonly string[], name: string, usage: string, out: Output): string | null {
  try {
    const { values } = parseArgs({ args: [...argv], options: { [name]: { type: 'string' } }, strict: true });
    const value = values[name];
    if (typeof value === 'string' && value !== '') return value;
    out.error(`--${name} is required\n${usage}`);
  } catch (err) {
    out.error(`${err instanceof Error ? err.message : String(err)}\n${usage}`);
  }
  return null;
}

/** Runs an operator command's `main` when its file is the one started, exiting with its status (1 on a failure). */
export function runWhenStarted(started: NodeJS.Module, main: (argv: readonly string[]) => Promise<number>): void {
  if (require.main !== started) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
