/**
 * Ready-made PGlite databases for the tests. Creating a PGlite cluster (initdb in WebAssembly) and migrating
 * it costs seconds each time, and the suites open one per spec file, per projection block and per server they
 * start; a copy of one made earlier costs a fraction of that. Two templates, made once per machine and kept in
 * the temporary directory under a key of PGlite's version, the event-store DDL and every migration's source (so a
 * changed migration makes new ones): `empty` (a fresh cluster, for `TestDatabase.open()`), `migrated` (the event
 * store's tables and every read-model migration applied) as a tarball and as a data directory to copy.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { EVENT_STORE_DDL } from '../event-store/postgres-schema';
import { migrateReadModels } from '../../projections/migrations';
import { PGliteDialect } from './pglite-dialect';

const MIGRATIONS = join(__dirname, '../../projections/migrations');

function templateKey(): string {
  const hash = createHash('sha256');
  // The package's own version (its exports map hides package.json from require.resolve).
  hash.update(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')));
  hash.update(EVENT_STORE_DDL.join('\n'));
  for (const file of readdirSync(MIGRATIONS).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  return hash.digest('hex').slice(0, 16);
}

let key: string | null = null;
const base = (kind: 'empty' | 'migrated') => join(tmpdir(), `bahati-pglite-${(key ??= templateKey())}-${kind}`);

/** Writes `path` through a unique temporary name and a rename, so parallel workers never see half a template. */
function publish(path: string, write: (temporary: string) => void): void {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  write(temporary);
  try {
    renameSync(temporary, path);
  } catch {
    // Another worker published it first (a directory cannot replace a non-empty one): theirs is as good.
    rmSync(temporary, { recursive: true, force: true });
  }
}

async function makeTarball(kind: 'empty' | 'migrated'): Promise<void> {
  const pglite = new PGlite();
  await pglite.waitReady;
  if (kind === 'migrated') {
    const kysely = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
    await new PostgresEventStore({ kysely, kind: 'pglite', schema: 'public', close: async () => undefined }).init();
    await migrateReadModels(kysely);
  }
  const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await pglite.close();
  publish(`${base(kind)}.tar`, (temporary) => writeFileSync(temporary, dump));
}

/** The template as a tarball for PGlite's `loadDataDir`. */
export async function pgliteTemplate(kind: 'empty' | 'migrated'): Promise<Blob> {
  const tar = `${base(kind)}.tar`;
  if (!existsSync(tar)) await makeTarball(kind);
  return new Blob([readFileSync(tar)]);
}

/** Puts a migrated database into `dataDir` (which must not exist yet), as a server finds it on start-up. */
export async function copyMigratedPglite(dataDir: string): Promise<void> {
  const dir = `${base('migrated')}.d`;
  if (!existsSync(dir)) {
    const tarball = await pgliteTemplate('migrated');
    const staging = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const pglite = new PGlite({ dataDir: staging, loadDataDir: tarball });
    await pglite.waitReady;
    await pglite.close();
    publish(dir, (temporary) => renameSync(staging, temporary));
  }
  mkdirSync(join(dataDir, '..'), { recursive: true });
  cpSync(dir, dataDir, { recursive: true });
}
