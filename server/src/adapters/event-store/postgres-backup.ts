import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { type Kysely, sql } from 'kysely';

/**
 * A backup of the PostgreSQL event store: `events.ndjson` (every event in the store's commit order, one JSON
 * object a line: stream, revision, id, type, data, metadata, time) and `manifest.json` (the format, how many
 * events, the last one's checkpoint, the file's SHA-256), written last so a backup without it is incomplete.
 * Events are written as stored: house seeds stay sealed (restoring needs the same HOUSE_SEED_KEY). Read models
 * are not backed up: they are rebuilt from the events.
 */
export interface BackupManifest {
  format: 1;
  store: 'postgres';
  createdAt: string;
  events: number;
  /** The checkpoint (`transaction:position`) of the last event backed up; null for an empty store. */
  lastCheckpoint: string | null;
  file: 'events.ndjson';
  sha256: string;
}

interface Line {
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  at: string;
}

const PAGE = 5_000;
const MANIFEST = 'manifest.json';
const EVENTS = 'events.ndjson';

/** Writes every event of the store to `outDir` from one consistent snapshot (REPEATABLE READ): a live store may be backed up. */
export async function backupEventStore(db: Kysely<unknown>, outDir: string, progress?: (events: number) => void): Promise<BackupManifest> {
  mkdirSync(outDir, { recursive: true });
  if (existsSync(join(outDir, MANIFEST))) throw new Error(`${outDir} already holds a backup; choose an empty folder`);
  const partial = join(outDir, `${EVENTS}.partial`);
  const out = createWriteStream(partial);
  const hash = createHash('sha256');
  let events = 0;
  let last: { tx: string; position: string } | null = null;
  await db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    for (;;) {
      const after = last;
      // Aliases unlike the columns' names: ORDER BY would otherwise sort by the text copies.
      const { rows } = await sql<{ stream_id: string; rev: string; event_id: string; type: string; data: unknown; metadata: unknown; created_at: Date | string; tx: string; pos: string }>`
        select stream_id, revision::text as rev, event_id::text, type, data, metadata, created_at, transaction_id::text as tx, position::text as pos
          from es_events
         ${after ? sql`where (transaction_id, position) > (${after.tx}::xid8, ${after.position}::bigint)` : sql``}
         order by transaction_id, position
         limit ${PAGE}`.execute(trx);
      for (const r of rows) {
        const line: Line = { stream: r.stream_id, revision: Number(r.rev), id: r.event_id, type: r.type, data: r.data, metadata: r.metadata, at: new Date(r.created_at).toISOString() };
        const text = `${JSON.stringify(line)}\n`;
        hash.update(text);
        if (!out.write(text)) await once(out, 'drain');
      }
      events += rows.length;
      if (rows.length > 0) {
        last = { tx: rows.at(-1)!.tx, position: rows.at(-1)!.pos };
        progress?.(events);
      }
      if (rows.length < PAGE) break;
    }
  });
  out.end();
  await once(out, 'close');
  renameSync(partial, join(outDir, EVENTS));
  // Assigned inside the transaction's callback, which TypeScript's narrowing does not follow.
  const end = last as { tx: string; position: string } | null;
  const manifest: BackupManifest = {
    format: 1,
    store: 'postgres',
    createdAt: new Date().toISOString(),
    events,
    lastCheckpoint: end ? `${end.tx}:${end.position}` : null,
    file: EVENTS,
    sha256: hash.digest('hex'),
  };
  writeFileSync(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads and checks a backup's manifest and the SHA-256 of its events file. */
export async function verifyBackup(fromDir: string): Promise<BackupManifest> {
  const path = join(fromDir, MANIFEST);
  if (!existsSync(path)) throw new Error(`${fromDir} holds no complete backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  if (manifest.format !== 1 || manifest.store !== 'postgres') throw new Error(`unknown backup format ${String(manifest.format)} of ${String(manifest.store)}`);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(join(fromDir, manifest.file))) hash.update(chunk as Buffer);
  if (hash.digest('hex') !== manifest.sha256) throw new Error(`${manifest.file} does not match its manifest's SHA-256: the backup is damaged`);
  return manifest;
}

/**
 * Restores a checked backup into an empty event store (its tables created, no event in them), in one
 * transaction: all of it or nothing. Events keep their streams, revisions, ids, data, metadata and times, and
 * their order. The read models are then rebuilt from them (start the server, or `npm run projections:rebuild`).
 */
export async function restoreEventStore(db: Kysely<unknown>, fromDir: string, progress?: (events: number) => void): Promise<BackupManifest> {
  const manifest = await verifyBackup(fromDir);
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from es_events`.execute(trx);
    if (Number(rows[0]!.n) > 0) throw new Error(`the event store already holds ${rows[0]!.n} events: restore into an empty one`);
    let batch: (Line & { position: number })[] = [];
    let restored = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      // All of it is one transaction, so the store's order is the position alone: each event gets its line's
      // number in the backup (the original commit order), set explicitly since rows of one INSERT may take the
      // identity's values in any order.
      await sql`
        insert into es_events (stream_id, revision, position, event_id, type, data, metadata, created_at)
        overriding system value
        select e.v->>'stream', (e.v->>'revision')::bigint, (e.v->>'position')::bigint, (e.v->>'id')::uuid, e.v->>'type', e.v->'data', e.v->'metadata', (e.v->>'at')::timestamptz
          from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) as e(v)`.execute(trx);
      restored += batch.length;
      progress?.(restored);
      batch = [];
    };
    const lines = createInterface({ input: createReadStream(join(fromDir, manifest.file)), crlfDelay: Infinity });
    for await (const text of lines) {
      if (text === '') continue;
      batch.push({ ...(JSON.parse(text) as Line), position: restored + batch.length + 1 });
      if (batch.length >= 1_000) await flush();
    }
    await flush();
    if (restored !== manifest.events) throw new Error(`the backup lists ${manifest.events} events but holds ${restored}`);
    // New appends continue after the restored events.
    if (restored > 0) await sql`select setval(pg_get_serial_sequence('es_events', 'position'), ${restored}::bigint)`.execute(trx);
  });
  return manifest;
}
