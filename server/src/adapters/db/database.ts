/**
 * One Kysely instance over either a real PostgreSQL server (`pg.Pool`) or an embedded PGlite.
 * Events and read models share it. Column types come back as described in `type-parsers.ts`.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool, type PoolClient } from 'pg';
import { PREPARED } from '../../projections/prepared';
import { PGliteDialect } from './pglite-dialect';
import { schemaScoped } from './schema-introspector';
import { pgliteParsers, pgTypeParsers } from './type-parsers';

export interface Database {
  // Kysely<any> on purpose: each repository declares its own table types with `withTables<T>()`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly kysely: Kysely<any>;
  readonly kind: 'postgres' | 'pglite';
  /** The schema every unqualified name resolves to (`public` unless `schema` was given). */
  readonly schema: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite only: directory for a persistent database (created if missing). */
  dataDir?: string;
  /** PGlite only: keep everything in memory (the default when there is no `dataDir`). */
  inMemory?: boolean;
  /** PGlite only: a data directory as a tarball (PGlite's `dumpDataDir`) to start from, unless `dataDir` already holds a database. */
  initialDataDir?: Blob;
  /** Real server only: schema to work in (created if missing), set as every connection's search_path. */
  schema?: string;
  /** Real server only: maximum pooled connections (default 10). */
  poolSize?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Statements marked `PREPARED` are named, so each connection parses and plans them once: PostgreSQL plans one afresh
 * for its first five runs, then keeps the generic plan when it costs no more. At most this many texts are prepared
 * per process (each connection keeps their plans); others run unnamed.
 */
const MOST_PREPARED = 64;
const preparedNames = new Map<string, string>();

function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MOST_PREPARED) {
    name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    preparedNames.set(text, name);
  }
  return name;
}

/** Sends the statements marked `PREPARED` as named statements on this client. */
function preparingMarked(client: PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
  (client as unknown as { query: typeof query }).query = (config, values) => {
    const name = typeof config === 'string' && config.startsWith(PREPARED) ? preparedName(config) : undefined;
    return name ? query({ name, text: config, values }) : query(config, values);
  };
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.schema, options.poolSize ?? 10);
  if (options.schema && options.schema !== 'public') {
    throw new Error('openDatabase: a schema can only be chosen on a real PostgreSQL server (PGlite uses public)');
  }
  const dataDir = options.inMemory || !options.dataDir ? undefined : options.dataDir;
  return openPglite(dataDir, options.initialDataDir);
}

async function openPostgres(url: string, schema: string | undefined, poolSize: number): Promise<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`openDatabase: schema name "${schema}" must match ${SCHEMA_NAME} (lower case, digits, underscore)`);
  }
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypeParsers,
    // Applied at connection start-up, so every pooled connection (and every transaction) sees the schema.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  pool.on('connect', preparingMarked);
  const kysely = new Kysely<unknown>({ dialect: schemaScoped(new PostgresDialect({ pool }), schema ?? 'public') });
  try {
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(kysely);
    else await sql`select 1`.execute(kysely);
  } catch (error) {
    await kysely.destroy();
    throw new Error(`Cannot open PostgreSQL database ${redact(url)}: ${(error as Error).message}`, { cause: error });
  }
  return {
    kysely,
    kind: 'postgres',
    schema: schema ?? 'public',
    close: () => kysely.destroy(),
  };
}

async function openPglite(dataDir: string | undefined, initialDataDir: Blob | undefined): Promise<Database> {
  const load = initialDataDir && !(dataDir && existsSync(join(dataDir, 'PG_VERSION'))) ? { loadDataDir: initialDataDir } : {};
  // Options object form: `new PGlite(undefined, options)` would silently drop the options.
  const pglite = new PGlite({ ...(dataDir ? { dataDir } : {}), ...load, parsers: pgliteParsers });
  try {
    await pglite.waitReady;
  } catch (error) {
    throw new Error(`Cannot open PGlite database ${dataDir ?? '(in memory)'}: ${(error as Error).message}`, { cause: error });
  }
  const kysely = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  return {
    kysely,
    kind: 'pglite',
    schema: 'public',
    close: () => kysely.destroy(),
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
