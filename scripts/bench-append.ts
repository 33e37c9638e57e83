/**
 * npm run bench:append [-- --json] — appends/second through the PostgreSQL event store at 1, 8 and 32 concurrent
 * writers, beside a raw single-row INSERT baseline measured in the same run on the same server,
 * pool and concurrency. Needs DATABASE_URL; works in a throw-away schema that it drops afterwards.
 *
 * BENCH_SECONDS (default 5) sets the measuring time per cell (taken in 10 slices alternating with the
 * baseline, so that background load on a shared machine affects both sides alike); BENCH_WRITERS (default "1,8,32") the levels;
 * BENCH_EVENTS the events in every append (default: 1, 2 and 3 in turn).
 * Beside the rates it prints what each call cost PostgreSQL, from /proc: the CPU of this run's backends (by
 * application_name) and of the server's shared writers, per append and per raw insert.
 * --json prints the figures of every level as one JSON object, the last line.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../server/src/adapters/db/database';
import type { EventData, ExpectedRevision } from '../server/src/application/ports/event-store';
import { PostgresEventStore } from '../server/src/adapters/event-store/postgres-event-store';
import { cpuOf, cpuSince, SHARED_WRITERS } from './bench-cpu';

const STREAMS_PER_WRITER = 50;
const WARM_UP_MS = 500;
/** Each side's time is split into this many alternating slices. */
const ROUNDS = 10;

interface Row {
  writers: number;
  appendsPerSecond: number;
  eventsPerSecond: number;
  insertsPerSecond: number;
  /** PostgreSQL CPU per call, µs. */
  databaseCpuUsPerAppend: number;
  databaseCpuUsPerInsert: number;
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('bench:append needs a real PostgreSQL server: DATABASE_URL=postgres://user@host:5432/db npm run bench:append');
    return 1;
  }
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const levels = (process.env.BENCH_WRITERS ?? '1,8,32').split(',').map(Number);
  const eventsPerAppend = process.env.BENCH_EVENTS === undefined ? null : Number(process.env.BENCH_EVENTS);
  if (!(seconds > 0 && seconds <= 60) || levels.some((n) => !Number.isInteger(n) || n < 1 || n > 64)) {
    console.error('BENCH_SECONDS must be in (0, 60] and BENCH_WRITERS a list of integers in [1, 64]');
    return 1;
  }
  if (eventsPerAppend !== null && !(Number.isInteger(eventsPerAppend) && eventsPerAppend >= 1 && eventsPerAppend <= 100)) {
    console.error('BENCH_EVENTS must be an integer in [1, 100]');
    return 1;
  }

  const schema = `bench_append_${randomBytes(4).toString('hex')}`;
  // Every connection of this run carries the schema's name, so its PostgreSQL backends can be told apart.
  process.env.PGAPPNAME = schema;
  const database = await openDatabase({ url, schema, poolSize: Math.max(...levels) });
  try {
    const store = new PostgresEventStore(database);
    await store.init();
    await sql`create table bench_raw (id bigint generated always as identity primary key, payload jsonb not null)`.execute(database.kysely);
    const { rows } = await sql<{ version: string }>`select current_setting('server_version') as version`.execute(database.kysely);
    console.log(`PostgreSQL ${rows[0]!.version}, ${cpus().length} CPU cores on this machine, ${seconds} s per measurement, pool of ${Math.max(...levels)}`);
    console.log(`Appends: expected-revision appends of ${eventsPerAppend ?? '1–3'} events to per-player streams, each writer owning its streams.`);
    console.log('Raw: one single-row INSERT of a jsonb payload per call, autocommit.\n');

    const results: Row[] = [];
    for (const writers of levels) {
      const appenders = Array.from({ length: writers }, () => new Appender(store, eventsPerAppend));
      const append = (w: number): Promise<void> => appenders[w]!.next();
      const insert = (): Promise<unknown> => rawInsert(database);
      await measure(writers, WARM_UP_MS, append);
      await measure(writers, WARM_UP_MS, insert);
      // Alternate short slices so that load from other processes on a shared machine hits both sides alike.
      const totals = { appends: 0, appendSeconds: 0, appendCpu: 0, events: 0, inserts: 0, insertSeconds: 0, insertCpu: 0 };
      const databaseCpu = async () => {
        const { rows } = await sql<{ pid: number }>`
          select pid from pg_stat_activity where application_name = ${schema} or backend_type = any(${SHARED_WRITERS})`.execute(database.kysely);
        return cpuOf(rows.map((r) => r.pid));
      };
      const eventsWritten = (): number => appenders.reduce((sum, a) => sum + a.events, 0);
      for (let round = 0; round < ROUNDS; round++) {
        const eventsBefore = eventsWritten();
        const cpu0 = await databaseCpu();
        const a = await measure(writers, (seconds * 1000) / ROUNDS, append);
        const cpu1 = await databaseCpu();
        totals.events += eventsWritten() - eventsBefore;
        const b = await measure(writers, (seconds * 1000) / ROUNDS, insert);
        totals.appendCpu += cpuSince(cpu0, cpu1);
        totals.insertCpu += cpuSince(cpu1, await databaseCpu());
        totals.appends += a.count;
        totals.appendSeconds += a.seconds;
        totals.inserts += b.count;
        totals.insertSeconds += b.seconds;
      }
      results.push({
        writers,
        appendsPerSecond: totals.appends / totals.appendSeconds,
        eventsPerSecond: totals.events / totals.appendSeconds,
        insertsPerSecond: totals.inserts / totals.insertSeconds,
        databaseCpuUsPerAppend: (totals.appendCpu * 1e6) / totals.appends,
        databaseCpuUsPerInsert: (totals.insertCpu * 1e6) / totals.inserts,
      });
    }
    printTable(results);
    if (process.argv.includes('--json')) {
      process.stdout.write(`${JSON.stringify({ date: new Date().toISOString().slice(0, 10), seconds, byWriters: results.map((r) => ({ ...r, ratio: r.appendsPerSecond / r.insertsPerSecond })) })}\n`);
    }
    return 0;
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.kysely).catch((error: unknown) => {
      console.error(`Could not drop schema ${schema}:`, error);
    });
    await database.close();
  }
}

/** One writer: owns its streams, appends to them in turn and tracks each stream's revision. */
class Appender {
  readonly #streams = Array.from({ length: STREAMS_PER_WRITER }, () => ({ id: `player-${randomUUID()}`, revision: -1 }));
  #turn = 0;
  events = 0;

  /** `size`: the events in every append; null: 1, 2 and 3 in turn. */
  constructor(
    private readonly store: PostgresEventStore,
    private readonly size: number | null,
  ) {}

  async next(): Promise<void> {
    const stream = this.#streams[this.#turn % STREAMS_PER_WRITER]!;
    const size = this.size ?? (this.#turn % 3) + 1;
    this.#turn++;
    const expectedRevision: ExpectedRevision = stream.revision < 0 ? 'no_stream' : stream.revision;
    const result = await this.store.appendToStream(stream.id, handEvents(stream.id, size), { expectedRevision });
    stream.revision = result.nextExpectedRevision;
    this.events += size;
  }
}

function handEvents(streamId: string, count: number): EventData[] {
  const correlationId = randomUUID();
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type: i === 0 ? 'HandStarted' : 'CardDealt',
    data: { handId: correlationId, betSats: 25_000, card: { rank: 'Q', suit: 'hearts' }, seq: i },
    metadata: { correlationId, causationId: correlationId, userId: streamId },
  }));
}

function rawInsert(database: Database): Promise<unknown> {
  const correlationId = randomUUID();
  const payload = JSON.stringify({
    id: randomUUID(),
    type: 'HandStarted',
    data: { handId: correlationId, betSats: 25_000, card: { rank: 'Q', suit: 'hearts' }, seq: 0 },
    metadata: { correlationId, causationId: correlationId, userId: 'player-bench' },
  });
  return sql`insert into bench_raw (payload) values (${payload}::jsonb)`.execute(database.kysely);
}

/** Runs `writers` loops of `op` for `ms`; returns how many completed and how long it took. */
async function measure(writers: number, ms: number, op: (writer: number) => Promise<unknown>): Promise<{ count: number; seconds: number }> {
  let done = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (performance.now() < deadline) {
        await op(w);
        done++;
      }
    }),
  );
  return { count: done, seconds: (performance.now() - started) / 1000 };
}

function printTable(rows: Row[]): void {
  const header = ['writers', 'appends/s', 'events/s', 'raw inserts/s', 'ratio', 'database µs/append', 'database µs/insert'];
  const lines = rows.map((r) => [
    String(r.writers),
    r.appendsPerSecond.toFixed(0),
    r.eventsPerSecond.toFixed(0),
    r.insertsPerSecond.toFixed(0),
    `${(r.appendsPerSecond / r.insertsPerSecond).toFixed(2)}×`,
    r.databaseCpuUsPerAppend.toFixed(0),
    r.databaseCpuUsPerInsert.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]): string => `| ${cells.map((c, i) => c.padStart(widths[i]!)).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 1) + ':').join('|')}|`);
  for (const line of lines) console.log(format(line));
  if (!rows.some((r) => r.writers >= 8)) return;
  const below = rows.filter((r) => r.writers >= 8 && r.appendsPerSecond < 0.7 * r.insertsPerSecond);
  console.log(below.length === 0 ? '\nTarget met: ≥ 0.7× the raw baseline at 8+ writers.' : `\nBelow the 0.7× target at ${below.map((r) => r.writers).join(', ')} writers.`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
