/**
 * The event store on PostgreSQL: the same SQL on PGlite (embedded default) and on a real server.
 * Schema, ordering guarantee and stream naming: docs/event-store.md.
 */
import { PREPARED } from '../../projections/prepared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import {
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type Checkpoint,
  type EventData,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../application/ports/event-store';
import { CONDITION_FAILED, DUPLICATE_EVENT_ID, EVENT_STORE_DDL, WRONG_EXPECTED_REVISION } from './postgres-schema';

export interface PostgresEventStoreOptions {
  /** How often a caught-up subscription looks for events written by other processes (default 25 ms). */
  pollIntervalMs?: number;
  /** Events read per query by readAll without maxCount and by subscriptions (default 500). */
  batchSize?: number;
  /** Wait after a failed read before a subscription tries again (default 1000 ms). */
  retryDelayMs?: number;
  /** Close the Database too on close() (default false: read models usually share it). */
  closeDatabase?: boolean;
  /**
   * Appends (or groups of appends) on their way to the database at once; the ones that come meanwhile
   * go together in the next group (default 2).
   */
  appendsInFlight?: number;
}

interface PendingAppend {
  item: { streamId: string; expectedText: string; payload: string; condition: AppendOptions['condition'] };
  resolve: (row: AppendRow | undefined) => void;
  reject: (error: unknown) => void;
}

interface GroupRow {
  ord: number;
  next_revision: number | null;
  last_checkpoint: string | null;
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
  error_hint: string | null;
}

interface AppendRow {
  next_revision: number;
  last_checkpoint: string;
}

interface EventRow {
  stream_id: string;
  revision: number;
  position: number;
  transaction_id: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  /** Milliseconds since the epoch (a number: no date string to parse per row). */
  created_ms: number;
}

// Queries alias es_events as e and order by e.<column>: a bare name in ORDER BY would pick the text output column.
const EVENT_COLUMNS = sql`e.stream_id, e.revision, e.position, e.transaction_id::text as transaction_id, e.event_id::text as event_id, e.type, e.data, e.metadata,
  floor(extract(epoch from e.created_at) * 1000)::float8 as created_ms`;
const UNIQUE_VIOLATION = '23505';
const MAX_APPEND_ATTEMPTS = 20;
/** Appends in one group at most: each is a subtransaction, and PostgreSQL keeps 64 of those per transaction in shared memory. */
const MAX_GROUP = 32;
const CHECKPOINT = /^(\d{1,20}):(\d{1,19})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Appends wake this process's subscriptions on the same database at once instead of at the next poll. */
const wakers = new WeakMap<object, Set<() => void>>();

export class PostgresEventStore implements EventStore {
  readonly kind: 'postgres' | 'pglite';
  readonly #db: Kysely<unknown>;
  readonly #pollIntervalMs: number;
  readonly #batchSize: number;
  readonly #retryDelayMs: number;
  readonly #subscriptions = new Set<Subscription>();
  readonly #wakers: Set<() => void>;
  readonly #appendsInFlight: number;
  readonly #pending: PendingAppend[] = [];
  #inFlight = 0;

  constructor(
    private readonly database: Database,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.kind = database.kind;
    this.#db = database.kysely;
    this.#pollIntervalMs = options.pollIntervalMs ?? 25;
    this.#batchSize = options.batchSize ?? 500;
    this.#retryDelayMs = options.retryDelayMs ?? 1000;
    this.#appendsInFlight = options.appendsInFlight ?? 2;
    let set = wakers.get(database.kysely);
    if (!set) wakers.set(database.kysely, (set = new Set()));
    this.#wakers = set;
  }

  async init(): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      // Two processes starting together must not run the DDL at the same time.
      await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.es_init'))`.execute(trx);
      for (const statement of EVENT_STORE_DDL) await sql.raw(statement).execute(trx);
    });
  }

  async appendToStream(
    streamId: string,
    events: EventData[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    validateAppend(streamId, events, expected);
    const condition = options.condition;
    if (condition) validateCondition(streamId, condition);
    const payload = JSON.stringify(events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })));
    const expectedText = String(expected);
    const item = { streamId, expectedText, payload, condition };
    for (let attempt = 1; ; attempt++) {
      let row: AppendRow | undefined;
      try {
        row = await this.#grouped(item);
      } catch (error) {
        if ((error as { code?: unknown })?.code === CONDITION_FAILED && condition) {
          const detail = (error as { detail?: unknown }).detail;
          throw new WrongExpectedRevisionError(condition.streamId, condition.revision, typeof detail === 'string' && detail !== 'no_stream' ? Number(detail) : 'no_stream');
        }
        if ((error as { code?: unknown })?.code !== UNIQUE_VIOLATION) throw mapAppendError(error, streamId, expected);
        // The stream moved on, or these ids are stored already: a retry, a lost race, or a conflict.
        try {
          ({ rows: [row] } = await sql<AppendRow>`
            select next_revision, last_checkpoint from es_append_conflict(${streamId}, ${expectedText}, ${payload}::jsonb)`.execute(this.#db));
        } catch (conflict) {
          throw mapAppendError(conflict, streamId, expected);
        }
      }
      if (row) {
        for (const wake of this.#wakers) wake();
        return { nextExpectedRevision: row.next_revision, checkpoint: row.last_checkpoint };
      }
      // Only expected revision any / stream_exists get here: another append took the same revision first.
      if (attempt >= MAX_APPEND_ATTEMPTS) {
        throw new Error(`appendToStream(${streamId}): still racing other appends after ${attempt} attempts`);
      }
    }
  }

  /**
   * Group commit: an append is sent at once while fewer than `appendsInFlight` are on their way; the ones that
   * arrive meanwhile wait and go together, in one round trip and one transaction (`es_append_many`), as soon as
   * one comes back. Each keeps its own expected revision, condition and result: one that fails takes none of the
   * others with it. Under load the groups grow by themselves; alone, an append waits for nothing.
   */
  #grouped(item: PendingAppend['item']): Promise<AppendRow | undefined> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ item, resolve, reject });
      this.#sendPending();
    });
  }

  #sendPending(): void {
    while (this.#inFlight < this.#appendsInFlight && this.#pending.length > 0) {
      const group = this.#pending.splice(0, MAX_GROUP);
      this.#inFlight++;
      void this.#send(group).finally(() => {
        this.#inFlight--;
        this.#sendPending();
      });
    }
  }

  async #send(group: PendingAppend[]): Promise<void> {
    if (group.length === 1) {
      const [{ item, resolve, reject }] = group as [PendingAppend];
      const { streamId, expectedText, payload, condition } = item;
      try {
        const { rows } = await (condition
          ? sql<AppendRow>`
            select next_revision, last_checkpoint
              from es_append_if(${streamId}, ${expectedText}, ${payload}::jsonb, ${condition.streamId}, ${revisionOrNone(condition.revision)}::bigint)`
          : sql<AppendRow>`
            select next_revision, last_checkpoint from es_append(${streamId}, ${expectedText}, ${payload}::jsonb)`
        ).execute(this.#db);
        resolve(rows[0]);
      } catch (error) {
        reject(error);
      }
      return;
    }
    // One lock order for every group (by stream), so two groups on other connections never deadlock.
    group.sort((a, b) => (a.item.streamId < b.item.streamId ? -1 : a.item.streamId > b.item.streamId ? 1 : 0));
    const items = group.map(({ item: { streamId, expectedText, payload, condition } }) =>
      condition
        ? `{"s":${JSON.stringify(streamId)},"x":${JSON.stringify(expectedText)},"c":${JSON.stringify(condition.streamId)},"r":${revisionOrNone(condition.revision)},"v":${payload}}`
        : `{"s":${JSON.stringify(streamId)},"x":${JSON.stringify(expectedText)},"v":${payload}}`,
    );
    let rows: GroupRow[];
    try {
      ({ rows } = await sql<GroupRow>`
        select ord, next_revision, last_checkpoint, error_code, error_message, error_detail, error_hint
          from es_append_many(${`[${items.join(',')}]`}::jsonb)`.execute(this.#db));
    } catch (error) {
      for (const { reject } of group) reject(error);
      return;
    }
    group.forEach(({ resolve, reject }, index) => {
      const row = rows.find((r) => r.ord === index + 1);
      if (!row) reject(new Error('es_append_many: no answer for an append of the group'));
      else if (row.error_code !== null) {
        reject(Object.assign(new Error(row.error_message ?? row.error_code), { code: row.error_code, detail: row.error_detail ?? undefined, hint: row.error_hint ?? undefined }));
      } else resolve(row.next_revision === null ? undefined : { next_revision: row.next_revision, last_checkpoint: row.last_checkpoint! });
    });
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? null;
    if (limit !== null && (!Number.isInteger(limit) || limit < 0)) throw new RangeError(`readStream: maxCount must be a non-negative integer, got ${limit}`);
    if (limit === 0) return [];
    const from = options.fromRevision;
    if (from !== undefined && (!Number.isInteger(from) || from < 0)) throw new RangeError(`readStream: fromRevision must be a non-negative integer, got ${from}`);
    const query =
      options.direction === 'backwards'
        ? sql<EventRow>`select ${EVENT_COLUMNS} from es_events e
            where e.stream_id = ${streamId} and e.revision <= ${from ?? Number.MAX_SAFE_INTEGER}
            order by e.revision desc limit ${limit}`
        : sql<EventRow>`select ${EVENT_COLUMNS} from es_events e
            where e.stream_id = ${streamId} and e.revision >= ${from ?? 0}
            order by e.revision limit ${limit}`;
    const { rows } = await query.execute(this.#db);
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<ReadAllResult> {
    const after = options.after ?? null;
    const [xid, position] = after === null ? ['0', 0] : parseCheckpoint(after);
    const limit = options.maxCount ?? this.#batchSize;
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`readAll: maxCount must be a non-negative integer, got ${limit}`);
    // Only transactions older than every running one: their events are final, nothing can still appear before them.
    // Prepared once per connection: the projections read the log this way at every step.
    const { rows } = await sql<EventRow>`${sql.raw(PREPARED)}
      select ${EVENT_COLUMNS} from es_events e
       where (e.transaction_id, e.position) > (${xid}::xid8, ${position}::bigint)
         and e.transaction_id < (select pg_snapshot_xmin(pg_current_snapshot()))
       order by e.transaction_id, e.position
       limit ${limit}`.execute(this.#db);
    const events = rows.map(toRecordedEvent);
    return { events, checkpoint: events.at(-1)?.checkpoint ?? after };
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const onError = options.onError ?? ((error: unknown) => console.error('event-store subscription:', error));
    let checkpoint = options.after ?? null;
    let stopped = false;
    let appended = true; // read at once
    let wake: (() => void) | undefined;
    const waker = (): void => {
      appended = true;
      wake?.();
    };
    const sleep = (ms: number): Promise<void> =>
      new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done(): void {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    this.#wakers.add(waker);

    const loop = (async () => {
      while (!stopped) {
        appended = false;
        let batch: ReadAllResult;
        try {
          batch = await this.readAll({ after: checkpoint, maxCount: this.#batchSize });
        } catch (error) {
          if (stopped) break;
          onError(error);
          await sleep(this.#retryDelayMs);
          continue;
        }
        for (const event of batch.events) {
          if (stopped) break;
          try {
            await options.onEvent(event);
          } catch (error) {
            // The subscriber did not take this event; it resumes from its own checkpoint when it subscribes again.
            stopped = true;
            onError(error);
            break;
          }
          checkpoint = event.checkpoint;
        }
        if (!stopped && batch.events.length < this.#batchSize && !appended) await sleep(this.#pollIntervalMs);
      }
      this.#wakers.delete(waker);
    })();

    const subscription: Subscription = {
      stop: async () => {
        stopped = true;
        wake?.();
        await loop;
        this.#subscriptions.delete(subscription);
      },
    };
    this.#subscriptions.add(subscription);
    return subscription;
  }

  async headCheckpoint(options: { committed?: boolean } = {}): Promise<Checkpoint | null> {
    // Committed but not yet visible to readAll: a transaction older than it is still running (in any schema).
    const visible = options.committed ? sql`true` : sql`e.transaction_id < (select pg_snapshot_xmin(pg_current_snapshot()))`;
    const { rows } = await sql<{ transaction_id: string; position: number }>`
      select e.transaction_id::text as transaction_id, e.position from es_events e
       where ${visible}
       order by e.transaction_id desc, e.position desc
       limit 1`.execute(this.#db);
    const row = rows[0];
    return row ? `${row.transaction_id}:${row.position}` : null;
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.#db);
  }

  async close(): Promise<void> {
    await Promise.all([...this.#subscriptions].map((s) => s.stop()));
    if (this.options.closeDatabase) await this.database.close();
  }
}

function validateAppend(streamId: string, events: EventData[], expected: ExpectedRevision): void {
  if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('appendToStream: streamId must be a non-empty string');
  if (events.length === 0) throw new TypeError(`appendToStream(${streamId}): no events to append`);
  if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
    throw new RangeError(`appendToStream(${streamId}): expected revision must be a non-negative integer, got ${expected}`);
  }
  const ids = new Set<string>();
  events.forEach((event, index) => {
    if (!UUID.test(event.id)) throw new TypeError(`appendToStream(${streamId}): event ${index} id "${event.id}" is not a UUID`);
    if (ids.has(event.id.toLowerCase())) throw new TypeError(`appendToStream(${streamId}): event id ${event.id} appears twice in one append`);
    ids.add(event.id.toLowerCase());
    if (!event.type) throw new TypeError(`appendToStream(${streamId}): event ${index} has no type`);
  });
}

function validateCondition(streamId: string, condition: { streamId: string; revision: number | 'no_stream' }): void {
  if (typeof condition.streamId !== 'string' || condition.streamId.length === 0 || condition.streamId === streamId) {
    throw new TypeError(`appendToStream(${streamId}): the condition must name another, non-empty stream`);
  }
  if (condition.revision !== 'no_stream' && !(Number.isInteger(condition.revision) && condition.revision >= 0)) {
    throw new RangeError(`appendToStream(${streamId}): the condition's revision must be 'no_stream' or a non-negative integer, got ${String(condition.revision)}`);
  }
}

function mapAppendError(error: unknown, streamId: string, expected: ExpectedRevision): unknown {
  const e = error as { code?: unknown; detail?: unknown; hint?: unknown; message?: unknown };
  if (e?.code === WRONG_EXPECTED_REVISION) {
    const actual = e.detail === 'no_stream' || typeof e.detail !== 'string' ? 'no_stream' : Number(e.detail);
    const mapped = new WrongExpectedRevisionError(streamId, expected, actual);
    if (e.hint === 'already_stored') {
      mapped.message += ': some of these event ids are already stored; a retried append must repeat the original events and expected revision exactly';
    }
    return mapped;
  }
  if (e?.code === DUPLICATE_EVENT_ID) {
    return new Error(`appendToStream(${streamId}): ${String(e.message)}`, { cause: error });
  }
  return error;
}

/** A condition's revision as the SQL functions take it: -1 for a stream with no events. */
function revisionOrNone(revision: number | 'no_stream'): number {
  return revision === 'no_stream' ? -1 : revision;
}

function parseCheckpoint(checkpoint: Checkpoint): [string, number] {
  const match = CHECKPOINT.exec(checkpoint);
  if (!match) throw new TypeError(`Not a PostgreSQL event-store checkpoint: "${checkpoint}" (expected "<transaction id>:<position>")`);
  return [match[1]!, Number(match[2])];
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: row.revision,
    checkpoint: `${row.transaction_id}:${row.position}`,
    createdAt: new Date(row.created_ms).toISOString(),
  };
}
